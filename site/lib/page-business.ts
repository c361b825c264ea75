import type { Business } from '../../core/schemas/business-schema.ts';

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** ["Monday",…,"Friday"] → "Monday–Friday"; non-consecutive days are listed. */
export function formatDays(days: readonly string[]): string {
  const idx = days.map((d) => WEEK.indexOf(d as (typeof WEEK)[number])).sort((a, b) => a - b);
  const consecutive = idx.length > 2 && idx.every((d, i) => i === 0 || d === idx[i - 1]! + 1);
  return consecutive ? `${WEEK[idx[0]!]}–${WEEK[idx.at(-1)!]}` : idx.map((i) => WEEK[i]).join(', ');
}

/** "+1 970-555-0142" → "tel:+19705550142" (RFC 3966: visual separators dropped). */
export function telHref(telephone: string): string {
  return `tel:${telephone.replace(/[^+0-9]/g, '')}`;
}

/** One-line postal address, or null. */
export function formatAddress(address: Business['address']): string | null {
  if (!address) return null;
  const locality = [address.addressLocality, [address.addressRegion, address.postalCode].filter(Boolean).join(' ')].join(', ');
  return [address.streetAddress, locality].filter(Boolean).join(', ');
}

/** Role of a technician by id, from the public business data. */
export function technicianRole(business: Business, id: string): string | undefined {
  return business.technicians.find((t) => t.id === id)?.role;
}
