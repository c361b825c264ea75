import { describe, expect, it } from 'vitest';
import { getSiteModel, provideSiteModel } from '../../../../site/lib/site-data.ts';
import { manyRecords, sampleModel } from '../../../helpers/sample-model.ts';

describe('the pages’ site model', () => {
  it('is the one the build provided for this content and base URL, and never one the pages would build', () => {
    const model = sampleModel(manyRecords(2));
    const env = { CONTENT_DIR: process.env.CONTENT_DIR, BASE_URL: process.env.BASE_URL };
    try {
      process.env.CONTENT_DIR = '/tmp/shingle-site-data-test';
      process.env.BASE_URL = 'https://reviews.example';
      provideSiteModel(model);
      expect(getSiteModel()).toBe(model);
      // Another content folder: not this model, and the pages say how the site is built instead of building it.
      process.env.CONTENT_DIR = '/tmp/shingle-site-data-other';
      expect(() => getSiteModel()).toThrow(/rendered by `npm run build`/);
    } finally {
      for (const [name, value] of Object.entries(env)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
