import type { SnapshotSource } from '../../data/snapshot.ts';
import type { Logger } from '../../logger.ts';
import type { CursorCodec } from '../internal/cursor-codec.ts';
import type { McpSettings } from '../mcp-config.ts';
import type { SessionManager } from '../session/session-manager.ts';
import type { ToolCatalog } from '../tools/register-tools.ts';

/** What the POST and DELETE handlers share, built once when the router is created. */
export interface McpEndpoint {
  settings: McpSettings;
  sessions: SessionManager;
  cursors: CursorCodec;
  catalog: ToolCatalog;
  snapshots: SnapshotSource;
  logger: Logger;
}
