/** Finding Debian-installed programs (PostgreSQL, nginx) lives in scripts/lib; tests import it from here. */
export { findBinary, postgresBinDirs } from '../../scripts/lib/find-binary.ts';
