/**
 * Control characters that a terminal acts on: C0 (ESC, BEL, CR, backspace…), DEL, C1 (CSI at U+009B), and
 * the bidirectional overrides and isolates that reorder what a line seems to say.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Text from a source file made safe to print on a terminal: every control character written as a visible
 * escape (`\x1b`, `\n`, `\u202e`), so a hostile export can neither clear nor rewrite the operator's screen,
 * nor break one message into several lines. Printable text, accents and emoji are unchanged.
 */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
