import { z } from 'zod';
import { AggregateRatingSchema } from '../schemas/aggregate-rating-schema.ts';
import { ASPECT_IDS, AspectIdSchema } from '../schemas/business-schema.ts';
import { ShareIntervalSchema } from '../schemas/insights-schema.ts';
import { CalendarDateSchema, HttpUrlSchema, SlugSchema, StarRatingSchema } from '../schemas/primitives.ts';
import { ModerationRecordSchema } from '../schemas/moderation-schema.ts';
import { OwnerReplySchema } from '../schemas/review-schema.ts';
import { DisclosureShape } from '../schemas/disclosure-schema.ts';

/** How many newest reviews /widget.json carries: the most the widget's `limit` attribute asks for. */
export const WIDGET_REVIEW_COUNT = 10;
/** Longer review texts are cut at a word boundary (the permalink has the whole text). */
export const WIDGET_TEXT_MAX = 600;

export const WidgetReviewSchema = z
  .object({
    id: SlugSchema,
    date: CalendarDateSchema,
    rating: StarRatingSchema,
    title: z.string().min(1).optional(),
    text: z.string().meta({ description: `Review text, cut at a word boundary after at most ${WIDGET_TEXT_MAX} characters (see \`truncated\`).` }),
    truncated: z.boolean().meta({ description: 'True when `text` was cut; the full text is at `url`.' }),
    author: z.string().min(1),
    url: HttpUrlSchema.meta({ description: 'Permalink of the review on the business site.' }),
    ownerReply: OwnerReplySchema.optional(),
    // The review's disclosures (16 CFR 465: stated with the review), as the review's own fields: the widget states them
    // in the visitor's language (they were English sentences in a Spanish or French widget).
    ...DisclosureShape,
    // And as the English sentences earlier documents gave, for their readers: a widget.js cached from an earlier build
    // (both files may be a day stale at a CDN), or another reader of the field. A field is not removed within 1.x.
    disclosures: z
      .array(z.string().min(1))
      .min(1)
      .optional()
      .meta({
        description:
          "The review's disclosures (16 CFR 465) as English sentences to show with it: `relationship` and `incentive` as the site " +
          'says them. Absent when there is none. A reader that speaks another language states those two fields in its own words.',
      }),
  })
  .strict()
  .meta({ id: 'WidgetReview' });
export type WidgetReview = z.infer<typeof WidgetReviewSchema>;

export const WidgetAspectSchema = z
  .object({
    id: AspectIdSchema,
    label: z.string(),
    inWords: z.string().meta({
      description:
        'The aspect in one plain sentence, as /insights.json `aspects[].inWords` says it: the corrected share of negative ' +
        'opinions with its 90% interval and the number of opinions, or that there are not enough opinions yet.',
    }),
    opinions: z.int().min(0).meta({ description: 'Estimated opinions (positive + negative) on the aspect.' }),
    negativeShare: ShareIntervalSchema.nullable().meta({ description: 'As in /insights.json: null below the minimum of opinions.' }),
  })
  .strict()
  .meta({ id: 'WidgetAspect' });

export const WidgetInsightsSchema = z
  .object({
    url: HttpUrlSchema.meta({ description: 'Where the insights are shown in full (the home page’s section).' }),
    aspects: z.array(WidgetAspectSchema).max(ASPECT_IDS.length).meta({
      description: 'Every aspect of the business, in the home page’s order: those with a share first (most opinions first), then the rest.',
    }),
  })
  .strict()
  .meta({ id: 'WidgetInsights' });

/**
 * GET /widget.json: the small document the embeddable widget reads. The newest reviews are the
 * newest, whatever their rating: nothing here selects by stars or sentiment (16 CFR Part 465).
 */
export type WidgetInsights = z.infer<typeof WidgetInsightsSchema>;

export const WidgetDocumentSchema = z
  .object({
    version: z.literal('1.0.0'),
    updated: CalendarDateSchema.nullable(),
    business: z.object({ name: z.string().min(1) }).strict(),
    reviewsUrl: HttpUrlSchema.meta({ description: 'The page listing every review.' }),
    aggregateRating: AggregateRatingSchema,
    moderation: ModerationRecordSchema.optional().meta({
      description: 'The moderation record of /reviews.json (reviews received, published, unverified, withheld per reason), copied when it has one.',
    }),
    insights: WidgetInsightsSchema.optional().meta({
      description: 'What customers say about each aspect of the work, from /insights.json of the same build (absent in documents built before it).',
    }),
    reviews: z
      .array(WidgetReviewSchema)
      .max(WIDGET_REVIEW_COUNT)
      .meta({ description: `The ${WIDGET_REVIEW_COUNT} newest reviews, newest first, ties by id.` }),
  })
  .strict()
  .meta({ id: 'WidgetDocument' });
export type WidgetDocument = z.infer<typeof WidgetDocumentSchema>;
