import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../core/csv/parse-csv.ts';
import { parseGoogleApi } from '../../../../core/import/parse-google-api.ts';
import { mapRating, parseReviewCsv } from '../../../../core/import/parse-review-csv.ts';
import { parseTrustpilot } from '../../../../core/import/parse-trustpilot.ts';
import { toAuthorName } from '../../../../core/import/author-name.ts';
import { AuthorNameSchema } from '../../../../core/schemas/review-schema.ts';
import { detectLanguage } from '../../../../core/import/detect-language.ts';
import { originalComment } from '../../../../core/import/translated-comment.ts';
import { fixtureFiles } from '../../../helpers/import-fixtures.ts';

const ctx = { timeZone: 'America/Denver' };

describe('google-api', () => {
  it('reads reviews.list and batchGetReviews pages', () => {
    const { reviews, issues } = parseGoogleApi(fixtureFiles('google-api'), ctx);
    expect(issues).toEqual([]);
    expect(reviews.map((r) => [r.fields.author, r.fields.rating, r.fields.date])).toEqual([
      ['Rhonda M.', 5, '2025-05-10'],
      ['Bill T.', 4, '2025-06-05'],
      ['Grace L.', 5, '2025-07-01'],
    ]);
    expect(reviews[2]!.origin).toEqual({ file: 'page-2.json', record: 'AbCdEf-Grace-0003' });
  });

  it('refuses a file that is no reviews response', () => {
    const { issues } = parseGoogleApi([{ path: 'p.json', text: '{"items":[]}' }], ctx);
    expect(issues).toEqual([expect.objectContaining({ file: 'p.json', field: 'reviews' })]);
  });
});

describe('trustpilot', () => {
  const { reviews, issues } = parseTrustpilot(fixtureFiles('trustpilot'), ctx);

  it('maps stars, title, text, reply, name and language', () => {
    expect(issues).toEqual([]);
    const [olivia, pete] = reviews;
    expect(olivia!.fields).toMatchObject({ rating: 5, title: 'Fast storm repair', author: 'Olivia B.', language: 'en', date: '2025-03-02' });
    expect(olivia!.fields.ownerReply).toEqual({ text: 'Thanks Olivia!', date: '2025-03-04' });
    expect(olivia!.fields.source).toEqual({ platform: 'trustpilot', url: 'https://www.trustpilot.com/reviews/65f0c0ffee0000000000aaaa' });
    expect(pete!.fields).toMatchObject({ rating: 2, author: 'Pete K.', language: 'en' });
    expect(pete!.editedOn).toBe('2025-03-12');
  });

  it('maps the verification level Trustpilot reports', () => {
    expect(reviews[0]!.verification).toEqual({ status: 'verified', method: 'platform-verified', verifiedOn: '2025-03-02' });
    expect(reviews[1]!.verification).toMatchObject({ status: 'unverified', reason: expect.stringContaining('not-verified') });
  });

  it('names file, record and field of a bad review', () => {
    const bad = parseTrustpilot(
      [{ path: 't.json', text: JSON.stringify({ reviews: [{ id: 'TP-9', stars: 7, createdAt: '2025-01-01T00:00:00Z' }] }) }],
      ctx,
    );
    expect(bad.issues).toEqual([expect.objectContaining({ file: 't.json', recordId: 'TP-9', field: 'reviews.0.stars' })]);
  });
});

