/**
 * A build sends nothing to Astro's servers: Astro's build records a session (and runs `git rev-list` for a project id)
 * unless the environment turns it off, and `telemetry: false` in its config is no Astro option (scripts/lib/astro-telemetry.ts).
 * A `git` first on the build's PATH logs every call: Astro's telemetry would call it.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL } from '../../core/build/build-options.ts';
import { runBuild } from '../../sidecar/build/run-build.ts';
import { tempDir, writeContent } from '../helpers/build-fixture.ts';
import { record } from '../helpers/sample-model.ts';

const root = tempDir('astro-telemetry');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("Astro's telemetry", () => {
  it('is off in every build: nothing asks git for a project id', async () => {
    const bin = join(root, 'bin');
    const log = join(root, 'git-calls.log');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$@" >> '${log}'\nexit 1\n`);
    chmodSync(join(bin, 'git'), 0o755);
    const content = writeContent(join(root, 'content'), [record({ id: 'r-t-1', date: '2025-03-01', text: 'Good roof.' })]);
    await runBuild(
      { CONTENT_DIR: content, DIST_DIR: join(root, 'dist'), BASE_URL: DEFAULT_BASE_URL, SINCE_WINDOW_DAYS: 31 },
      { env: { PATH: `${bin}:${process.env.PATH}`, ASTRO_TELEMETRY_DISABLED: '' }, onOutput: () => {} },
    );
    expect(existsSync(join(root, 'dist', 'index.html'))).toBe(true);
    const calls = existsSync(log) ? readFileSync(log, 'utf8') : '';
    expect(calls).not.toContain('rev-list');
  }, 120_000);
});
