/** The content codings the build precomputes for every data document. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/**
 * Picks the coding to send for an Accept-Encoding value (RFC 9110 §12.5.3): the acceptable coding
 * with the highest q-value, ties going to the smaller body (br, then gzip, then identity). `*`
 * covers codings not listed; identity is acceptable unless excluded with q=0. With no header, or
 * when nothing is acceptable, identity is sent (the server may ignore the field then).
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentCoding {
  return acceptableEncoding(acceptEncoding) ?? 'identity';
}

/**
 * Like negotiateEncoding, but null when no coding we have is acceptable: identity excluded
 * (`identity;q=0`, `*;q=0`) and neither br nor gzip allowed. The server then answers 406 rather
 * than send what the client refused (RFC 9110 §12.5.3: identity may be sent "unless the identity
 * coding is indicated as unacceptable").
 */
export function acceptableEncoding(acceptEncoding: string | undefined): ContentCoding | null {
  if (!acceptEncoding) return 'identity';
  const q = new Map<string, number>();
  for (const member of acceptEncoding.split(',')) {
    const [rawName = '', ...params] = member.split(';');
    const name = rawName.trim().toLowerCase();
    if (name === '') continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p);
      if (m) weight = Math.min(1, Number(m[1]));
    }
    q.set(name === 'x-gzip' ? 'gzip' : name, weight);
  }
  const star = q.get('*');
  const weightOf = (c: ContentCoding): number => q.get(c) ?? (c === 'identity' ? (star === 0 ? 0 : (star ?? 0.001)) : (star ?? 0));
  let best: ContentCoding | null = null;
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    const w = weightOf(coding);
    if (w > bestWeight) [best, bestWeight] = [coding, w];
  }
  return best;
}
