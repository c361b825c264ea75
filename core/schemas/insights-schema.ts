import { z } from 'zod';
import { AspectIdSchema } from './business-schema.ts';
import { ModerationRecordSchema } from './moderation-schema.ts';
import { CalendarDateSchema, SlugSchema } from './primitives.ts';

export const PolaritySchema = z.enum(['positive', 'negative', 'neutral']);
export type Polarity = z.infer<typeof PolaritySchema>;

const count = z.int().min(0);
const ReviewIdSchema = SlugSchema;

/** An extract of one review, cited by id, that supports a figure. */
export const QuoteSchema = z
  .object({
    reviewId: ReviewIdSchema,
    text: z.string().min(1).meta({ description: 'Exact sentence or clause taken from the review text.' }),
    polarity: PolaritySchema,
    rating: z.int().min(1).max(5),
    date: CalendarDateSchema,
  })
  .strict()
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof QuoteSchema>;

export const PolarityCountsSchema = z.object({ positive: count, negative: count, neutral: count, total: count }).strict();

/** Quarter label such as "2024-Q3". */
export const PeriodSchema = z.string().regex(/^\d{4}-Q[1-4]$/);

export const AspectTrendPointSchema = z
  .object({ period: PeriodSchema, positive: count, negative: count, neutral: count, score: z.number().min(-1).max(1).nullable() })
  .strict();

const fraction = z.number().min(0).max(1);

/** An estimated share with its interval, as fractions (0–1). */
export const ShareIntervalSchema = z
  .object({
    estimate: fraction,
    low: fraction.meta({ description: 'Lower end of the 90% interval.' }),
    high: fraction.meta({ description: 'Upper end of the 90% interval.' }),
  })
  .strict()
  .meta({
    id: 'ShareInterval',
    description:
      'An estimate corrected for the reader’s measured errors, with a 90% interval from a seeded bootstrap that carries both the ' +
      'sampling of the reviews and the uncertainty of the measured error rates.',
  });
export type ShareInterval = z.infer<typeof ShareIntervalSchema>;

/** Period label of a share trend: a quarter ("2024-Q3"), a half-year ("2024-H2") or a year ("2024"). */
export const TrendPeriodSchema = z.string().regex(/^\d{4}(-Q[1-4]|-H[12])?$/);

export const ShareTrendSchema = z
  .object({
    granularity: z.enum(['quarter', 'half-year', 'year']).meta({ description: 'The finest periods in which every point has enough opinions.' }),
    direction: z.enum(['improving', 'declining', 'steady']).meta({
      description:
        'Last point against the first: improving or declining only when their intervals do not overlap; steady means no change ' +
        'the intervals can tell apart (the points may still move: the site says "no clear change").',
    }),
    points: z.array(z.object({ period: TrendPeriodSchema, opinions: count, negativeShare: ShareIntervalSchema }).strict()),
  })
  .strict()
  .meta({ id: 'ShareTrend' });
export type ShareTrend = z.infer<typeof ShareTrendSchema>;

export const AspectInsightSchema = z
  .object({
    id: AspectIdSchema,
    label: z.string(),
    mentions: PolarityCountsSchema.meta({
      description: 'Raw counts: sentences the reader reads as positive, negative or neutral about the aspect (uncorrected; see opinions).',
    }),
    opinions: z
      .object({
        estimate: count.meta({ description: 'Estimated opinions (positive + negative); neutral mentions are not opinions.' }),
        positive: count,
        negative: count,
      })
      .strict()
      .meta({ description: 'Opinions on the aspect, estimated: the reader’s probabilities corrected for its measured errors (PACC), rounded.' }),
    negativeShare: ShareIntervalSchema.nullable().meta({
      description:
        'Negative ÷ (positive + negative) opinions, corrected, with its 90% interval. null below 30 estimated opinions ' +
        '("not enough opinions yet") or when the reader was not measured on this aspect.',
    }),
    inWords: z.string().meta({ description: 'The share in plain words, e.g. "about half of 54 opinions on cleanup are negative (38–66%)".' }),
    score: z
      .number()
      .min(-1)
      .max(1)
      .nullable()
      .meta({
        description:
          '(positive − negative) / total mentions, from the raw counts (uncorrected); null without mentions, and null where ' +
          'negativeShare is null (below the minimum of opinions a raw score is noise).',
      }),
    reviewCount: count.meta({ description: 'Reviews with at least one mention of the aspect.' }),
    trend: z.array(AspectTrendPointSchema).meta({
      description:
        'Raw mention counts per quarter, oldest first (uncorrected; see shareTrend). A quarter’s score is null when it has fewer ' +
        'positive and negative mentions than the minimum of opinions.',
    }),
    shareTrend: ShareTrendSchema.nullable().meta({
      description: 'The corrected negative share over the last four periods; null when no granularity gives every period enough opinions.',
    }),
    quotes: z.object({ positive: z.array(QuoteSchema), negative: z.array(QuoteSchema) }).strict(),
  })
  .strict()
  .meta({ id: 'AspectInsight' });
