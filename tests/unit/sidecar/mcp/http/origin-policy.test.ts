import { describe, expect, it } from 'vitest';
import { isOriginAllowed } from '../../../../../sidecar/mcp/http/origin-policy.ts';
import { parseOriginRule } from '../../../../../sidecar/mcp/mcp-config.ts';

const rules = ['https://reviews.example', 'http://localhost:*', 'http://[::1]:*', 'https://app.example:8443'].map(parseOriginRule);

describe('origin policy', () => {
  it('allows listed origins, any port where the rule says *', () => {
    for (const ok of ['https://reviews.example', 'http://localhost:6274', 'http://localhost', 'http://[::1]:3000', 'https://app.example:8443']) {
      expect(isOriginAllowed(ok, rules), ok).toBe(true);
    }
  });

  it('refuses everything else, including look-alikes, other schemes and "null"', () => {
    for (const bad of [
      'http://reviews.example',
      'https://reviews.example.evil.com',
      'https://evil.example',
      'https://app.example',
      'null',
      'not a url',
      'http://127.0.0.1:3000',
      'https://reviews.example/path',
    ]) {
      expect(isOriginAllowed(bad, rules), bad).toBe(false);
    }
  });
});
