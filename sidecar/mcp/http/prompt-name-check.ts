import type { JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { PROMPT_NAMES } from '../prompts/register-prompts.ts';

/**
 * The -32602 message for a prompts/get or prompt completion naming no prompt of ours, or null.
 * Checked before dispatch because the SDK looks prompt names up in a plain object, where
 * `__proto__`, `constructor` or `toString` find something and get "Prompt … disabled" instead.
 */
export function unknownPromptMessage(message: JSONRPCRequest): string | null {
  const params = message.params as { name?: unknown; ref?: { type?: unknown; name?: unknown } } | undefined;
  let name: unknown;
  if (message.method === 'prompts/get') name = params?.name;
  else if (message.method === 'completion/complete' && params?.ref?.type === 'ref/prompt') name = params.ref.name;
  else return null;
  if (typeof name !== 'string' || PROMPT_NAMES.includes(name)) return null;
  return `Unknown prompt "${name.slice(0, 100)}". Available prompts: ${PROMPT_NAMES.join(', ')}.`;
}
