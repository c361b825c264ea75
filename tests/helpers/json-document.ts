import type { RenderedDocument } from '../../core/build/render-documents.ts';

/** A rendered JSON document of kind `openapi` (checked for `"openapi": "3.1.0"` and nothing else), for the document writer's tests. */
export function jsonDocument(path: string, value: unknown): RenderedDocument {
  return { path, kind: 'openapi', contentType: 'application/json; charset=utf-8', body: JSON.stringify(value), updated: null };
}
