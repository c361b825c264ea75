import type { BusinessConfig } from '../schemas/business-schema.ts';
import { foldName } from './person-name.ts';

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

const norm = (s: string) => foldName(s).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

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
  const findIn = (map: Map<string, string>) => (text: string) => {
    const padded = ` ${norm(text)} `;
    const found = new Set<string>();
    for (const [words, id] of map) if (words !== '' && padded.includes(` ${words} `)) found.add(id);
    return [...found].sort();
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
