/** One rule of a `_headers` file: a path pattern and its `Name: value` lines. */
export interface HeadersRule {
  pattern: string;
  headers: [string, string][];
  /** Whether the pattern matches a request path (exact, or a trailing `*` splat). */
  matches(path: string): boolean;
}

/**
 * Parses a `_headers` file (Netlify / Cloudflare Pages): blocks separated by blank lines, each a
 * path pattern and indented `Name: value` lines; `#` lines are comments.
 */
export function parseHeadersFile(text: string): HeadersRule[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#')))
    .filter((lines) => lines.length > 0)
    .map(([pattern, ...lines]) => {
      const p = pattern!.trim();
      return {
        pattern: p,
        headers: lines.map((l) => {
          const [name, value] = l.trim().split(/:\s(.*)/s);
          return [name!, value ?? ''] as [string, string];
        }),
        matches: (path: string) => (p.endsWith('*') ? path.startsWith(p.slice(0, -1)) : path === p),
      };
    });
}

/** Every header the rules declare for `path` (lower-case names), all matching rules together. */
export function declaredHeaders(rules: readonly HeadersRule[], path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of rules) if (r.matches(path)) for (const [k, v] of r.headers) out.set(k.toLowerCase(), v);
  return out;
}
