/**
 * Local HTTP servers implementing the review providers' documented endpoints, for the live-pull tests:
 * Google's OAuth 2.0 token endpoint (refresh_token grant; invalid_grant for a revoked token,
 * invalid_client for wrong client credentials), the Business Profile API v4 `accounts.locations.reviews.list`
 * (pageSize ≤ 50, opaque nextPageToken, updateTime desc, 401 UNAUTHENTICATED / 403 PERMISSION_DENIED /
 * 404 NOT_FOUND in Google's error shape), and Trustpilot's `GET /v1/business-units/{id}/reviews`
 * (`apikey` header, page / perPage ≤ 100, orderBy createdat.desc, `links` with rel "next-page").
 * Faults are scripted per review request: 429 with Retry-After, 5xx, a malformed page, a slow answer,
 * or the server dying mid-pull. References: docs/import.md, "Connect once".
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/** A scripted answer to one reviews request, instead of the real page. */
export type Fault = { status: number; retryAfter?: string; body?: string } | { malformed: string } | { delayMs: number } | { die: true };

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What every fake provider offers: its URL, the requests it got, scripted faults. */
export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  /** Answers the next review requests with these faults, in order (then real pages again). */
  failNext(...faults: Fault[]): void;
  /** Answers review page `page` (1-based) with a fault, every time it is asked for, until cleared. */
  failPage(page: number, fault: Fault | null): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
};

/** Starts an HTTP server on 127.0.0.1 whose review requests go through the fault script first. */
async function startFake(
  handle: (req: IncomingMessage, res: ServerResponse, rec: RecordedRequest) => void | Promise<void>,
  isReviews: (rec: RecordedRequest) => number | null,
): Promise<FakeServer & { server: Server }> {
  const requests: RecordedRequest[] = [];
  const queue: Fault[] = [];
  const pageFaults = new Map<number, Fault>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const rec: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: await readBody(req),
    };
    requests.push(rec);
    const page = isReviews(rec);
    const fault = page === null ? undefined : (queue.shift() ?? pageFaults.get(page));
    if (fault) {
      if ('die' in fault) {
        req.socket.destroy();
        server.close();
        server.closeAllConnections();
        return;
      }
      // A scripted slow provider (the fault under test), not a wait of the test.
      if ('delayMs' in fault) await new Promise((r) => setTimeout(r, fault.delayMs));
      else if ('malformed' in fault) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(fault.malformed);
      } else {
        res.writeHead(fault.status, {
          'content-type': 'application/json',
          ...(fault.retryAfter !== undefined && { 'retry-after': fault.retryAfter }),
        });
        return void res.end(fault.body ?? JSON.stringify({ error: { code: fault.status, message: 'scripted fault', status: 'UNAVAILABLE' } }));
      }
    }
    await handle(req, res, rec);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failNext: (...faults) => void queue.push(...faults),
    failPage: (page, fault) => void (fault ? pageFaults.set(page, fault) : pageFaults.delete(page)),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
        if (!server.listening) r();
      }),
  };
}

/** A Business Profile API `Review`, as reviews.list returns it. */
export interface GoogleReview {
  name: string;
  reviewId: string;
  reviewer: { displayName: string; profilePhotoUrl?: string; isAnonymous?: boolean };
  starRating: 'ONE' | 'TWO' | 'THREE' | 'FOUR' | 'FIVE';
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string };
}

const STARS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;

/** A review of `location`, written `createTime` (RFC 3339, with Google's nanosecond precision). */
export function googleReview(
  location: string,
  id: string,
  createTime: string,
  fields: Partial<GoogleReview> & { stars?: number } = {},
): GoogleReview {
  const { stars, ...rest } = fields;
  return {
    name: `${location}/reviews/${id}`,
    reviewId: id,
    reviewer: { displayName: `Reviewer ${id}` },
    starRating: STARS[(stars ?? 5) - 1]!,
    comment: `Review ${id}: the crew replaced the shingles and cleaned up.`,
    createTime,
    updateTime: createTime,
    ...rest,
  };
}

