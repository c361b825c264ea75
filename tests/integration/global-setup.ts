import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

const root = resolve(import.meta.dirname, '../..');

/**
 * Builds the sample content once for all integration and browser tests into .tmp/test-dist
 * (skipped when that build is current), and provides its path as inject('distDir').
 * Tests that need other content build their own folder with tests/helpers/build-fixture.ts.
 */
export default async function setup(project: TestProject): Promise<void> {
  const distDir = join(root, '.tmp', 'test-dist');
  const baseUrl = 'http://localhost:4321';
  process.env.DIST_DIR = distDir;
  process.env.BASE_URL = baseUrl;
  delete process.env.CONTENT_DIR;
  const { distStaleness } = await import('../../sidecar/build/run-build.ts');
  if (distStaleness({ DIST_DIR: distDir, CONTENT_DIR: join(root, 'content'), BASE_URL: baseUrl, SINCE_WINDOW_DAYS: 31 }) !== null) {
    const { buildSite } = await import('../../scripts/build.ts');
    await buildSite(distDir);
  }
  project.provide('distDir', distDir);
  project.provide('baseUrl', baseUrl);
}

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
    baseUrl: string;
  }
}
