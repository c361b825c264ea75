import { describe, expect, it } from 'vitest';
import { maskReplySurnames, toAuthorName } from '../../../../core/import/author-name.ts';
import { mapGoogleReview } from '../../../../core/import/map-google-review.ts';
import { parseReviewCsv } from '../../../../core/import/parse-review-csv.ts';
import { parseTrustpilot } from '../../../../core/import/parse-trustpilot.ts';
import { maskReplyNames } from '../../../../core/model/mask-reply-names.ts';
import { AuthorNameSchema } from '../../../../core/schemas/review-schema.ts';

const ctx = { timeZone: 'America/Denver' };

/** Every stored name must pass the schema, or the importers store "Anonymous" instead. */
const stored = (name: string): string => {
  const author = toAuthorName(name);
  expect(AuthorNameSchema.safeParse(author).success, `${name} → ${author}`).toBe(true);
  return author;
};

describe('author names: surnames that leaked (adversarial review)', () => {
  it('reads an e-mail address by the part before "@"', () => {
    expect(stored('rhonda.martinez@gmail.com')).toBe('Rhonda M.'); // was "Rhondamartinezgmailcom"
    expect(stored('rhonda_martinez84@gmail.com')).toBe('Rhonda M.');
    expect(stored('rhonda-martinez@gmail.com')).toBe('Rhonda M.');
    expect(stored('rhonda.martinez+reviews@gmail.com')).toBe('Rhonda M.'); // the "+tag" is no name
    expect(stored('rhonda.martinez.jr@gmail.com')).toBe('Rhonda M.');
    expect(stored('RHONDA.MARTINEZ@GMAIL.COM')).toBe('RHONDA M.');
    // One word may hold the surname whole ("rmartinez"), a lone letter may be either initial: initials only.
    expect(stored('rmartinez@gmail.com')).toBe('R.');
    expect(stored('rhondamartinez@gmail.com')).toBe('R.');
    expect(stored('r.martinez@gmail.com')).toBe('R. M.');
    expect(stored('martinez.r@gmail.com')).toBe('M. R.');
    expect(toAuthorName('12345@gmail.com')).toBe('Anonymous');
    expect(toAuthorName('_.-@gmail.com')).toBe('Anonymous');
    // An address beside a name adds nothing to it.
    expect(stored('Rhonda Martinez <rhonda.martinez@gmail.com>')).toBe('Rhonda M.');
  });

  it('splits parts joined by a dot, underscore, slash, middle dot, zero-width space, plus or digit', () => {
    for (const joined of [
      'Rhonda.Martinez',
      'Rhonda_Martinez',
      'Rhonda/Martinez',
      'Rhonda·Martinez',
      'Rhonda\u200BMartinez',
      'Rhonda+Martinez',
      'Rhonda2Martinez',
    ])
      expect(stored(joined), joined).toBe('Rhonda M.');
    expect(stored('rhonda.martinez')).toBe('Rhonda M.');
    expect(stored('Dr.Martinez')).toBe('Dr. M.');
    // Titles and suffixes written with dots stay whole.
    expect(stored('John Smith, Ph.D.')).toBe('John S.');
    expect(stored('Dr. Ana María García')).toBe('Ana G.');
    // The Catalan "l·l" is a letter pair inside one name.
    expect(stored('Gal·la Puig')).toBe('Galla P.');
  });

  it('splits two capitalised words written as one, not a name with a capital inside', () => {
    expect(stored('RhondaMartinez')).toBe('Rhonda M.');
    expect(stored('RhondaMARTINEZ')).toBe('Rhonda M.');
    expect(stored('RhondaMacKenzie')).toBe('Rhonda M.');
    expect(stored('DeShawnMartinez')).toBe('DeShawn M.');
    for (const name of [
      'McDonald',
      'MacKenzie',
      'DeShawn',
      'LeBron',
      "O'Brien",
      'LaToya',
      'DiCaprio',
      'VanDyke',
      'VonTrapp',
      'FitzGerald',
      'JaMarcus',
      'KeShawn',
    ])
      expect(stored(name), name).toBe(name);
    expect(stored('Mary McDonald')).toBe('Mary M.');
    expect(stored('Rhonda MacKenzie')).toBe('Rhonda M.');
    expect(stored('LeBron James')).toBe('LeBron J.');
    expect(stored("Pat O'Brien")).toBe('Pat O.');
  });

  it('keeps initials only for capitals first beside a word in lower case: the family name, or a first name, cannot be told', () => {
    // "MARTINEZ Rhonda" (family name first, French style) and "JOHN Smith" (a first name in capitals) look the same:
    // read as "family name in capitals", "JOHN Smith" was stored "Smith J." (a review of 2026-11-27).
    expect(stored('MARTINEZ Rhonda')).toBe('M. R.'); // was "MARTINEZ R."
    expect(stored('JOHN Smith')).toBe('J. S.');
    expect(stored('Smith, JOHN')).toBe('J. S.');
    expect(stored('KATE Smith-Jones')).toBe('K. S.');
    expect(stored('SARAH from Boulder')).toBe('S. F.');
    expect(stored('MARTINEZ Rhonda Jane')).toBe('M. R.');
    expect(stored('Mrs. MARTINEZ Rhonda')).toBe('M. R.');
    expect(stored('MARTINEZ GARCIA Rhonda')).toBe('M. G.');
    expect(stored('ИВАНОВ Иван')).toBe('И. И.');
  });

  it('keeps initials only for a Vietnamese name, family name first ("Nguyễn Văn An" kept Nguyễn)', () => {
    expect(stored('Nguyễn Văn An')).toBe('N. V.');
    expect(stored('Trần Thị Hương')).toBe('T. T.');
    expect(stored('Phạm Minh')).toBe('P. M.');
    expect(stored('Đặng')).toBe('Đặng'); // one name: nothing to hide
    expect(stored('Anh Nguyen')).toBe('Anh N.'); // no Vietnamese letter: read as given name first
  });

  it('takes capitals after a first name for the family name', () => {
    expect(stored('Rhonda MARTINEZ')).toBe('Rhonda M.');
    expect(stored('Jean-Luc PICARD')).toBe('Jean-Luc P.');
    // Every part in capitals: as before, the first is the first name.
    expect(stored('JOHN SMITH')).toBe('JOHN S.');
    // A suffix or title in capitals is no family name.
    expect(stored('Rhonda Martinez JR')).toBe('Rhonda M.');
    expect(stored('Rhonda Martinez MBA')).toBe('Rhonda M.');
    expect(stored('John Smith PHD')).toBe('John S.');
    expect(stored('John Smith III')).toBe('John S.');
    expect(stored('JR Smith')).toBe('JR S.');
    expect(stored('DR Martinez')).toBe('DR. M.'); // not "Martinez D."
    // Two capitals, or capitals without a vowel, may be initials ("AJ") or a short family name ("LI"): initials only.
    expect(stored('AJ Martinez')).toBe('A. M.');
    expect(stored('LI Wei')).toBe('L. W.');
    expect(stored('JRR Tolkien')).toBe('J. T.');
    expect(stored('Rhonda AJ Martinez')).toBe('Rhonda M.');
  });

  it('reads "Last, First, X" as First Last, whatever X is', () => {
    expect(stored('Smith, John, MBA')).toBe('John S.'); // was "Smith M."
    expect(stored('Martinez, Rhonda, CO')).toBe('Rhonda M.'); // was "Martinez C."
    expect(stored('Martinez, Rhonda, Boise, Idaho')).toBe('Rhonda M.');
    expect(stored('Martinez, Rhonda, RN, MBA')).toBe('Rhonda M.');
    expect(stored('John Smith, MBA')).toBe('John S.');
    // One comma, as before.
    expect(stored('Smith, John')).toBe('John S.');
    expect(stored('Mr, Smith')).toBe('Mr. S.');
  });
});

