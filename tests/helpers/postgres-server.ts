/** The throw-away PostgreSQL server lives in scripts/lib (the hub benchmark starts one too); tests import it from here. */
export { freePort, startPostgres, type PostgresServer } from '../../scripts/lib/postgres-server.ts';
