import { createSecretKey } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Snapshot } from '../../../sidecar/data/snapshot.ts';
import { silentLogger } from '../../../sidecar/logger.ts';
import { buildMcpServer } from '../../../sidecar/mcp/build-mcp-server.ts';
import { createCursorCodec } from '../../../sidecar/mcp/internal/cursor-codec.ts';
import { createToolCatalog } from '../../../sidecar/mcp/tools/register-tools.ts';

export const TEST_KEY = createSecretKey(Buffer.alloc(32, 7));

/** An SDK Client linked in memory to buildMcpServer over `snapshot` (no HTTP): for tool-level tests. */
export async function linkedClient(snapshot: Snapshot): Promise<{ client: Client; close: () => Promise<void> }> {
  const mcp = buildMcpServer({ context: { snapshot, cursors: createCursorCodec(TEST_KEY) }, catalog: createToolCatalog(), logger: silentLogger });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await mcp.connect(serverSide);
  const client = new Client({ name: 'unit-test', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    client,
    close: async () => {
      await client.close();
      await mcp.close();
    },
  };
}
