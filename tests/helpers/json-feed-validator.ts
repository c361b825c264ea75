import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvDraft04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';

// Both packages are CommonJS with a `default` export; NodeNext types see the module object.
const Ajv = (AjvDraft04Module as unknown as { default: typeof AjvDraft04Module.default }).default ?? AjvDraft04Module;
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule.default }).default ?? addFormatsModule;

/**
 * A validator for JSON Feed 1.1 built from tests/fixtures/json-feed-1.1.schema.json, a draft-04 JSON Schema
 * written from the public JSON Feed 1.1 specification independently of our Zod model.
 */
export function createJsonFeedValidator(): { validate: (feed: unknown) => boolean; errors: () => string } {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const schema = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/json-feed-1.1.schema.json'), 'utf8'));
  const validate = ajv.compile(schema);
  return { validate: (feed) => validate(feed) as boolean, errors: () => ajv.errorsText(validate.errors) };
}
