/**
 * Third-party checks against our real app: the official MCP conformance runner (server scenarios
 * that need none of its fixture tools) and the MCP Inspector CLI. Both are local devDependencies,
 * run with this Node (≥ 22) and need no network.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSidecar, type TestSidecar } from '../helpers/start-server.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const CONFORMANCE = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
// The Inspector's CLI mode itself: `mcp-inspector --cli URL …` (cli.js) only starts `node build/index.js URL …`
// with the same arguments, and that extra Node start cost about 0.3 s of CPU for each call.
const INSPECTOR = join(ROOT, 'node_modules/@modelcontextprotocol/inspector/cli/build/index.js');
const childEnv = { ...process.env, NO_COLOR: '1' };

/** Scenarios of @modelcontextprotocol/conformance 0.1.16 that test a server without its fixture tools. */
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'prompts-list', 'dns-rebinding-protection'];

/**
 * The rest of its active suite, which the runner is told to expect to fail: they call its fixture tools,
 * resources and prompts (`test_simple_text`, `test://static-text`, …), which a roofing business does not
 * have, or features the sidecar does not offer (logging levels, completion, resource subscriptions, server
 * requests over a standalone SSE stream). The runner exits 1 if any other scenario fails and also if one of
 * these starts passing, so the list stays exact.
 */
const EXPECTED_FAILURES = [
  'logging-set-level',
  'completion-complete',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-with-logging',
  'tools-call-error',
  'tools-call-with-progress',
  'tools-call-sampling',
  'tools-call-elicitation',
  'elicitation-sep1034-defaults',
  'server-sse-multiple-streams',
  'elicitation-sep1330-enums',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
];

let sidecar: TestSidecar;
let outDir: string;

beforeAll(async () => {
  sidecar = await startSidecar({ distDir: inject('distDir'), baseUrl: inject('baseUrl') });
  outDir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
});
afterAll(async () => {
  await sidecar.close();
  rmSync(outDir, { recursive: true, force: true });
});

describe('@modelcontextprotocol/conformance', () => {
  // One run of the whole active suite (a Node start of the runner costs about 1 s of CPU; one per scenario
  // was six), then each scenario's own checks.
  let failure = '';
  beforeAll(async () => {
    const baseline = join(outDir, 'expected-failures.yml');
    writeFileSync(baseline, `server:\n${EXPECTED_FAILURES.map((s) => `  - ${s}\n`).join('')}`);
    const dir = join(outDir, 'results');
    await run(process.execPath, [CONFORMANCE, 'server', '--url', sidecar.mcpUrl, '--expected-failures', baseline, '-o', dir], {
      env: childEnv,
      timeout: 60_000,
    }).catch((e: { stdout?: string; stderr?: string }) => (failure = `${e.stdout}\n${e.stderr}`));
  }, 60_000);

  it('runs its active suite with no failure beyond the scenarios that need its fixtures', () => {
    expect(failure).toBe('');
  });

  it.each(SCENARIOS)('passes %s', (scenario) => {
    const dir = join(outDir, 'results');
    // Each scenario's results land in `server-<scenario>-<timestamp>/`.
    const runDirs = readdirSync(dir).filter((d) => new RegExp(`^server-${scenario}-\\d{4}-\\d\\d-\\d\\dT`).test(d));
    expect(runDirs, `results of ${scenario}`).toHaveLength(1);
    const checks = JSON.parse(readFileSync(join(dir, runDirs[0]!, 'checks.json'), 'utf8')) as { id: string; status: string; errorMessage?: string }[];
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks) expect(check, check.id).toMatchObject({ status: 'SUCCESS' });
  });
});

describe('@modelcontextprotocol/inspector --cli', () => {
  const inspect = async (...args: string[]) => {
    const { stdout } = await run(process.execPath, [INSPECTOR, sidecar.mcpUrl, '--transport', 'http', ...args], {
      env: childEnv,
      timeout: 60_000,
    });
    return JSON.parse(stdout) as Record<string, any>;
  };

  it('tools/list', async () => {
    const out = await inspect('--method', 'tools/list');
    expect(out.tools.map((t: { name: string }) => t.name)).toContain('search_reviews');
  });

  it('tools/call search_reviews (string arguments converted by the advertised schema)', async () => {
    const out = await inspect('--method', 'tools/call', '--tool-name', 'search_reviews', '--tool-arg', 'rating=5', '--tool-arg', 'limit=2');
    expect(out.isError ?? false).toBe(false);
    expect(out.structuredContent).toMatchObject({ count: 2, filters: { rating: 5, limit: 2 } });
    expect(out.structuredContent.reviews.every((r: { rating: number }) => r.rating === 5)).toBe(true);
  });

  it('tools/call get_business, resources/read and prompts/get', async () => {
    expect((await inspect('--method', 'tools/call', '--tool-name', 'get_business')).structuredContent.business.name).toEqual(expect.any(String));
    const read = await inspect('--method', 'resources/read', '--uri', 'reviews://insights');
    expect(read.contents[0].mimeType).toBe('application/json');
    const prompt = await inspect('--method', 'prompts/get', '--prompt-name', 'summarize_service_feedback', '--prompt-args', 'service=gutters');
    expect(prompt.messages[0].content.text).toMatch(/mentions_service "gutters"/);
  });
});
