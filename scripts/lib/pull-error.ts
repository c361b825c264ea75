/** Why a pull failed, for the message and the exit code; the message says what to do, never a secret. */
export type PullErrorKind = 'config' | 'auth' | 'forbidden' | 'not-found' | 'gave-up' | 'malformed' | 'http';

/** A pull that failed for a reason the owner can act on (bad credentials, wrong name, provider down). */
export class PullError extends Error {
  override name = 'PullError';
  readonly kind: PullErrorKind;
  constructor(kind: PullErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export { redactSecrets, SECRET_ENV_KEYS, secretsOf } from '../../core/import/pull/redact-secrets.ts';
