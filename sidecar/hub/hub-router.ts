import { timingSafeEqual } from 'node:crypto';
import { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import { classifyAddress } from '../../core/hub/classify-address.ts';
import { parseHubRequest, type HubRequest, type HubRequestContext } from '../../core/hub/hub-request.ts';
import { formatIp, parseIpLiteral } from '../../core/hub/ip-literal.ts';
import type { ErrorIssue } from '../../core/schemas/error-schema.ts';
import { HttpError, sendError } from '../http/errors.ts';
import { discardRestThenClose, readLimitedBody } from '../http/read-limited-body.ts';
import { StoreUnavailableError } from '../storage/hub-store.ts';
import { PREFLIGHT } from '../../core/http/response-headers.ts';

type Intent = Extract<HubRequest, { mode: 'subscribe' | 'unsubscribe' }>;

/** Why an intent was not queued; `accepted` means 202. */
export type Admission = 'accepted' | 'host_limit' | 'topic_limit' | 'busy';

export interface HubRouterOptions {
  context: HubRequestContext;
  /** Seconds until the client may send another subscribe request; 0 = allowed now. */
  rateLimit(clientKey: string): number;
  /** Queues the background verification of a subscribe/unsubscribe intent. */
  admit(intent: Intent): Promise<Admission>;
  /** Runs change detection for the named topic URLs. */
  publish(topicUrls: string[]): Promise<void>;
  publishToken: string;
}

const FORM = 'application/x-www-form-urlencoded';
/** Largest form accepted; hub requests are a few hundred bytes. */
export const HUB_MAX_BODY_BYTES = 16 * 1024;

/** A JSON error, never cached; a body left unread is discarded up to a bound, then the connection is cut. */
function fail(res: Response, status: number, error: string, issues: ErrorIssue[] = []): void {
  sendError(res, new HttpError(status, error, issues));
  discardRestThenClose(res.req);
}

/** Rate-limit key of a client: its IPv4 address, or the /64 of an IPv6 address (one host usually owns a whole /64). */
export function clientKey(address: string | undefined): string {
  const ip = address ? parseIpLiteral(address) : null;
  if (!ip) return address ?? 'unknown';
  const v4 = ip.family === 6 && ip.bytes.subarray(0, 10).every((b) => b === 0) && ip.bytes[10] === 0xff && ip.bytes[11] === 0xff;
  if (ip.family === 4 || v4) return formatIp(v4 ? { family: 4, bytes: ip.bytes.slice(12) } : ip);
  return `${formatIp({ family: 6, bytes: Uint8Array.from([...ip.bytes.subarray(0, 8), ...new Array<number>(8).fill(0)]) })}/64`;
}

function isLoopback(address: string | undefined): boolean {
  const ip = address ? parseIpLiteral(address) : null;
  return ip !== null && classifyAddress(ip) === 'loopback';
}

/** Header that carries HUB_PUBLISH_TOKEN. Not `Authorization`: the spec says that header is ignored. */
export const PUBLISH_TOKEN_HEADER = 'x-hub-publish-token';

/**
 * Publishing is not public: only a client on this machine (loopback, with no proxy forwarding
 * headers — a reverse proxy on localhost must not make every visitor look local — and no Origin
 * header, which only browsers send) or one that presents HUB_PUBLISH_TOKEN in the
 * X-Hub-Publish-Token header may trigger fan-out.
 */
export function isPublishAuthorized(req: Request, token: string): boolean {
  const presented = req.get(PUBLISH_TOKEN_HEADER) ?? '';
  if (token !== '' && presented !== '') {
    const given = Buffer.from(presented.trim());
    const expected = Buffer.from(token);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  // Browsers send Origin with every form POST and publishers do not: a page on any site must not be
  // able to make a visitor's browser on this machine trigger fan-out.
  if (req.get('origin') !== undefined) return false;
  const forwarded = req.get('forwarded') ?? req.get('x-forwarded-for') ?? req.get('x-real-ip');
  return forwarded === undefined && isLoopback(req.socket.remoteAddress);
}

const LIMIT_MESSAGES: Record<Exclude<Admission, 'accepted' | 'busy'>, ErrorIssue> = {
  host_limit: { path: 'hub.callback', code: 'limit_reached', message: 'this callback host has the maximum number of subscriptions' },
  topic_limit: { path: 'hub.topic', code: 'limit_reached', message: 'this topic has the maximum number of subscriptions' },
};

/**
 * POST /api/websub/hub (WebSub §5.1, spec: POST /api/websub/hub): form-encoded subscribe,
 * unsubscribe and publish. Accepted intents get 202 at once and are verified in the background;
 * the answer never depends on how verification will go.
 */
export function createHubRouter(options: HubRouterOptions): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    try {
      await handle(req, res);
    } catch (e) {
      if (!(e instanceof StoreUnavailableError) || res.headersSent) throw e;
      // The database is down: nothing was recorded; the client tries again (documents keep serving).
      res.set('Retry-After', '5');
      fail(res, 503, 'The hub cannot reach its database; retry later');
    }
  });

  const handle = async (req: Request, res: Response) => {
    if (!req.is(FORM)) {
      return fail(res, 415, `Send the hub parameters as ${FORM}`, [
        { path: '', code: 'unsupported_media_type', message: `Content-Type must be ${FORM}` },
      ]);
    }
    // Not a body parser: those read an over-limit body to its end before answering 413.
    const read = await readLimitedBody(req, HUB_MAX_BODY_BYTES);
    if (!read.ok) {
      if (read.reason === 'aborted') return void res.destroy();
      return fail(res, 413, 'Request body too large', [{ path: '', code: 'too_big', message: 'the form must be at most 16 KiB' }]);
    }
    const form = new URLSearchParams(read.body.toString('utf8'));
    if (form.get('hub.mode') !== 'publish') {
      const wait = options.rateLimit(clientKey(req.ip ?? req.socket.remoteAddress));
      if (wait > 0) {
        res.set('Retry-After', String(wait));
        return fail(res, 429, 'Too many subscription requests; retry later');
      }
    }
    const parsed = parseHubRequest(form, options.context);
    if (!parsed.ok) return fail(res, 400, 'Invalid hub request', parsed.issues);
    const request = parsed.request;
    if (request.mode === 'publish') {
      if (!isPublishAuthorized(req, options.publishToken))
        return fail(res, 403, 'Publishing is restricted to this host or holders of the publish token');
      await options.publish(request.topics);
      return res.status(202).end();
    }
    const admission = await options.admit(request);
    if (admission === 'accepted') return res.status(202).end();
    if (admission === 'busy') {
      res.set('Retry-After', '30');
      return fail(res, 503, 'The hub is busy verifying other subscriptions; retry later');
    }
    return fail(res, 403, 'Subscription limit reached', [LIMIT_MESSAGES[admission]]);
  };

  router.all('/', (_req, res) => {
    res.set('Allow', PREFLIGHT.hubMethods); // as OPTIONS says (sidecar/http/cors.ts)
    fail(res, 405, 'Only POST is supported by the WebSub hub', [
      { path: '', code: 'method_not_allowed', message: 'use POST with a form-encoded body' },
    ]);
  });

  // A 4xx from a body parser is the client's; anything else is unexpected and goes on to the app's
  // error handler, which logs it with its stack and answers a generic 500 (it was answered unlogged here).
  const bodyErrors: ErrorRequestHandler = (err: { status?: number; type?: string }, _req, res, next) => {
    if (res.headersSent || !(err.status && err.status >= 400 && err.status < 500)) return next(err);
    return fail(res, err.status, 'Unreadable request body', [{ path: '', code: 'invalid_body', message: 'send a valid form-encoded body' }]);
  };
  router.use(bodyErrors);
  return router;
}
