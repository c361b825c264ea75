/** Media types an Accept header lists with q > 0 (RFC 9110 §12.5.1), lower-cased, parameters dropped. */
function acceptedTypes(header: string | undefined): Set<string> {
  const types = new Set<string>();
  for (const range of (header ?? '').split(',')) {
    const [type, ...params] = range.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (type && !(q && !(Number(q.slice(2)) > 0))) types.add(type);
  }
  return types;
}

/**
 * True when Accept lists both application/json and text/event-stream, as every POST must
 * (MCP 2025-06-18, Transports §Sending Messages to the Server). Wildcards do not count: the
 * client must say it handles both answers the transport may give.
 */
export function acceptsJsonAndEventStream(header: string | undefined): boolean {
  const types = acceptedTypes(header);
  return types.has('application/json') && types.has('text/event-stream');
}

/** True for `application/json`, with or without parameters such as charset. */
export function isJsonContentType(header: string | undefined): boolean {
  return (header ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}
