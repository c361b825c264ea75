import type { BusinessConfig } from '../schemas/business-schema.ts';
import { foldText } from '../search/fold-text.ts';

/** Finds catalog ids by the words people use: technician names and aliases, service names and keywords, towns. */
export interface CatalogLookup {
  technician: (name: string) => string | undefined;
  service: (name: string) => string | undefined;
  area: (name: string) => string | undefined;
  /** Service areas whose name appears in a text (an address, a review). */
  areasIn: (text: string) => string[];
  /** Technicians whose name or alias appears as a word in a text. */
  techniciansIn: (text: string) => string[];
  /** Services whose name or keyword appears in a text. */
  servicesIn: (text: string) => string[];
}

const norm = (s: string) =>
  foldText(s)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Builds the lookups once per business (they are used for every job and every review). */
export function createCatalogLookup(business: BusinessConfig): CatalogLookup {
  const table = (entries: [string, string[]][]) => {
    const map = new Map<string, string>();
    for (const [id, words] of entries) for (const w of [id, ...words]) if (!map.has(norm(w))) map.set(norm(w), id);
    return map;
  };
  const techs = table(business.technicians.map((t) => [t.id, [t.name, ...t.aliases]]));
  const services = table(business.services.map((s) => [s.id, [s.name, ...s.keywords]]));
  const areas = table(business.serviceAreas.map((a) => [a.id, [a.name]]));
  // Looks up every run of 1..n words of the text (n = the longest phrase), not every phrase in the text:
  // one pass per review however large the catalog.
  const findIn = (map: Map<string, string>) => {
    const longest = Math.max(1, ...[...map.keys()].map((k) => k.split(' ').length));
    return (text: string) => {
      const words = norm(text).split(' ');
      const found = new Set<string>();
      for (let i = 0; i < words.length; i++) {
        let phrase = '';
        for (let n = 0; n < longest && i + n < words.length; n++) {
          phrase = n === 0 ? words[i]! : `${phrase} ${words[i + n]}`;
          const id = map.get(phrase);
          if (id !== undefined && phrase !== '') found.add(id);
        }
      }
      return [...found].sort();
    };
  };
  return {
    technician: (name) => techs.get(norm(name)),
    service: (name) => services.get(norm(name)),
    area: (name) => areas.get(norm(name)),
    areasIn: findIn(areas),
    techniciansIn: findIn(techs),
    servicesIn: findIn(services),
  };
}
