import type { Business } from '../schemas/business-schema.ts';
import type { EntityRef } from '../schemas/primitives.ts';
import { foldText } from './fold-text.ts';

type Roster = Pick<Business, 'technicians'>['technicians'];

/**
 * Folded names a mentioned technician answers to: its id, the display name on the review, and the
 * display name and aliases of the roster entry with the same id (the roster in reviews.json).
 */
export function technicianKeys(ref: EntityRef, roster: Roster): string[] {
  const entry = roster.find((t) => t.id === ref.id);
  const names = [ref.id, ref.name, ...(entry ? [entry.name, ...entry.aliases] : [])];
  return [...new Set(names.map(foldText))];
}

/** mentions_technician: the value, folded, equals a key of one of the review's technicians. */
export function mentionsTechnician(technicians: readonly EntityRef[], value: string, roster: Roster): boolean {
  const wanted = foldText(value);
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
