import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * Validates data against a tool's advertised JSON Schema (2020-12 dialect, MCP's default) with ajv,
 * formats included; returns ajv's error text, or null when valid.
 */
export function createSchemaValidator(): (schema: Record<string, unknown>, data: unknown) => string | null {
  const ajv = new Ajv2020Module.default({ strict: false, allErrors: true });
  addFormatsModule.default(ajv);
  return (schema, data) => {
    const validate = ajv.compile(schema);
    return validate(data) ? null : ajv.errorsText(validate.errors);
  };
}
