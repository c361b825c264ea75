import type { ErrorIssue } from '../schemas/error-schema.ts';

/** The parameters of a query string in order of first appearance, every value kept, plus decoding problems. */
export interface RawParams {
  values: Map<string, string[]>;
  issues: ErrorIssue[];
}

/**
 * Splits a raw query string (without the `?`) into parameters, the way HTML forms encode them
 * (`+` is a space, then percent-decoding as UTF-8). Unlike URLSearchParams it does not silently
 * replace bad percent-encoding with U+FFFD: such a parameter becomes an `invalid_encoding` issue.
 */
export function parseQueryString(raw: string): RawParams {
  const values = new Map<string, string[]>();
  const issues: ErrorIssue[] = [];
  for (const segment of raw.split('&')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    const rawKey = eq === -1 ? segment : segment.slice(0, eq);
    const rawValue = eq === -1 ? '' : segment.slice(eq + 1);
    const key = decodeComponent(rawKey);
    const value = decodeComponent(rawValue);
    if (key === undefined || value === undefined) {
      issues.push({
        path: key ?? printable(rawKey),
        code: 'invalid_encoding',
        message: 'is not valid percent-encoded UTF-8; encode the parameter with encodeURIComponent',
      });
      continue;
    }
    const list = values.get(key);
    if (list) list.push(value);
    else values.set(key, [value]);
  }
  return { values, issues };
}

function decodeComponent(s: string): string | undefined {
  const spaced = s.includes('+') ? s.replaceAll('+', ' ') : s;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return undefined;
  }
}

/** A raw key shown back in an issue: bounded, and only visible ASCII. */
function printable(raw: string): string {
  return raw.slice(0, 100).replace(/[^\x21-\x7e]/g, '?');
}
