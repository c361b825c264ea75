import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foreignBuildReason, projectContentDir } from '../../../../core/build/content-dir-guard.ts';
import { parseBusiness } from '../../../../core/content/parse-content.ts';
import { renderStarterBusiness } from '../../../../core/content/render-starter-business.ts';
import { maskReplyNames, replyUndoesInitials } from '../../../../core/model/mask-reply-names.ts';
import { DEFAULT_ASPECTS } from '../../../../core/schemas/default-aspects.ts';
import { setEnvLine } from '../../../../core/text/set-env-line.ts';
import { applyModerationDecision, ModerationDecisionSchema } from '../../../../core/verify/moderation-decision.ts';
import { planRecheck } from '../../../../core/verify/plan-recheck.ts';
import { SAMPLE_CONTENT } from '../../../helpers/build-fixture.ts';

const verified = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  date: '2026-03-10',
  rating: 5,
  text: 'Great job',
  author: 'Ann L.',
  source: { platform: 'google' },
  language: 'en',
  verification: { status: 'verified', method: 'job-match', verifiedOn: '2026-03-12', reference: `JOB-${id}` },
  ...extra,
});
const job = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  customer: 'Ann Lee',
  completedOn: '2026-03-02',
  technicians: [],
  services: [],
  ...extra,
});

describe('verify --recheck', () => {
  const file = {
    path: 'reviews/2026.jsonl',
    text: `${[
      verified('a', { technicians: ['marko'], services: ['roof-repair'] }),
      verified('b', { technicians: ['dave'] }),
      verified('c'),
      { ...verified('d'), verification: { status: 'unverified', reason: 'x' } },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n')}\n`,
  };

  it("replaces technicians, services and area of job-matched reviews with their job's, and reports each change", () => {
    const plan = planRecheck(
      [file],
      [
        job('JOB-a', { technicians: ['marco'], services: ['roof-repair'], serviceArea: 'boise' }),
        job('JOB-b', { technicians: ['dave'] }),
        job('JOB-d', { technicians: ['luis'] }),
      ],
    );
    expect(plan.changes).toEqual([
      { reviewId: 'a', jobId: 'JOB-a', field: 'technicians', from: '[marko]', to: '[marco]' },
      { reviewId: 'a', jobId: 'JOB-a', field: 'serviceArea', from: '(none: read from the text)', to: 'boise' },
    ]);
    expect(plan.missingJobs).toEqual([{ reviewId: 'c', jobId: 'JOB-c' }]);
    const lines = plan.files[0]!.text.split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ technicians: ['marco'], services: ['roof-repair'], serviceArea: 'boise' });
    expect(lines.slice(1)).toEqual(file.text.split('\n').slice(1));
  });

  it('changes nothing when the jobs agree', () => {
    const plan = planRecheck(
      [file],
      [job('JOB-a', { technicians: ['marko'], services: ['roof-repair'] }), job('JOB-b', { technicians: ['dave'] }), job('JOB-c')],
    );
    expect(plan).toEqual({ files: [], changes: [], missingJobs: [] });
  });
});

describe('npm run moderate decisions', () => {
  const raw = { ...verified('a'), verification: { status: 'unverified', reason: 'no job' } };

  it('records each decision with its reason code', () => {
    expect(applyModerationDecision(raw, { action: 'verify', reason: 'phone-confirmed' }, '2026-04-01').verification).toEqual({
      status: 'verified',
      method: 'phone-confirmed',
      verifiedOn: '2026-04-01',
    });
    expect(applyModerationDecision(raw, { action: 'reject', reason: 'spam', note: 'link farm' }, '2026-04-01').verification).toEqual({
      status: 'rejected',
      reason: 'spam',
      note: 'link farm',
    });
    expect(applyModerationDecision(raw, { action: 'consent', reason: 'reviewer-agreed' }, '2026-04-01').consent).toBe(true);
    expect(applyModerationDecision(raw, { action: 'consent', reason: 'reviewer-withdrew' }, '2026-04-01').consent).toBe(false);
  });

  it('has no reason code about a rating or a sentiment, and a rejection needs a note', () => {
    for (const reason of ['low-rating', 'negative', '1-star', 'platform-verified'])
      for (const action of ['verify', 'reject', 'consent'])
        expect(ModerationDecisionSchema.safeParse({ action, reason, note: 'x' }).success, `${action} ${reason}`).toBe(false);
    expect(ModerationDecisionSchema.safeParse({ action: 'reject', reason: 'spam', note: ' ' }).success).toBe(false);
  });
});

