import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CompleteRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { completeFrom } from '../internal/catalog-lookup.ts';
import { REVIEW_URI_TEMPLATE } from '../resources/register-resources.ts';
import type { ToolContext } from '../tools/tool-definition.ts';
import { RpcCode, RpcError } from '../internal/rpc-error.ts';

/**
 * completion/complete for the prompt arguments (technician, service, review_id) and for the `id`
 * variable of the review resource template: catalog ids and names, and review ids, by prefix.
 */
export function registerCompletions(server: Server, { snapshot }: ToolContext): void {
  server.registerCapabilities({ completions: {} });
  const { technicians, services } = snapshot.reviewsDocument.business;
  const candidates: Record<string, () => Iterable<string>> = {
    'summarize_technician_feedback/technician': () => technicians.flatMap((t) => [t.id, t.name, ...t.aliases]),
    'summarize_service_feedback/service': () => services.map((s) => s.id),
    'draft_review_reply/review_id': () => snapshot.reviewsById.keys(),
    [`${REVIEW_URI_TEMPLATE}/id`]: () => snapshot.reviewsById.keys(),
  };
  server.setRequestHandler(CompleteRequestSchema, (request) => {
    const { ref, argument } = request.params;
    const target = ref.type === 'ref/prompt' ? ref.name : ref.uri;
    const source = candidates[`${target}/${argument.name}`];
    if (!source) throw new RpcError(RpcCode.InvalidParams, `Nothing to complete for ${ref.type} "${target}" argument "${argument.name}".`);
    return { completion: completeFrom(new Set(source()), argument.value) };
  });
}
