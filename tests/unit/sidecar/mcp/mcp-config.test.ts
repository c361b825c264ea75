import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../../../sidecar/config.ts';
import { McpConfigShape, parseOriginRule, resolveMcpSettings } from '../../../../sidecar/mcp/mcp-config.ts';

/** Settings from environment-style strings, validated once by the sidecar's config schema. */
const settings = (env: Record<string, string>) => resolveMcpSettings(loadConfig(env));

describe('MCP config', () => {
  it('has defaults for every key, and parsing twice changes nothing', () => {
    const once = z.object(McpConfigShape).parse({});
    expect(z.object(McpConfigShape).parse(once)).toEqual(once);
    const s = resolveMcpSettings({ ...once, BASE_URL: 'https://reviews.example' });
    // Embedded default: ended sessions are recorded in SQLite beside the hub's database, so a restart still refuses them.
    expect(s).toMatchObject({ idleSeconds: 3600, maxBodyBytes: 65_536, revocationDbPath: 'data/mcp-sessions.db', secretSource: 'derived' });
    expect(s.allowedOrigins[0]).toEqual({ protocol: 'https:', hostname: 'reviews.example', port: '' });
  });

  it('keeps ended sessions in the process only when MCP_SESSION_REVOCATION_DB=memory', () => {
    const once = z.object(McpConfigShape).parse({ MCP_SESSION_REVOCATION_DB: 'memory' });
    expect(resolveMcpSettings({ ...once, BASE_URL: 'https://reviews.example' }).revocationDbPath).toBeNull();
  });

  it('derives the same key for the same BASE_URL (every replica, every restart) and another for another deployment', () => {
    const a = settings({ BASE_URL: 'https://reviews.example' });
    const b = settings({ BASE_URL: 'https://reviews.example' });
    const c = settings({ BASE_URL: 'https://other.example' });
    expect(a.sessionKey.equals(b.sessionKey)).toBe(true);
    expect(a.sessionKey.equals(c.sessionKey)).toBe(false);
  });

  it('uses MCP_SESSION_SECRET when set, and refuses a short one', () => {
    const s = settings({ BASE_URL: 'https://reviews.example', MCP_SESSION_SECRET: 'x'.repeat(32) });
    expect(s.secretSource).toBe('env');
    expect(s.sessionKey.equals(settings({ BASE_URL: 'https://reviews.example' }).sessionKey)).toBe(false);
    expect(() => settings({ MCP_SESSION_SECRET: 'short' })).toThrow(/32 characters/);
  });

  it('reads numbers from env strings and refuses malformed origins', () => {
    expect(settings({ MCP_SESSION_IDLE_SECONDS: '5', MCP_MAX_BODY_BYTES: '2048' })).toMatchObject({ idleSeconds: 5, maxBodyBytes: 2048 });
    expect(() => settings({ MCP_ALLOWED_ORIGINS: 'https://a.example/path' })).toThrow(/MCP_ALLOWED_ORIGINS/);
    expect(() => parseOriginRule('ftp://a.example')).toThrow();
    expect(parseOriginRule('http://localhost:*')).toEqual({ protocol: 'http:', hostname: 'localhost', port: '*' });
  });
});
