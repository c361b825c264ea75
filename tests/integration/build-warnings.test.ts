/**
 * The build says, at every run, when a withheld review's note or an unverified review's reason gives the rating or
 * the tone as the ground (16 CFR 465 forbids withholding for them). It warns rather than refuses: a word list has
 * false positives, and must not stop a business's builds.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL } from '../../core/build/build-options.ts';
import { runBuild } from '../../sidecar/build/run-build.ts';
import { tempDir, writeContent } from '../helpers/build-fixture.ts';
import { record } from '../helpers/sample-model.ts';

const root = tempDir('build-warnings');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a ground that names the rating or the tone', () => {
  it('is named at every build, with file, line and record, and the build goes on', async () => {
    const withheld = {
      ...record({ id: 'r-held-1', date: '2025-03-01', rating: 1, text: 'They never came back.' }),
      verification: { status: 'rejected' as const, reason: 'not-a-customer' as const, note: '1-star, negative about us' },
    };
    const content = writeContent(join(root, 'content'), [withheld]);
    let output = '';
    await runBuild(
      { CONTENT_DIR: content, DIST_DIR: join(root, 'dist'), BASE_URL: DEFAULT_BASE_URL, SINCE_WINDOW_DAYS: 31 },
      { onOutput: (c) => void (output += c.toString()) },
    );
    expect(output).toMatch(/warning: \S*zz-fixture\.jsonl:1 \(r-held-1\) note gives the rating or the tone \("1-star"\) as a ground/);
  }, 120_000);
});
