import { z } from 'zod';
import { SlugSchema } from '../../schemas/primitives.ts';
import { ReviewSchema } from '../../schemas/review-schema.ts';
import { defineToolDescriptor } from '../tool-descriptor.ts';

export const getReviewDescriptor = defineToolDescriptor({
  name: 'get_review',
  title: 'One review by id',
  description:
    'Use when you already have a review id (from search_reviews, get_reviews_since, get_insights quotes or a ' +
    'reviews://reviews/{id} URI) and need that review in full: rating, date, text, author, technicians, services, ' +
    'area, verification and any owner reply.',
  inputSchema: z
    .object({ id: SlugSchema.max(80).meta({ description: 'Review id, e.g. r-2024-0412 (lower-case letters, digits and dashes).' }) })
    .strict(),
  outputSchema: z.object({ review: ReviewSchema }).strict(),
});
