import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * The name a store instance writes on its claims: host and process id (so an operator, or a test,
 * can tell which process holds them) plus a random part unique to the instance.
 */
export function claimOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}
