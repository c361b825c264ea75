import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { Logger } from '../logger.ts';
import { registerCompletions } from './prompts/register-completions.ts';
import { registerPrompts } from './prompts/register-prompts.ts';
import { registerResources } from './resources/register-resources.ts';
import { serverInstructions } from './server-instructions.ts';
import { registerTools, type ToolCatalog } from './tools/register-tools.ts';
import type { ToolContext } from './tools/tool-definition.ts';

export const SERVER_INFO = { name: 'shingle-reviews', title: 'Shingle verified reviews', version: '1.0.0' } as const;

/**
 * One JSON Schema validator for every server of the process. The SDK otherwise builds a new Ajv
 * instance (with formats) in each Server constructor, which cost more than answering the request.
 */
let sharedValidator: AjvJsonSchemaValidator | undefined;

export interface BuildMcpServerOptions {
  context: ToolContext;
  catalog: ToolCatalog;
  logger: Logger;
}

/**
 * The MCP application, without a transport: one server over one snapshot. It is cheap to build, so
 * the HTTP layer builds one per request and keeps no state between requests.
 */
export function buildMcpServer({ context, catalog, logger }: BuildMcpServerOptions): McpServer {
  sharedValidator ??= new AjvJsonSchemaValidator();
  const mcp = new McpServer(SERVER_INFO, { instructions: serverInstructions(context.snapshot), jsonSchemaValidator: sharedValidator });
  registerTools(mcp.server, catalog, context, logger);
  registerResources(mcp.server, context);
  registerPrompts(mcp, context);
  registerCompletions(mcp.server, context);
  return mcp;
}
