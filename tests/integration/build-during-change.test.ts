/**
 * A content change written while a build runs (a `moderate` or a `verify` by hand, beside the sidecar's scheduled
 * rebuild) is never lost: either the build published it, or its manifest names the content before it, so the next
 * staleness check builds again. The manifest's inputs hash used to be taken after the build, naming the new content
 * while dist/ held the old: the change was published only at the next change (found by a helper, 2026-11-27).
 */
import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL } from '../../core/build/build-options.ts';
import { distStaleness, runBuild } from '../../sidecar/build/run-build.ts';
import { tempDir, writeContent } from '../helpers/build-fixture.ts';
import { record } from '../helpers/sample-model.ts';

const root = tempDir('build-during-change');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * After the build's first words (0.3 s in) and the time the sample needs to read its content, well before the build
 * ends (2.5–3 s): in the window where the old order (hash taken after the build) published nothing and called it current.
 */
const CHANGE_AFTER_MS = 1000;

describe('a content change during a build', () => {
  it('is published by that build or leaves it stale, never current without it', async () => {
    const content = writeContent(join(root, 'content'));
    const dist = join(root, 'dist');
    const target = { CONTENT_DIR: content, DIST_DIR: dist, BASE_URL: DEFAULT_BASE_URL, SINCE_WINDOW_DAYS: 31 };
    const late = record({ id: 'r-late-1', date: '2026-11-12', text: 'Written while the site was being built.' });
    let changed: Promise<void> | undefined;
    await runBuild(target, {
      onOutput: () => {
        changed ??= new Promise((done) =>
          setTimeout(() => {
            appendFileSync(join(content, 'reviews', '2026.jsonl'), `${JSON.stringify(late)}\n`);
            done();
          }, CHANGE_AFTER_MS),
        );
      },
    });
    await changed;
    const published = readFileSync(join(dist, 'reviews.json'), 'utf8').includes('"r-late-1"');
    expect(published || distStaleness(target) === 'stale').toBe(true);
  }, 120_000);
});
