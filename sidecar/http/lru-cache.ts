/** A least-recently-used map bounded by entry count and by total weight (bytes). */
export class LruCache<V> {
  readonly #map = new Map<string, { value: V; weight: number }>();
  readonly #maxEntries: number;
  readonly #maxWeight: number;
  #weight = 0;

  constructor(maxEntries: number, maxWeight: number) {
    this.#maxEntries = maxEntries;
    this.#maxWeight = maxWeight;
  }

  get(key: string): V | undefined {
    const hit = this.#map.get(key);
    if (!hit) return undefined;
    this.#map.delete(key);
    this.#map.set(key, hit);
    return hit.value;
  }

  /** Stores a value (replacing any); a value heavier than the whole cache is not kept. */
  set(key: string, value: V, weight: number): void {
    this.delete(key);
    if (weight > this.#maxWeight || this.#maxEntries === 0) return;
    this.#map.set(key, { value, weight });
    this.#weight += weight;
    this.#evict();
  }

  /** Changes the weight of an entry in place (its variants grew), evicting others if needed. */
  reweigh(key: string, weight: number): void {
    const hit = this.#map.get(key);
    if (!hit) return;
    this.#weight += weight - hit.weight;
    hit.weight = weight;
    this.#evict();
  }

  delete(key: string): void {
    const hit = this.#map.get(key);
    if (!hit) return;
    this.#map.delete(key);
    this.#weight -= hit.weight;
  }

  get size(): number {
    return this.#map.size;
  }

  get weight(): number {
    return this.#weight;
  }

  #evict(): void {
    for (const [key] of this.#map) {
      if (this.#map.size <= this.#maxEntries && this.#weight <= this.#maxWeight) break;
      this.delete(key);
    }
  }
}
