/**
 * `npm run bench`: every benchmark of the project, one table each. Speed and memory targets live
 * here, never in unit tests. `npm run bench -- build sidecar` runs a subset.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { printTable } from './lib/bench/print-table.ts';
import { formatMachine, machineInfo } from './lib/machine-info.ts';
import { runBuildBench } from './bench-build.ts';
import { defineCommand } from './lib/cli.ts';

type Rows = Record<string, string | number>[];
type Suite = { name: string; file: string; run: () => Promise<Rows | Record<string, Rows> | void> };

/** Suites owned by other areas; each module exports a run function and prints or returns its tables. */
const suites: Suite[] = [
  { name: 'build', file: 'bench-build.ts', run: async () => runBuildBench() },
  { name: 'insights', file: 'bench-insights.ts', run: async () => (await import('./bench-insights.ts')).runInsightsBench?.() },
  { name: 'sidecar', file: 'bench-sidecar.ts', run: async () => (await import('./bench-sidecar.ts')).runSidecarBench() },
  { name: 'mcp', file: 'bench-mcp.ts', run: async () => (await import('./bench-mcp.ts')).runMcpBench() },
  { name: 'find', file: 'bench-find.ts', run: async () => (await import('./bench-find.ts')).runFindBench() },
  { name: 'hub', file: 'bench-hub.ts', run: async () => (await import('./bench-hub.ts')).runHubBench() },
  { name: 'import', file: 'bench-import.ts', run: async () => (await import('./bench-import.ts')).runImportBench() },
  { name: 'flood', file: 'bench-flood.ts', run: async () => (await import('./bench-flood.ts')).runFloodBench() },
];

const cli = defineCommand({
  usage: `usage: npm run bench [-- <suite>…]   suites: ${suites.map((s) => s.name).join(', ')}`,
  options: {},
  positionals: [0, suites.length],
});
const wanted = cli.parse().positionals;
for (const name of wanted) if (!suites.some((s) => s.name === name)) cli.fail(`unknown suite "${name}"`);
for (const suite of suites) {
  if (wanted.length > 0 && !wanted.includes(suite.name)) continue;
  if (!existsSync(join(import.meta.dirname, suite.file))) continue;
  // Sampled before the suite: the load it ran under, not the load it caused.
  const machine = formatMachine(await machineInfo());
  const result = await suite.run();
  if (Array.isArray(result)) printTable(suite.name, result);
  else if (result) for (const [title, rows] of Object.entries(result)) printTable(`${suite.name}: ${title}`, rows);
  console.log(`\n${machine}`);
}
