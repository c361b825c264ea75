import type { BuildManifest } from '../../core/build/build-manifest-schema.ts';

/** A build the sidecar refused to serve, and why (reported on /healthz until a good build replaces it). */
export interface RejectedBuild {
  inputsHash: string;
  baseUrl: string;
  reason: string;
}

/**
 * Why a build must not be served by a sidecar configured for `baseUrl`, or null when it may be.
 * A build bakes its base URL into feeds (rel="self", rel="hub"), permalinks and the OpenAPI servers;
 * served by a sidecar whose Link headers and hub topics name another origin, it would contradict
 * them, change every ETag and make the hub publish every topic to every subscriber.
 */
export function rejectBuild(manifest: Pick<BuildManifest, 'baseUrl'>, baseUrl: string): string | null {
  if (manifest.baseUrl === baseUrl) return null;
  return `built for BASE_URL ${manifest.baseUrl}, but this server runs with BASE_URL ${baseUrl}: rebuild with the server's settings (npm run build reads .env too)`;
}