describe('owner replies and initials', () => {
  it('replaces the name of a reviewer published as initials, keeps it with consent', () => {
    const record = { author: 'Bill C.' };
    expect(maskReplyNames('Thanks Bill, glad we could help with State Farm!', record)).toBe('Thanks B., glad we could help with State Farm!');
    expect(maskReplyNames('Thank you William Carter!', record)).toBe('Thank you B. C.!');
    expect(maskReplyNames('Your billing question: see Billy Bob.', record)).toBe('Your billing question: see B. Bob.');
    expect(maskReplyNames('Thanks Bill!', { ...record, consent: true })).toBe('Thanks Bill!');
    expect(maskReplyNames('Thanks for the review!', record)).toBe('Thanks for the review!');
    expect(replyUndoesInitials('Thanks Bill!', record)).toBe(true);
    expect(replyUndoesInitials('Thanks Bill!', { ...record, consent: true })).toBe(false);
    expect(replyUndoesInitials('Thanks!', { author: 'Anonymous' })).toBe(false);
  });
});

describe('npm run init', () => {
  const answers = {
    name: 'Boise "Best" Roofs',
    url: 'https://boiseroofs.example',
    telephone: '+1 208-555-0100',
    towns: ['Boise', "Coeur d'Alene"],
    services: ['Roof repair'],
    timeZone: 'America/Boise',
    locale: 'en-US',
  };

  it('writes a commented starter that parses, with the shared aspect lexicon', () => {
    const text = renderStarterBusiness(answers);
    expect(text).toMatch(/^\/\/ /m);
    const business = parseBusiness({ path: 'business.json', text });
    expect(business).toMatchObject({ name: 'Boise "Best" Roofs', locale: 'en-US', timeZone: 'America/Boise', technicians: [] });
    expect(business.serviceAreas.map((a) => a.id)).toEqual(['boise', 'coeur-d-alene']);
    expect(business.aspects).toEqual(DEFAULT_ASPECTS);
    expect(text.length).toBeLessThan(2000);
  });

  it('the default lexicon is the one the sample lists', () => {
    const sample = parseBusiness({ path: 'b', text: readFileSync(join(SAMPLE_CONTENT, 'business.json'), 'utf8') });
    expect(sample.aspects).toEqual(DEFAULT_ASPECTS);
  });

  it('validates the locale', () => {
    const text = renderStarterBusiness({ ...answers, locale: 'english' });
    expect(() => parseBusiness({ path: 'business.json', text })).toThrow(/locale: must be a language and region/);
  });

  it('sets CONTENT_DIR in .env, replacing the line where it stands', () => {
    expect(setEnvLine('', 'CONTENT_DIR', 'mine')).toBe('CONTENT_DIR=mine\n');
    expect(setEnvLine('# settings\nCONTENT_DIR=old\nBASE_URL=https://x\n', 'CONTENT_DIR', 'mine')).toBe(
      '# settings\nCONTENT_DIR=mine\nBASE_URL=https://x\n',
    );
    expect(setEnvLine('export CONTENT_DIR=a\nX=1\nCONTENT_DIR=b', 'CONTENT_DIR', 'my roofs')).toBe('CONTENT_DIR="my roofs"\nX=1\n');
  });
});

describe('npm start and the content folder of a build', () => {
  it('refuses a build of another folder whose content differs, with the fix', () => {
    const reason = foreignBuildReason({ builtFrom: 'mine', contentDir: 'content', sameContent: false, distDir: 'dist' });
    expect(reason).toMatch(/dist\/ was built from the content folder mine\/, but CONTENT_DIR is content\//);
    expect(reason).toContain('Set CONTENT_DIR=mine in .env');
    expect(foreignBuildReason({ builtFrom: 'mine', contentDir: 'mine', sameContent: false, distDir: 'dist' })).toBeNull();
    expect(foreignBuildReason({ builtFrom: 'mine', contentDir: 'copy', sameContent: true, distDir: 'dist' })).toBeNull();
    expect(foreignBuildReason({ builtFrom: undefined, contentDir: 'content', sameContent: false, distDir: 'dist' })).toBeNull();
    expect(projectContentDir('')).toBe('.');
  });
});
