import type {
  AggregateRating as SchemaAggregateRating,
  DayOfWeek,
  OpeningHoursSpecification,
  Review as SchemaReview,
  RoofingContractor,
  WithContext,
} from 'schema-dts';
import type { SiteModel } from '../../core/model/build-site-model.ts';
import type { Review } from '../../core/schemas/review-schema.ts';
import { reviewArchivePath } from '../../core/model/review-permalink.ts';

function reviewLd(baseUrl: string, review: Review): SchemaReview {
  return {
    '@type': 'Review',
    '@id': `${baseUrl}${reviewArchivePath(review.date)}#${review.id}`,
    url: `${baseUrl}${reviewArchivePath(review.date)}#${review.id}`,
    datePublished: review.date,
    author: { '@type': 'Person', name: review.author },
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    ...(review.title !== undefined && { name: review.title }),
    ...(review.text.trim() !== '' && { reviewBody: review.text }),
    inLanguage: review.language,
  };
}

function openingHoursLd(model: SiteModel): OpeningHoursSpecification[] {
  return model.business.openingHours.map((h) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: h.days.map((d) => `https://schema.org/${d}` as DayOfWeek),
    opens: h.opens,
    closes: h.closes,
  }));
}

/**
 * schema.org `RoofingContractor` for the home page: contact, areas, services, the aggregate rating and
 * the reviews the page shows (Google's review-snippet guidelines: mark up only reviews visible on the page).
 */
export function buildBusinessJsonLd(model: SiteModel, shown: readonly Review[]): WithContext<RoofingContractor> {
  const b = model.business;
  const rating = model.aggregateRating;
  const aggregate: SchemaAggregateRating | undefined =
    rating.count > 0
      ? { '@type': 'AggregateRating', ratingValue: rating.average, reviewCount: rating.count, bestRating: 5, worstRating: 1 }
      : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'RoofingContractor',
    '@id': `${model.baseUrl}/#business`,
    name: b.name,
    ...(b.description && { description: b.description }),
    url: b.url,
    telephone: b.telephone,
    ...(b.email && { email: b.email }),
    ...(b.address && { address: { '@type': 'PostalAddress', ...b.address } }),
    ...(b.geo && { geo: { '@type': 'GeoCoordinates', latitude: b.geo.latitude, longitude: b.geo.longitude } }),
    ...(b.openingHours.length > 0 && { openingHoursSpecification: openingHoursLd(model) }),
    ...(b.sameAs.length > 0 && { sameAs: b.sameAs }),
    ...(b.priceRange && { priceRange: b.priceRange }),
    areaServed: b.serviceAreas.map((a) => ({ '@type': 'City', name: a.region ? `${a.name}, ${a.region}` : a.name })),
    makesOffer: b.services.map((s) => ({
      '@type': 'Offer',
      itemOffered: { '@type': 'Service', name: s.name, ...(s.description && { description: s.description }) },
    })),
    ...(aggregate && { aggregateRating: aggregate }),
    ...(shown.length > 0 && { review: shown.map((r) => reviewLd(model.baseUrl, r)) }),
  };
}

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for an inline `<script type="application/ld+json">`. Every `<`, `>` and `&` is written as a JSON
 * unicode escape, so no string in the data (a review saying `</script><script>…`) can end the script
 * element or open a comment: the output contains no markup at all, and JSON.parse gives back the data.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => UNSAFE_IN_SCRIPT[c]!);
}