export type AspectInsight = z.infer<typeof AspectInsightSchema>;

export const EntityAspectSchema = z.object({ id: AspectIdSchema, positive: count, negative: count, neutral: count }).strict();

export const EntityInsightSchema = z
  .object({
    id: SlugSchema,
    name: z.string(),
    mentions: count.meta({
      description:
        'Reviews that mention the entity: by name in their text, or through the job record the review was matched to (the ' +
        'published review lists it either way; see the summary for how many of a standout technician’s come from each).',
    }),
    averageRating: z.number().min(0).max(5).nullable().meta({ description: 'Mean rating of those reviews, 2 decimals.' }),
    aspects: z.array(EntityAspectSchema),
    quotes: z.array(QuoteSchema),
    unquoted: z.array(z.enum(['positive', 'negative'])).meta({
      description:
        'The sides (positive, negative) that `aspects` counts readings of but `quotes` shows none of. A quote is a sentence ' +
        'that names the entity, that the reader is sure of (surer for a complaint than for praise) and reads one way only, ' +
        'from a review without a disclosure, at most one per review; `aspects` also counts sentences that do not name it ' +
        '(the whole review when none does, as for a technician linked only by the job record; always for a service area). ' +
        'So quotes alone can read as praise only while reviews complain: when this names a side, say that side has readings ' +
        'but no quote, and read the reviews (search) for what they say. Empty when every side read is quoted.',
    }),
  })
  .strict()
  .meta({ id: 'EntityInsight' });
export type EntityInsight = z.infer<typeof EntityInsightSchema>;

export const TopicSchema = z
  .object({
    id: SlugSchema,
    phrase: z.string().min(1),
    count: count.meta({ description: 'Reviews that contain the phrase.' }),
    averageRating: z.number().min(0).max(5).nullable(),
    sentiment: z
      .object({ positive: count, negative: count, neutral: count })
      .strict()
      .meta({ description: 'Reviews using the phrase, by how the engine reads the sentence that uses it.' }),
    trend: z.array(z.object({ period: PeriodSchema, count }).strict()),
    reviewIds: z.array(ReviewIdSchema).meta({ description: 'Example reviews, newest first.' }),
  })
  .strict()
  .meta({ id: 'Topic' });

export const FaqEntrySchema = z
  .object({
    id: SlugSchema,
    question: z.string().min(1),
    answer: z.string().min(1).meta({ description: 'Answer drawn only from review evidence.' }),
    evidence: z.object({ reviewCount: count, positive: count, negative: count }).strict(),
    reviewIds: z.array(ReviewIdSchema).min(1),
  })
  .strict()
  .meta({ id: 'FaqEntry' });

export const SummarySchema = z
  .object({
    text: z.string().min(1),
    facts: z
      .array(
        z.object({ key: z.string(), value: z.union([z.number(), z.string(), z.null()]), reviewIds: z.array(ReviewIdSchema).default([]) }).strict(),
      )
      .meta({
        description:
          'Every figure in the text with the reviews behind it. topComplaint and mostPraised name an aspect id only when it is the worst ' +
          '(best) in at least 80% of the bootstrap replicates with at least 5 estimated negative (positive) opinions; otherwise null.',
      }),
  })
  .strict();

/** GET /insights.json */
export const InsightsDocumentSchema = z
  .object({
    version: z.literal('1.0.0'),
    updated: CalendarDateSchema.nullable().meta({
      description:
        "When the reviews it is drawn from last changed: the newest date they carry (written, edited, verified or replied to), as reviews.json's `updated`; null without reviews.",
    }),
    method: z
      .object({
        engine: z.string(),
        description: z.string(),
        reader: z.string().meta({ description: 'Reader version and the fingerprint of its feature definitions.' }),
        calibration: z.string(),
        quantifier: z.string().meta({
          description:
            "How shares are corrected for the reader's measured errors, and what the intervals carry: the spread of the error between writers, the factor it is drawn at so that every training writer is covered, and the part of it that moves all aspects of a business together (that part leaves each interval as wide and does not decide which aspect is worst).",
        }),
        intervalLevel: fraction,
        minOpinions: count.meta({ description: 'Below this many estimated opinions no share is published.' }),
        quotes: z.string().meta({ description: 'How quotes are chosen: only readings whose calibrated confidence passes the quote threshold.' }),
      })
      .strict(),
    reviewCount: count,
    aspects: z.array(AspectInsightSchema),
    entities: z
      .object({ technicians: z.array(EntityInsightSchema), services: z.array(EntityInsightSchema), serviceAreas: z.array(EntityInsightSchema) })
      .strict(),
    topics: z.array(TopicSchema),
    faq: z.array(FaqEntrySchema),
    summary: SummarySchema,
    moderation: ModerationRecordSchema,
  })
  .strict()
  .meta({ id: 'InsightsDocument' });
export type InsightsDocument = z.infer<typeof InsightsDocumentSchema>;
