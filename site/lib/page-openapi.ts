/**
 * The OpenAPI document as readable tables: operations (parameters, bodies, responses) and every
 * component schema flattened to dotted field paths. Types are segments so a `$ref` becomes a link
 * to the schema's table without any HTML in the data.
 */
import { byCodePoint } from '../../core/text/by-code-point.ts';

type Json = Record<string, unknown>;

/** A piece of a type expression: plain text, or a reference to a component schema. */
export interface TypeSegment {
  text: string;
  ref?: string;
}

export interface FieldRow {
  name: string;
  type: TypeSegment[];
  required: boolean;
  notes: string;
  description: string;
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: { name: string; in: string; required: boolean; type: TypeSegment[]; notes: string; description: string }[];
  requestBody: { contentType: string; fields: FieldRow[]; type: TypeSegment[] }[];
  responses: { status: string; description: string; headers: string[]; contentType: string | null; type: TypeSegment[] }[];
}

export interface SchemaView {
  name: string;
  description: string;
  fields: FieldRow[];
}

export interface OpenApiView {
  title: string;
  version: string;
  openapi: string;
  description: string;
  servers: string[];
  operations: OperationView[];
  schemas: SchemaView[];
}

const REF_PREFIX = '#/components/schemas/';
const MAX_SAFE = 9007199254740991;

function obj(v: unknown): Json {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
}

function join(parts: TypeSegment[][], sep: string): TypeSegment[] {
  return parts.flatMap((p, i) => (i === 0 ? p : [{ text: sep }, ...p]));
}

/** A schema's type as segments: refs, arrays, unions, consts and formats. */
export function typeOf(schema: Json): TypeSegment[] {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.startsWith(REF_PREFIX) ? schema.$ref.slice(REF_PREFIX.length) : schema.$ref;
    return [{ text: name, ref: name }];
  }
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(union))
    return join(
      union.map((s) => typeOf(obj(s))),
      ' or ',
    );
  if (schema.const !== undefined) return [{ text: JSON.stringify(schema.const) }];
  if (Array.isArray(schema.type))
    return join(
      schema.type.map((t) => [{ text: String(t) }]),
      ' or ',
    );
  if (schema.type === 'array') return [{ text: 'array of ' }, ...typeOf(obj(schema.items))];
  const type = typeof schema.type === 'string' ? schema.type : 'any';
  return [{ text: typeof schema.format === 'string' ? `${type} (${schema.format})` : type }];
}

/** Constraints worth reading: enum values, ranges, lengths, pattern, default. */
export function notesOf(schema: Json): string {
  const notes: string[] = [];
  if (Array.isArray(schema.enum)) notes.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  const min = schema.minimum;
  const max = schema.maximum === MAX_SAFE ? undefined : schema.maximum;
  if (min !== undefined && max !== undefined) notes.push(`${String(min)} to ${String(max)}`);
  else if (min !== undefined) notes.push(`≥ ${String(min)}`);
  else if (max !== undefined) notes.push(`≤ ${String(max)}`);
  if (schema.minLength !== undefined && schema.minLength !== 0) notes.push(`min length ${String(schema.minLength)}`);
  if (schema.maxLength !== undefined) notes.push(`max length ${String(schema.maxLength)}`);
  if (schema.maxItems !== undefined) notes.push(`at most ${String(schema.maxItems)} items`);
  if (typeof schema.pattern === 'string' && !schema.format) notes.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes.join('; ');
}

/** Unwraps `X or null` so nested object fields of nullable objects are still listed. */
function nonNull(schema: Json): Json {
  const union = schema.anyOf as Json[] | undefined;
  if (Array.isArray(union)) {
    const rest = union.filter((s) => obj(s).type !== 'null');
    if (rest.length === 1) return obj(rest[0]);
  }
  return schema;
}

/** Flattens an object schema to rows with dotted paths; inline nested objects and arrays of objects recurse. */
export function fieldsOf(schema: Json, prefix = '', depth = 0): FieldRow[] {
  const props = obj(schema.properties);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const rows: FieldRow[] = [];
  for (const [name, raw] of Object.entries(props)) {
    const s = obj(raw);
    const path = `${prefix}${name}`;
    rows.push({ name: path, type: typeOf(s), required: required.has(name), notes: notesOf(s), description: String(s.description ?? '') });
    if (depth >= 4) continue;
    const inner = nonNull(s);
    if (inner.type === 'object' && inner.properties) rows.push(...fieldsOf(inner, `${path}.`, depth + 1));
    const items = obj(inner.items);
    if (inner.type === 'array' && items.type === 'object' && items.properties) rows.push(...fieldsOf(items, `${path}[].`, depth + 1));
  }
  return rows;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The whole document as view data, operations in document order, schemas by name. */
export function viewOpenApi(doc: Json): OpenApiView {
  const info = obj(doc.info);
  const operations: OperationView[] = [];
  for (const [path, rawItem] of Object.entries(obj(doc.paths))) {
    const item = obj(rawItem);
    for (const method of METHODS) {
      const op = obj(item[method]);
      if (Object.keys(op).length === 0) continue;
      const parameters = (Array.isArray(op.parameters) ? op.parameters : []).map((raw) => {
        const p = obj(raw);
        const s = obj(p.schema);
        return {
          name: String(p.name),
          in: String(p.in),
          required: p.required === true,
          type: typeOf(s),
          notes: notesOf(s),
          description: String(p.description ?? ''),
        };
      });
      const requestBody = Object.entries(obj(obj(op.requestBody).content)).map(([contentType, media]) => {
        const s = obj(obj(media).schema);
        return { contentType, type: typeOf(s), fields: s.properties ? fieldsOf(s) : [] };
      });
      const responses = Object.entries(obj(op.responses)).map(([status, raw]) => {
        const r = obj(raw);
        const content = Object.entries(obj(r.content))[0];
        return {
          status,
          description: String(r.description ?? ''),
          headers: Object.keys(obj(r.headers)),
          contentType: content ? content[0] : null,
          type: content ? typeOf(obj(obj(content[1]).schema)) : [],
        };
      });
      operations.push({
        id: `op-${method}-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`,
        method: method.toUpperCase(),
        path,
        summary: String(op.summary ?? ''),
        description: String(op.description ?? ''),
        parameters,
        requestBody,
        responses,
      });
    }
  }
  const schemas = Object.entries(obj(obj(doc.components).schemas))
    .sort(([a], [b]) => byCodePoint(a, b))
    .map(([name, raw]) => ({ name, description: String(obj(raw).description ?? ''), fields: fieldsOf(obj(raw)) }));
  return {
    title: String(info.title ?? ''),
    version: String(info.version ?? ''),
    openapi: String(doc.openapi ?? ''),
    description: String(info.description ?? ''),
    servers: (Array.isArray(doc.servers) ? doc.servers : []).map((s) => String(obj(s).url)),
    operations,
    schemas,
  };
}

/** Splits text with `code` spans into segments so the page can render <code> without HTML in data. */
export function codeSpans(text: string): { text: string; code: boolean }[] {
  return text
    .split('`')
    .map((part, i) => ({ text: part, code: i % 2 === 1 }))
    .filter((p) => p.text !== '');
}
