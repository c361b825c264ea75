/**
 * The one nginx launcher lives in scripts/lib/bench/ (the sidecar benchmark starts nginx too); tests
 * import it from here so a bench and a test start nginx the same way.
 */
export { startNginx, startShippedNginx, type NginxServer } from '../../scripts/lib/bench/start-nginx.ts';
