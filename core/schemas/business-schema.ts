import { z } from 'zod';
import { DEFAULT_ASPECTS } from './default-aspects.ts';
import { HttpUrlSchema, SlugSchema } from './primitives.ts';
import { PullSourcesSchema } from './pull-sources-schema.ts';

/** The aspect ids that the insights engine reports on. Fixed by the product; labels and lexicon are content. */
export const ASPECT_IDS = ['workmanship', 'timeliness', 'communication', 'cleanup', 'price', 'professionalism', 'warranty', 'insurance'] as const;
export const AspectIdSchema = z.enum(ASPECT_IDS);
export type AspectId = z.infer<typeof AspectIdSchema>;

export const ServiceSchema = z
  .object({
    id: SlugSchema.meta({ examples: ['roof-replacement'] }),
    name: z.string().min(1),
    description: z.string().min(1).optional(),
    /** Words and phrases customers use for this service ("new roof" → roof-replacement). */
    keywords: z.array(z.string().min(1)).default([]),
  })
  .strict();
export type Service = z.infer<typeof ServiceSchema>;

export const TechnicianSchema = z
  .object({
    id: SlugSchema.meta({ examples: ['marco'] }),
    name: z.string().min(1).meta({ description: 'Display name: first name only.' }),
    role: z.string().min(1).optional(),
    /** Nicknames and spellings customers use ("Big Dave", "Tommy"). */
    aliases: z.array(z.string().min(1)).default([]),
  })
  .strict();
export type Technician = z.infer<typeof TechnicianSchema>;

export const ServiceAreaSchema = z.object({ id: SlugSchema, name: z.string().min(1), region: z.string().min(1).optional() }).strict();

export const AspectSchema = z
  .object({
    id: AspectIdSchema,
    label: z.string().min(1),
    description: z.string().min(1),
    /** Lexicon: terms and phrases that signal this aspect in review text (used by insights; not published). */
    terms: z.array(z.string().min(1)).default([]),
  })
  .strict();
export type Aspect = z.infer<typeof AspectSchema>;

export const PostalAddressSchema = z
  .object({
    streetAddress: z.string().min(1).optional(),
    addressLocality: z.string().min(1),
    addressRegion: z.string().min(1),
    postalCode: z.string().min(1).optional(),
    addressCountry: z.string().length(2),
  })
  .strict();

export const GeoSchema = z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).strict();

const DayOfWeek = z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be HH:MM (24 h)' });
export const OpeningHoursSchema = z.object({ days: z.array(DayOfWeek).min(1), opens: ClockTime, closes: ClockTime }).strict();

/** Fields of the business that are published in /reviews.json and by the MCP tool get_business. */
const publicBusinessShape = {
  name: z.string().min(1),
  description: z.string().min(1).optional(),
  url: HttpUrlSchema,
  telephone: z.string().regex(/^\+?[0-9 ().-]{7,20}$/, { message: 'must be a phone number' }),
  email: z.email().optional(),
  address: PostalAddressSchema.optional(),
  geo: GeoSchema.optional(),
  openingHours: z.array(OpeningHoursSchema).default([]),
  sameAs: z.array(HttpUrlSchema).default([]).meta({ description: 'Profiles of the business elsewhere.' }),
  priceRange: z.string().optional(),
  serviceAreas: z.array(ServiceAreaSchema).min(1),
  services: z.array(ServiceSchema).min(1),
  technicians: z.array(TechnicianSchema).default([]),
};

/** True when `zone` is an IANA time zone this runtime knows ("America/Denver"). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone review dates are reckoned in when sources give timestamps; UTC when business.json names none. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** True for a BCP 47 tag of a language and region Intl knows ("en-US", "de-DE", "fr-CA"). */
function isLocale(tag: string): boolean {
  if (!/^[a-z]{2,3}(-[A-Z][a-z]{3})?-([A-Z]{2}|\d{3})$/.test(tag)) return false;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length === 1;
  } catch {
    return false;
  }
}

/**
 * The business as written in content/business.json: public fields, the aspect inventory with its lexicon
 * (the shared default when absent), the time zone importers turn source timestamps into calendar dates
 * with, and the locale its spreadsheets write dates and numbers in (neither published).
 */
export const BusinessConfigSchema = z
  .object({
    ...publicBusinessShape,
    aspects: z
      .array(AspectSchema)
      .length(ASPECT_IDS.length)
      .default(() => structuredClone(DEFAULT_ASPECTS) as unknown as Aspect[]),
    locale: z
      .string()
      .refine(isLocale, { message: 'must be a language and region such as "en-US" or "de-DE"' })
      .optional()
      .meta({ description: 'How your spreadsheets write dates and numbers (en-US: 3/2/2026, de-DE: 02.03.2026). ISO dates are always read.' }),
    timeZone: z.string().refine(isTimeZone, { message: 'must be an IANA time zone such as "America/Denver"' }).default(DEFAULT_TIME_ZONE),
    /** Live sources and the jobs file of the pull loop (docs/import.md#connect-once); not published. */
    pull: PullSourcesSchema.optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    for (const key of ['serviceAreas', 'services', 'technicians', 'aspects'] as const) {
      const seen = new Set<string>();
      b[key].forEach((item, i) => {
        if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [key, i, 'id'], message: `duplicate id "${item.id}"` });
        seen.add(item.id);
      });
    }
  });
export type BusinessConfig = z.infer<typeof BusinessConfigSchema>;

/** The business as published: the aspect inventory without its lexicon. */
export const BusinessSchema = z
  .object({
    ...publicBusinessShape,
    aspects: z.array(AspectSchema.omit({ terms: true })),
  })
  .strict()
  .meta({ id: 'Business', description: 'The business whose reviews are published.' });
export type Business = z.infer<typeof BusinessSchema>;
