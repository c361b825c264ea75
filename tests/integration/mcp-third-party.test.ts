/**
 * Third-party checks against our real app: the official MCP conformance runner (server scenarios
 * that need none of its fixture tools) and the MCP Inspector CLI. Both are local devDependencies,
 * run with this Node (≥ 22) and need no network.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
  it.each(SCENARIOS)('passes %s', async (scenario) => {
    const dir = join(outDir, scenario);
    const result = await run(process.execPath, [CONFORMANCE, 'server', '--url', sidecar.mcpUrl, '--scenario', scenario, '-o', dir], {
      env: childEnv,
      timeout: 60_000,
    }).catch((e: { stdout?: string; stderr?: string; code?: number }) => ({ ...e, failed: true }));
    expect('failed' in result ? `${result.stdout}\n${result.stderr}` : '').toBe('');
    const [runDir] = readdirSync(dir);
    const checks = JSON.parse(readFileSync(join(dir, runDir!, 'checks.json'), 'utf8')) as { id: string; status: string; errorMessage?: string }[];
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