export interface FakeGoogle extends FakeServer {
  /** GOOGLE_API_BASE_URL and GOOGLE_TOKEN_URL of this server. */
  apiBaseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** Reviews per location (mutable: push to make new reviews appear). */
  reviews: Map<string, GoogleReview[]>;
  /** Locations that exist but the account may not read (403). */
  forbidden: Set<string>;
  /** Every access token issued so far stops working (as if an hour passed). */
  expireAccessTokens(): void;
  /** The refresh token is revoked (or, with false, valid again): the token endpoint answers invalid_grant. */
  revokeRefreshToken(revoke?: boolean): void;
  tokenRequests(): RecordedRequest[];
  listRequests(): RecordedRequest[];
}

/** Starts the fake Google (token endpoint at /token, the API under /v4/). */
export async function startFakeGoogle(options: { accessTokenLifetimeSeconds?: number } = {}): Promise<FakeGoogle> {
  const clientId = `client-${randomBytes(6).toString('hex')}.apps.googleusercontent.com`;
  const clientSecret = `GOCSPX-${randomBytes(12).toString('hex')}`;
  const refreshToken = `1//0g${randomBytes(24).toString('hex')}`;
  const reviews = new Map<string, GoogleReview[]>();
  const forbidden = new Set<string>();
  const accessTokens = new Set<string>();
  let revoked = false;
  const listPath = /^\/v4\/(accounts\/[^/]+\/locations\/[^/]+)\/reviews$/;
  const fake = await startFake(
    (_req, res, rec) => {
      if (rec.path === '/token' && rec.method === 'POST') {
        const form = new URLSearchParams(rec.body);
        if (form.get('grant_type') !== 'refresh_token')
          return json(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
          return json(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
        if (revoked || form.get('refresh_token') !== refreshToken)
          return json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        const token = `ya29.${randomBytes(20).toString('hex')}`;
        accessTokens.add(token);
        return json(res, 200, {
          access_token: token,
          expires_in: options.accessTokenLifetimeSeconds ?? 3599,
          scope: 'https://www.googleapis.com/auth/business.manage',
          token_type: 'Bearer',
        });
      }
      const m = listPath.exec(rec.path);
      if (!m || rec.method !== 'GET') return json(res, 404, { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } });
      const auth = /^Bearer (.+)$/.exec(String(rec.headers.authorization ?? ''))?.[1];
      if (!auth || !accessTokens.has(auth))
        return json(
          res,
          401,
          {
            error: {
              code: 401,
              message: 'Request had invalid authentication credentials. Expected OAuth 2 access token.',
              status: 'UNAUTHENTICATED',
            },
          },
          { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
        );
      const location = m[1]!;
      if (forbidden.has(location))
        return json(res, 403, { error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' } });
      const list = reviews.get(location);
      if (!list) return json(res, 404, { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } });
      const pageSize = Number(rec.query.get('pageSize') ?? '50');
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 50)
        return json(res, 400, { error: { code: 400, message: 'Invalid pageSize', status: 'INVALID_ARGUMENT' } });
      const orderBy = rec.query.get('orderBy');
      if (orderBy !== null && !['updateTime desc', 'rating', 'rating desc'].includes(orderBy))
        return json(res, 400, { error: { code: 400, message: 'Invalid orderBy', status: 'INVALID_ARGUMENT' } });
      const token = rec.query.get('pageToken');
      const offset = token
        ? Number(
            Buffer.from(token, 'base64url')
              .toString('utf8')
              .replace(/^offset:/, ''),
          )
        : 0;
      if (!Number.isInteger(offset) || offset < 0)
        return json(res, 400, { error: { code: 400, message: 'Invalid pageToken', status: 'INVALID_ARGUMENT' } });
      const sorted = [...list].sort((a, b) => Date.parse(b.updateTime) - Date.parse(a.updateTime) || (a.reviewId < b.reviewId ? -1 : 1));
      const page = sorted.slice(offset, offset + pageSize);
      const next = offset + pageSize < sorted.length ? Buffer.from(`offset:${offset + pageSize}`).toString('base64url') : undefined;
      const average = sorted.length ? sorted.reduce((s, r) => s + STARS.indexOf(r.starRating) + 1, 0) / sorted.length : 0;
      return json(res, 200, {
        ...(page.length > 0 && { reviews: page }),
        averageRating: Math.round(average * 10) / 10,
        totalReviewCount: sorted.length,
        ...(next && { nextPageToken: next }),
      });
    },
    (rec) => {
      if (!listPath.test(rec.path)) return null;
      const token = rec.query.get('pageToken');
      const size = Number(rec.query.get('pageSize') ?? '50');
      return token
        ? Number(
            Buffer.from(token, 'base64url')
              .toString('utf8')
              .replace(/^offset:/, ''),
          ) /
            size +
            1
        : 1;
    },
  );
  return {
    ...fake,
    apiBaseUrl: fake.url,
    tokenUrl: `${fake.url}/token`,
    clientId,
    clientSecret,
    refreshToken,
    reviews,
    forbidden,
    expireAccessTokens: () => accessTokens.clear(),
    revokeRefreshToken: (revoke = true) => void (revoked = revoke),
    tokenRequests: () => fake.requests.filter((r) => r.path === '/token'),
    listRequests: () => fake.requests.filter((r) => listPath.test(r.path)),
  };
}

/** A Trustpilot business-unit review, as the public reviews endpoint returns it. */
export interface TrustpilotReview {
  id: string;
  stars: number;
  title: string;
  text: string;
  language: string;
  createdAt: string;
  updatedAt: string | null;
  consumer: { id: string; displayName: string };
  companyReply?: { text: string; createdAt: string; updatedAt?: string | null } | null;
  isVerified?: boolean;
  links?: { href: string; method: string; rel: string }[];
}

export function trustpilotReview(id: string, createdAt: string, fields: Partial<TrustpilotReview> = {}): TrustpilotReview {
  return {
    id,
    stars: 5,
    title: `Title ${id}`,
    text: `Trustpilot review ${id}: new gutters, on time.`,
    language: 'en',
    createdAt,
    updatedAt: null,
    consumer: { id: `c-${id}`, displayName: `Consumer ${id}` },
    ...fields,
  };
}

export interface FakeTrustpilot extends FakeServer {
  apiKey: string;
  /** Reviews per business unit (mutable). */
  reviews: Map<string, TrustpilotReview[]>;
  listRequests(): RecordedRequest[];
  /** A misbehaving provider (or proxy) that answers page 1, with a next-page link, whatever page is asked. */
  stickToFirstPage(on: boolean): void;
}

/** Starts the fake Trustpilot API (`/v1/business-units/{id}/reviews`). */
export async function startFakeTrustpilot(): Promise<FakeTrustpilot> {
  const apiKey = `tp-${randomBytes(16).toString('hex')}`;
  const reviews = new Map<string, TrustpilotReview[]>();
  const listPath = /^\/v1\/business-units\/([^/]+)\/reviews$/;
  let base = '';
  let stuck = false;
  const fake = await startFake(
    (_req, res, rec) => {
      const m = listPath.exec(rec.path);
      if (!m) return json(res, 404, { message: 'Not found' });
      if (rec.headers.apikey !== apiKey && rec.query.get('apikey') !== apiKey) return json(res, 401, { message: 'Invalid ApiKey' });
      const list = reviews.get(m[1]!);
      if (!list) return json(res, 404, { message: 'Business unit not found' });
      const perPage = Number(rec.query.get('perPage') ?? '20');
      const page = stuck ? 1 : Number(rec.query.get('page') ?? '1');
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100 || !Number.isInteger(page) || page < 1)
        return json(res, 400, { message: 'Invalid paging parameters' });
      const sorted = [...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
      const slice = sorted.slice((page - 1) * perPage, page * perPage);
      const link = (p: number, rel: string) => ({ href: `${base}${rec.path}?perPage=${perPage}&page=${p}`, method: 'GET', rel });
      return json(res, 200, {
        links: [
          ...(page > 1 ? [link(page - 1, 'prev-page')] : []),
          ...(stuck || page * perPage < sorted.length ? [link(page + 1, 'next-page')] : []),
        ],
        reviews: slice,
      });
    },
    (rec) => (listPath.test(rec.path) ? Number(rec.query.get('page') ?? '1') : null),
  );
  base = fake.url;
  return {
    ...fake,
    apiKey,
    reviews,
    listRequests: () => fake.requests.filter((r) => listPath.test(r.path)),
    stickToFirstPage: (on) => void (stuck = on),
  };
}
