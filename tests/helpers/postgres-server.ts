/** The throw-away PostgreSQL server lives in scripts/lib/bench/ (the hub benchmark starts one too); tests import it from here. */
export { freePort } from '../../scripts/lib/bench/free-port.ts';
export { startPostgres, type PostgresServer } from '../../scripts/lib/bench/start-postgres.ts';
