import { z } from 'zod';

/** True when `value` is a real calendar date written `YYYY-MM-DD` (rejects 2023-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]!;
  return d <= days;
}

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** A calendar date, `YYYY-MM-DD`, that exists in the Gregorian calendar. */
export const CalendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date written YYYY-MM-DD', abort: true }) // one message for "2025-3-7", not two
  .refine(isCalendarDate, { message: 'must be a real calendar date (e.g. 2023-02-30 does not exist)' })
  .meta({ format: 'date', description: 'Calendar date, YYYY-MM-DD.', examples: ['2024-05-17'] });

/** A lower-case slug used for stable ids (reviews, services, technicians, areas). */
export const SlugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, { message: 'must be a lower-case id: letters, digits and dashes' });

export const HttpUrlSchema = z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' }).meta({ format: 'uri' });

export const StarRatingSchema = z.int().min(1).max(5).meta({ description: 'Star rating, integer 1 to 5.' });

/** A reference to a catalog entry, as published: the stable id plus its display name. */
export const EntityRefSchema = z.object({ id: SlugSchema, name: z.string().min(1) }).strict();
export type EntityRef = z.infer<typeof EntityRefSchema>;