describe('owner replies at import: the surname, known only here', () => {
  it('masks each mention of the surname, with or without a title, keeping the title', () => {
    expect(maskReplySurnames('Thanks Mr. Cooper!', 'Bill Cooper')).toBe('Thanks Mr. C.!');
    expect(maskReplySurnames('Thanks Mrs. Martinez', 'Rhonda Martinez')).toBe('Thanks Mrs. M.');
    // A family by its surname in the plural (a review of 2026-11-27 found it published whole).
    expect(maskReplySurnames('Thanks to the Coopers for the coffee!', 'Bill Cooper')).toBe('Thanks to the C. for the coffee!');
    expect(maskReplySurnames('The Joneses were great hosts.', 'Ann Jones')).toBe('The J. were great hosts.');
    expect(maskReplySurnames('We fixed the coopers shed.', 'Bill Cooper')).toBe('We fixed the coopers shed.'); // a word, in lower case
    expect(maskReplySurnames('Dear Cooper family, thank you.', 'Bill Cooper')).toBe('Dear C. family, thank you.');
    expect(maskReplySurnames('The Cooper household was a pleasure.', 'Bill Cooper')).toBe('The C. household was a pleasure.');
    expect(maskReplySurnames('Thanks, Martinez! Cooper’s crew', 'Rhonda Martinez')).toBe('Thanks, M.! Cooper’s crew');
    expect(maskReplySurnames("Mr. Cooper's roof is done. Thanks Mr. Cooper.", 'Bill Cooper')).toBe("Mr. C.'s roof is done. Thanks Mr. C.");
    expect(maskReplySurnames('Thanks Ms Martínez, Dr. MARTINEZ, Mx. Martinez', 'Rhonda Martinez')).toBe('Thanks Ms M., Dr. M., Mx. M.');
    expect(maskReplySurnames('Thanks Miss Martinez-Lopez and Mrs. Lopez', 'Rhonda Martinez-Lopez')).toBe('Thanks Miss M.-L. and Mrs. L.');
    expect(maskReplySurnames('Thanks Mr. O’Brien', "Pat O'Brien")).toBe('Thanks Mr. O.');
  });

  it('masks the surname however the display name was written', () => {
    for (const name of ['MARTINEZ Rhonda', 'Martinez, Rhonda, CO', 'rhonda.martinez@gmail.com', 'RhondaMartinez', 'Dr. Rhonda Martinez Jr.'])
      expect(maskReplySurnames('Thanks Mrs. Martinez!', name), name).toBe('Thanks Mrs. M.!');
  });

  it('leaves a surname in lower case as a word, unless a title or "family" names it', () => {
    expect(maskReplySurnames('Thanks! The brown fence is next.', 'Rhonda Brown')).toBe('Thanks! The brown fence is next.');
    expect(maskReplySurnames('Thanks mrs. brown, and the brown family', 'Rhonda Brown')).toBe('Thanks mrs. B., and the B. family');
  });

  it('keeps the first name (the published name decides it) and every other word', () => {
    expect(maskReplySurnames('Thanks Rhonda!', 'Rhonda Martinez')).toBe('Thanks Rhonda!');
    expect(maskReplySurnames('Thanks Mr. Cooper!', 'Bill')).toBe('Thanks Mr. Cooper!');
    expect(maskReplySurnames('Thanks Mr. Cooper!', undefined)).toBe('Thanks Mr. Cooper!');
    expect(maskReplySurnames('Thanks for the Google review!', 'A Google User', true)).toBe('Thanks for the Google review!');
    expect(maskReplySurnames('Thanks Mr. Marx!', 'Rhonda Martinez')).toBe('Thanks Mr. Marx!');
  });

  it('stores every importer’s reply with the surname masked', () => {
    const csv = parseReviewCsv(
      [
        {
          path: 'r.csv',
          text: 'source_id,platform,date,rating,author,reply_text\n1,yelp,2025-02-14,5,Rhonda MARTINEZ,"Thanks Mrs. Martinez!"\n2,yelp,2025-02-14,5,rhonda.martinez@gmail.com,"Dear Martinez family"\n',
        },
      ],
      ctx,
    );
    expect(csv.issues).toEqual([]);
    expect(csv.reviews.map((r) => [r.fields.author, r.fields.ownerReply?.text])).toEqual([
      ['Rhonda M.', 'Thanks Mrs. M.!'],
      ['Rhonda M.', 'Dear M. family'],
    ]);
    const google = mapGoogleReview(
      {
        reviewId: 'g1',
        reviewer: { displayName: 'Bill Cooper' },
        starRating: 'FIVE',
        createTime: '2025-05-10T12:00:00Z',
        reviewReply: { comment: 'Thanks Mr. Cooper!' },
      },
      { file: 'g.json', path: 'reviews.0' },
      ctx,
      [],
    );
    expect(google?.fields.ownerReply?.text).toBe('Thanks Mr. C.!');
    const trustpilot = parseTrustpilot(
      [
        {
          path: 't.json',
          text: JSON.stringify({
            reviews: [
              {
                id: 't1',
                stars: 5,
                text: 'Great',
                createdAt: '2025-05-10T12:00:00Z',
                consumer: { displayName: 'Smith, John, MBA' },
                companyReply: { text: 'Thank you Mr. Smith.' },
              },
            ],
          }),
        },
      ],
      ctx,
    );
    expect(trustpilot.issues).toEqual([]);
    expect(trustpilot.reviews.map((r) => [r.fields.author, r.fields.ownerReply?.text])).toEqual([['John S.', 'Thank you Mr. S.']]);
  });
});

describe('owner replies from import to publish', () => {
  it('never publishes the surname, whatever the consent', () => {
    const name = 'Rhonda Martinez';
    const reply = 'Thanks Rhonda Martinez! Martinez is a name we will remember, Mrs. Martinez.';
    const stored = maskReplySurnames(reply, name);
    expect(stored).toBe('Thanks Rhonda M.! M. is a name we will remember, Mrs. M.');
    const author = toAuthorName(name);
    expect(maskReplyNames(stored, { author, consent: true })).toBe('Thanks Rhonda M.! M. is a name we will remember, Mrs. M.');
    expect(maskReplyNames(stored, { author })).toBe('Thanks R. M.! M. is a name we will remember, Mrs. M.');
  });
});
