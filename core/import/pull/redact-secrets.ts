/** The environment variables that hold a pull's credentials: their values must never be shown. */
export const SECRET_ENV_KEYS = ['GOOGLE_CLIENT_SECRET', 'GOOGLE_REFRESH_TOKEN', 'GOOGLE_CLIENT_ID', 'TRUSTPILOT_API_KEY'] as const;

/** Shortest value treated as a secret: replacing one- to three-character values would mangle every message. */
const MIN_SECRET_LENGTH = 4;

/**
 * Replaces every occurrence of the given secrets in `text` with `***` — the last guard on every message,
 * log line, report and /healthz field of a pull (the code already never puts them there).
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= MIN_SECRET_LENGTH) out = out.split(s).join('***');
  return out;
}

/** The secret values set in an environment. */
export function secretsOf(env: Readonly<Record<string, string | undefined>>): string[] {
  return SECRET_ENV_KEYS.map((k) => env[k]).filter((v): v is string => typeof v === 'string' && v !== '');
}
