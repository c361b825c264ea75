import { defineConfig } from 'vitest/config';

// Three projects so each layer can be run alone (npm run test:unit / test:integration / test:e2e);
// `npm test` runs lint, the type check and all three.
export default defineConfig({
  test: {
    // Vitest's default is one worker per two cores; most integration and browser time is spent waiting on
    // sockets, child processes and retry timers, so three files at a time keep a 2-core machine busy.
    maxWorkers: 3,
    projects: [
      // Unit tests share one module cache per worker (no per-file isolation): they hold no process-wide
      // state, and re-importing core/ for each of ~50 files cost half of their CPU time.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/integration/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/integration/global-setup.ts'],
        },
      },
    ],
  },
});
