import { defineConfig } from 'vitest/config';

// Three projects so each layer can be run alone (npm run test:unit / test:integration / test:e2e);
// `npm test` runs lint, the type check and all three.
export default defineConfig({
  test: {
    // Two workers by default (Vitest's default is one per two cores): most test time waits on sockets, child
    // processes and Chromium, which the second worker fills. The projects run in two groups, one after the
    // other: first the integration tests on three workers, then the browser and unit tests on two. The
    // integration tests are the ones that wait (claim expiry, retry delays, sidecar and build processes,
    // PostgreSQL, nginx), and a third worker fills those waits for no more CPU (integration alone: 110 s
    // against 118 s, 204 against 206 s of CPU); a third worker for the browser tests only adds contention
    // (all three projects on three workers: no faster, about 26 s more CPU). In a full `npm test` the
    // machine's idle time fell from 37-39 to 16-18 core-seconds.
    maxWorkers: 2,
    projects: [
      // Every project shares one module cache per worker (no per-file isolation): no test file changes
      // process-wide state (no env writes, module mocks or fake timers outside unit tests, which restore
      // them), and re-importing core/, Express, the MCP SDK and Playwright for each file cost about 60 s
      // of CPU in a full run (unit: half of its CPU time; integration 330 -> 287 s, e2e 214 -> 196 s).
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate: false, maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
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
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/integration/global-setup.ts'],
        },
      },
    ],
  },
});
