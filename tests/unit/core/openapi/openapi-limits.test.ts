import { describe, expect, it } from 'vitest';
import { DYNAMIC_LIMIT_DEFAULTS } from '../../../../core/http/dynamic-limits.ts';
import { buildOpenApiDocument } from '../../../../core/openapi/build-openapi-document.ts';
import { SidecarConfigSchema } from '../../../../sidecar/config.ts';

/** Issue 12: the limits and behaviours of the hardening pass are described, with the config schema's defaults. */
describe('OpenAPI: dynamic limits and hardening behaviours', () => {
  const doc = buildOpenApiDocument('https://reviews.example') as Record<string, any>;
  const defaults = SidecarConfigSchema.parse({});

  it('states the defaults the sidecar runs with', () => {
    expect(DYNAMIC_LIMIT_DEFAULTS).toEqual({
      DYNAMIC_MAX_PENDING: defaults.DYNAMIC_MAX_PENDING,
      DYNAMIC_COMPRESS_MAX_BYTES: defaults.DYNAMIC_COMPRESS_MAX_BYTES,
      DYNAMIC_RATE_LIMIT_MAX: defaults.DYNAMIC_RATE_LIMIT_MAX,
      DYNAMIC_RATE_LIMIT_WINDOW_SECONDS: defaults.DYNAMIC_RATE_LIMIT_WINDOW_SECONDS,
    });
    expect(doc.info.description).toContain(`${defaults.DYNAMIC_RATE_LIMIT_MAX} requests per ${defaults.DYNAMIC_RATE_LIMIT_WINDOW_SECONDS} s`);
    expect(doc.info.description).toContain(`more than ${defaults.DYNAMIC_MAX_PENDING} wait`);
  });

  it.each([
    ['/api/reviews/search', 'get'],
    ['/api/reviews/since/{date}', 'get'],
    ['/mcp', 'post'],
  ])('%s documents 429 and 503 with Retry-After', (path, method) => {
    const responses = doc.paths[path][method].responses;
    for (const status of ['429', '503']) expect(responses[status].headers['Retry-After']).toBeDefined();
  });

  it('documents 406 for an unacceptable Accept-Encoding, the since boundary documents and the issue cap', () => {
    for (const path of ['/reviews.json', '/api/reviews/search', '/api/reviews/since/{date}'])
      expect(doc.paths[path].get.responses['406']).toBeDefined();
    expect(doc.paths['/api/reviews/since/{date}'].get.responses['200'].headers['Content-Location']).toBeDefined();
    expect(doc.components.schemas.Error.properties.issues.description).toMatch(/at most 20/);
  });
});
