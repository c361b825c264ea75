import { defineConfig } from 'vitest/config';

// Three projects so each layer can be run alone (npm run test:unit / test:integration / test:e2e);
// `npm test` runs lint, the type check and all three.
export default defineConfig({
  test: {
    // Vitest's default is one worker per two cores. Two workers on this 2-core machine type: most integration
    // and browser time waits on sockets, child processes and Chromium, which the second worker fills. A third
    // worker was no faster (312-345 s against 328 s) and spent about 20% more CPU on contention.
    maxWorkers: 2,
    projects: [
      // Every project shares one module cache per worker (no per-file isolation): no test file changes
      // process-wide state (no env writes, module mocks or fake timers outside unit tests, which restore
      // them), and re-importing core/, Express, the MCP SDK and Playwright for each file cost about 60 s
      // of CPU in a full run (unit: half of its CPU time; integration 330 -> 287 s, e2e 214 -> 196 s).
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          isolate: false,
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
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/integration/global-setup.ts'],
        },
      },
    ],
  },
});
