import { CursorError, type CursorCodec, type CursorScope } from '../internal/cursor-codec.ts';
import { ToolError } from './tool-definition.ts';

/** The offset a tool's `cursor` argument points at (0 without one); a refused cursor is a ToolError. */
export function pageOffset(cursors: CursorCodec, scope: CursorScope, cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  try {
    return cursors.cursorDecode(scope, cursor);
  } catch (error) {
    if (error instanceof CursorError) throw new ToolError(`Invalid arguments for ${scope.operation}: ${error.message}.`);
    throw error;
  }
}

/** The cursor of the page after `[offset, offset + count)`, or null when that page was the last. */
export function nextPageCursor(cursors: CursorCodec, scope: CursorScope, offset: number, count: number, total: number): string | null {
  return count > 0 && offset + count < total ? cursors.cursorEncode(scope, offset + count) : null;
}
