import { z } from 'zod';

/** Environment settings of the stateful stores; merged into the sidecar config (sidecar/config.ts). Documented in docs/deploy.md. */
export const StoreConfigShape = {
  DATABASE_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^postgres(ql)?:\/\//.test(v), { message: 'a postgres:// (or postgresql://) connection URL, or unset for SQLite' })
    .describe(
      'PostgreSQL connection URL (postgres://user:password@host:5432/db) for every stateful part: hub subscriptions, deliveries, ' +
        'pending verifications and MCP session revocations, shared by all replicas. Unset (default): embedded SQLite files (HUB_DB_PATH, MCP_SESSION_REVOCATION_DB).',
    ),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(10)
    .describe('PostgreSQL connections per sidecar process (plus one for LISTEN). Default 10.'),
  DATABASE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(5000)
    .describe('Connecting to PostgreSQL gives up after this long (queries after twice that); the request then gets 503. Default 5000.'),
};

/** The URL with its password replaced by "***", for logs. */
export function redactDatabaseUrl(url: string): string {
  if (url === '') return url;
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '***';
  }
}