describe('csv template', () => {
  const { reviews, issues } = parseReviewCsv(
    fixtureFiles('').filter((f) => f.path === 'reviews.csv'),
    ctx,
  );

  it('maps every column of the template', () => {
    expect(issues).toEqual([]);
    const [nora, walt, ingrid] = reviews;
    expect(nora!.fields).toMatchObject({
      title: 'Great crew',
      author: 'Nora Q.',
      consent: true,
      rating: 5,
      ownerReply: { text: 'Thanks, Nora!', date: '2025-02-15' },
    });
    expect(nora!.fields.source).toEqual({ platform: 'yelp', url: 'https://www.yelp.com/biz/example-roofing?hrid=7Hq2Lk' });
    expect(walt!.fields).toMatchObject({
      rating: 5,
      consent: false,
      text: 'Handwritten card: "Kyle saved our gutters before the thaw."',
      source: { platform: 'paper' },
    });
    expect(ingrid!.fields).toMatchObject({ date: '2025-04-12', incentive: 'a $25 gift card, offered to every customer asked for a review' });
    expect(ingrid!.editedOn).toBe('2025-04-20');
  });

  it('maps rating scales linearly onto 1–5', () => {
    expect([1, 2, 3, 4, 5].map((r) => mapRating(String(r), 5))).toEqual([1, 2, 3, 4, 5]);
    expect(['1', '5', '6', '8', '9', '10'].map((r) => mapRating(r, 10))).toEqual([1, 3, 3, 4, 5, 5]);
    expect(mapRating('11', 10)).toBeNull();
    expect(mapRating('', 5)).toBeNull();
  });

  it('names file, line, record and field of a bad row', () => {
    const text = 'source_id,platform,date,rating\nA-1,yelp,2025-01-01,6\nA-2,myspace,2025-01-01,5\nA-3,yelp,01/02/2025,5\n';
    const bad = parseReviewCsv([{ path: 'r.csv', text }], ctx);
    expect(bad.issues).toEqual([
      expect.objectContaining({ file: 'r.csv', line: 2, recordId: 'A-1', field: 'rating' }),
      expect.objectContaining({ file: 'r.csv', line: 3, recordId: 'A-2', field: 'platform' }),
      expect.objectContaining({ file: 'r.csv', line: 4, recordId: 'A-3', field: 'date' }),
    ]);
    expect(parseReviewCsv([{ path: 'r.csv', text: 'id,text\n1,x\n' }], ctx).issues[0]!.message).toMatch(
      /missing column\(s\): source_id \(did you mean "id"\?\), platform, date, rating/,
    );
  });

  it('parses quoted fields with commas, quotes and line breaks, and counts lines', () => {
    const { records } = parseCsv('a,b\r\n"x, ""y""","two\nlines"\n\nz,w');
    expect(records).toEqual([
      { line: 2, fields: ['x, "y"', 'two\nlines'] },
      { line: 5, fields: ['z', 'w'] },
    ]);
    expect(() => parseCsv('a\n"open')).toThrow(/line 2/);
  });
});

