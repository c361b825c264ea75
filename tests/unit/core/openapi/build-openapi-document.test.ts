import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../../core/openapi/build-openapi-document.ts';

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument('https://reviews.example') as Record<string, any>;

  it('passes a third-party OpenAPI 3.1 validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('the validator rejects a broken document (the check can fail)', async () => {
    const result = await new Validator().validate({ ...doc, paths: { '/x': { get: { responses: 'nope' } } } });
    expect(result.valid).toBe(false);
  });

  it('describes every endpoint of the spec, and the extensions marked as such', () => {
    const extensions = ['/api/reviews/find', '/widget.js', '/widget.json'];
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/api/feed.json',
        '/api/reviews/search',
        '/api/reviews/since/{date}',
        '/api/websub/hub',
        '/feed.xml',
        '/insights.json',
        '/mcp',
        '/reviews.json',
        ...extensions,
      ].sort(),
    );
    expect(doc.paths['/api/reviews/find'].get['x-extension']).toBe(true);
    expect(doc.paths['/api/reviews/find'].get.description).toMatch(/Not part of the interface specification/);
    expect(doc.paths['/api/reviews/find'].get.parameters.find((p: { name: string }) => p.name === 'q').required).toBe(true);
    for (const path of ['/widget.js', '/widget.json']) expect(doc.paths[path].get.summary, path).toMatch(/extension/);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
  });

  it('generates search parameters and component schemas from the Zod model', () => {
    const names = doc.paths['/api/reviews/search'].get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['rating', 'min_rating', 'since', 'until', 'query', 'mentions_technician', 'mentions_service', 'limit']),
    );
    expect(doc.components.schemas.Review.properties.rating).toMatchObject({ type: 'integer', minimum: 1, maximum: 5 });
    expect(doc.components.schemas.ReviewsDocument.properties.reviews.items).toEqual({ $ref: '#/components/schemas/Review' });
  });
});
