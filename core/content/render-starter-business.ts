/** What `npm run init` asks the owner. */
export interface StarterAnswers {
  name: string;
  url: string;
  telephone: string;
  towns: string[];
  services: string[];
  timeZone: string;
  locale: string;
}

/** A catalog id from a display name: "Roof Repair" → "roof-repair", "Coeur d'Alene" → "coeur-d-alene". */
export function slugOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'item'
  );
}

const entries = (names: readonly string[], extra: (name: string) => string) =>
  names.map((n) => `    { "id": ${JSON.stringify(slugOf(n))}, "name": ${JSON.stringify(n)}${extra(n)} }`).join(',\n');

/**
 * The starter business.json of a new content folder: the fields the site needs, each with a comment saying
 * what it is for, and nothing else. The aspect lexicon is left to the shared default (business-schema.ts).
 * Every value is written with JSON.stringify, so an answer can never break out of its string.
 */
export function renderStarterBusiness(a: StarterAnswers): string {
  return `// Your business, as the site shows it. Lines starting with // are comments.
// Every field is described in docs/content-format.md; "npm run build" checks this file.
{
  "name": ${JSON.stringify(a.name)},
  // Your own website; published with every review.
  "url": ${JSON.stringify(a.url)},
  "telephone": ${JSON.stringify(a.telephone)},
  // Review dates are calendar dates in this time zone (an IANA name such as "America/Boise").
  "timeZone": ${JSON.stringify(a.timeZone)},
  // How your spreadsheets write dates and numbers: en-US reads 3/2/2026 as March 2. ISO dates always work.
  "locale": ${JSON.stringify(a.locale)},
  // The towns you work in: a job or a review naming one is linked to it. Add "region": "ID" if you like.
  "serviceAreas": [
${entries(a.towns, () => '')}
  ],
  // What you do. "keywords" are the words customers use for it ("new roof" for a replacement).
  "services": [
${entries(a.services, () => ', "keywords": []')}
  ],
  // Your crew, first names only: { "id": "dave", "name": "Dave", "aliases": ["Big Dave"] }.
  "technicians": []
  // Also possible: "description", "email", "address", "openingHours", "sameAs", "priceRange", and "aspects"
  // (what reviews are analysed for; the shared default is used when absent).
}
`;
}