describe('mapping helpers', () => {
  it('never keeps a surname', () => {
    expect(toAuthorName('Rhonda Martinez')).toBe('Rhonda M.');
    expect(toAuthorName('rhonda')).toBe('Rhonda');
    expect(toAuthorName('Mary Ann van der Berg')).toBe('Mary B.');
    expect(toAuthorName('🙂 42')).toBe('Anonymous');
    // Before: "Smith J." (the surname kept whole), "Dr G.", "John J.", "李" (a family name), "Siobhán G.".
    expect(toAuthorName('Smith, John')).toBe('John S.');
    expect(toAuthorName('Dr. Ana María García')).toBe('Ana G.');
    expect(toAuthorName('John Smith Jr.')).toBe('John S.');
    expect(toAuthorName('John Smith, Jr.')).toBe('John S.');
    expect(toAuthorName('Mr. Smith')).toBe('Mr. S.');
    expect(toAuthorName('李 小龙')).toBe('李. 小.');
    expect(toAuthorName('李小龙')).toBe('李.');
    expect(toAuthorName('김 민수')).toBe('김. 민.');
    expect(toAuthorName('Siobhán Nic Giolla')).toBe('Siobhán N.');
    // From the review of the first version: a lower-case title, two titles, a couple, suffixes after commas.
    expect(toAuthorName('mr smith')).toBe('Mr. S.');
    expect(toAuthorName('Mr, Smith')).toBe('Mr. S.');
    expect(toAuthorName('Mr. and Mrs. Smith')).toBe('Mr. S.');
    expect(toAuthorName('Prof. Dr. Hans Müller')).toBe('Hans M.');
    expect(toAuthorName('Smith, John, Jr.')).toBe('John S.');
    expect(toAuthorName('García, José, PhD')).toBe('José G.');
    expect(toAuthorName('山田太郎')).toBe('山.');
    expect(toAuthorName('ʻIolani Kealoha')).toBe('ʻIolani K.'); // was Anonymous: the ʻokina is a letter
    expect(AuthorNameSchema.safeParse('ʻIolani K.').success).toBe(true);
    for (const name of ['Smith, John', 'Mr. Smith', '李 小龙', 'Dr. Ana María García'])
      expect(AuthorNameSchema.safeParse(toAuthorName(name)).success, name).toBe(true);
    expect(toAuthorName('Zoë Ö’Brien')).toBe('Zoë Ö.');
    expect(toAuthorName('Someone', true)).toBe('Anonymous');
  });

  it('splits both forms of Google translations', () => {
    expect(originalComment('(Translated by Google) Good\n\n(Original)\nBueno')).toEqual({ text: 'Bueno', translated: true });
    expect(originalComment('Bueno\n\n(Translated by Google)\nGood')).toEqual({ text: 'Bueno', translated: true });
    expect(originalComment(undefined)).toEqual({ text: '', translated: false });
  });

  it('keeps the whole comment when "(Translated by Google)" is the reviewer\'s own words, not where Google puts it', () => {
    const complaint = 'Crew was late twice and left nails in the driveway.';
    const whole = (text: string) => expect(originalComment(text)).toEqual({ text: text.trim(), translated: false });
    // Inline in the text (the 2-star review that lost its complaint).
    whole(`Good price, but my neighbour's review said (Translated by Google) under it. ${complaint}`);
    // Opening the comment, with no "(Original)" paragraph below.
    whole(`(Translated by Google) is what my last review showed, so I write in English. ${complaint}`);
    // On a line of its own but not a paragraph of its own, or with nothing on one side of it.
    whole(`Good price.\n(Translated by Google)\n${complaint}`);
    whole(`Good price.\n\n(Translated by Google)\n`);
    whole(`(Translated by Google) Good\n\n(Original)\n`);
  });

  it("splits Google's layouts even when the reviewer's own text names the marker, keeping all of the original", () => {
    const original = 'La etiqueta (Translated by Google) no es mía. El equipo llegó tarde dos veces.';
    expect(originalComment(`${original}\n\n(Translated by Google)\nThe label (Translated by Google) is not mine. The crew was late twice.`)).toEqual({
      text: original,
      translated: true,
    });
    expect(originalComment(`(Translated by Google) The label is not mine.\n\n(Original)\n${original}`)).toEqual({ text: original, translated: true });
    // Two paragraphs of the original, the first ending in the marker's words: nothing of it is dropped.
    const twoParagraphs = 'Bueno.\n\n(Translated by Google)\nno lo escribí yo.';
    expect(originalComment(`${twoParagraphs}\n\n(Translated by Google)\nGood.\n\nI did not write it.`)).toEqual({
      text: twoParagraphs,
      translated: true,
    });
    expect(originalComment('(Translated by Google) Good\r\n\r\n(Original)\r\nBueno')).toEqual({ text: 'Bueno', translated: true });
  });

  it('labels common languages and admits when it cannot tell', () => {
    expect(detectLanguage('Muy buen trabajo, el equipo fue muy limpio')).toBe('es');
    expect(detectLanguage('Sehr gute Arbeit, das Dach ist dicht und wir sind zufrieden')).toBe('de');
    expect(detectLanguage('Super')).toBe('und');
  });
});
