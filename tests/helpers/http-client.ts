/** The one HTTP client of the tests and the benches lives in scripts/lib/bench/; tests import it from here. */
export { httpRequest, type TestResponse } from '../../scripts/lib/bench/http-request.ts';
