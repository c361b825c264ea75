import type { Business } from '../schemas/business-schema.ts';
import type { EntityRef } from '../schemas/primitives.ts';
import { foldName } from './fold-text.ts';

type Roster = Pick<Business, 'technicians'>['technicians'];
type RosterEntry = Roster[number];

/** Folded names a roster entry answers to: its id, display name and aliases. */
function rosterKeys(entry: RosterEntry): string[] {
  return [entry.id, entry.name, ...entry.aliases].map(foldName);
}

/**
 * Folded names a mentioned technician answers to: its id, the display name on the review, and the
 * display name and aliases of the roster entry with the same id (the roster in reviews.json).
 */
export function technicianKeys(ref: EntityRef, roster: Roster): string[] {
  const entry = roster.find((t) => t.id === ref.id);
  return [...new Set([foldName(ref.id), foldName(ref.name), ...(entry ? rosterKeys(entry) : [])])];
}

/**
 * The roster entry a name means (id, display name or alias, folded): the MCP prompts' lookup. It answers
 * with the entry whose keys the `mentions_technician` filter compares, so both mean the same person.
 */
export function findTechnician<T extends RosterEntry>(roster: readonly T[], name: string): T | undefined {
  const wanted = foldName(name);
  return roster.find((entry) => rosterKeys(entry).includes(wanted));
}

/** mentions_technician: the value, folded, equals a key of one of the review's technicians. */
export function mentionsTechnician(technicians: readonly EntityRef[], value: string, roster: Roster): boolean {
  const wanted = foldName(value);
  return technicians.some((t) => technicianKeys(t, roster).includes(wanted));
}

/** The key mentions_service compares: service ids are slugs, matched case-insensitively. */
export function serviceKey(id: string): string {
  return id.toLowerCase();
}

/** mentions_service: one of the review's services has this id (case-insensitive). */
export function mentionsService(services: readonly EntityRef[], value: string): boolean {
  const wanted = serviceKey(value);
  return services.some((s) => serviceKey(s.id) === wanted);
}
