/** Why a pull failed, for the message and the exit code; the message says what to do, never a secret. */
export type PullErrorKind = 'config' | 'auth' | 'forbidden' | 'not-found' | 'gave-up' | 'malformed' | 'locked' | 'http';

/** A pull that failed for a reason the owner can act on (bad credentials, wrong name, provider down). */
export class PullError extends Error {
  override name = 'PullError';
  readonly kind: PullErrorKind;
  constructor(kind: PullErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

/**
 * Replaces every occurrence of the given secrets in `text` with `***` — the last guard on every message,
 * log line and report of a pull (the code already never puts them there).
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('***');
  return out;
}

/** The credentials a pull reads from the environment: the values redactSecrets must hide. */
export const SECRET_ENV_KEYS = ['GOOGLE_CLIENT_SECRET', 'GOOGLE_REFRESH_TOKEN', 'GOOGLE_CLIENT_ID', 'TRUSTPILOT_API_KEY'] as const;

/** The secret values set in `env`. */
export function secretsOf(env: NodeJS.ProcessEnv): string[] {
  return SECRET_ENV_KEYS.map((k) => env[k]).filter((v): v is string => typeof v === 'string' && v !== '');
}
