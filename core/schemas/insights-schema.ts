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

export const AspectInsightSchema = z
  .object({
    id: AspectIdSchema,
    label: z.string(),
    mentions: PolarityCountsSchema,
    score: z.number().min(-1).max(1).nullable().meta({ description: '(positive − negative) / total mentions; null without mentions.' }),
    reviewCount: count.meta({ description: 'Reviews with at least one mention of the aspect.' }),
    trend: z.array(AspectTrendPointSchema).meta({ description: 'Per quarter, oldest first.' }),
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
    mentions: count.meta({ description: 'Reviews that mention the entity.' }),
    averageRating: z.number().min(0).max(5).nullable().meta({ description: 'Mean rating of those reviews, 2 decimals.' }),
    aspects: z.array(EntityAspectSchema),
    quotes: z.array(QuoteSchema),
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
    facts: z.array(z.object({ key: z.string(), value: z.union([z.number(), z.string()]), reviewIds: z.array(ReviewIdSchema).default([]) }).strict()),
  })
  .strict();

/** GET /insights.json */
export const InsightsDocumentSchema = z
  .object({
    version: z.literal('1.0.0'),
    updated: CalendarDateSchema.nullable(),
    method: z.object({ engine: z.string(), description: z.string() }).strict(),
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
