import { SPEC_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '../mcp/protocol-versions.ts';
import { MAX_ISSUES } from '../schemas/error-schema.ts';
import { BUSY_RETRY_AFTER_SECONDS, DYNAMIC_LIMIT_DEFAULTS } from '../http/dynamic-limits.ts';
import { DOCUMENT_PATHS, FEED_SIZE, FIND_PATH, HUB_PATH, MCP_PATH, SEARCH_PATH } from '../model/published-paths.ts';
import { REJECTION_REASON_CODES } from '../schemas/rejection-reason-schema.ts';
import { buildComponentSchemas, buildFindParameters, buildSearchParameters } from './openapi-components.ts';

type Obj = Record<string, unknown>;
const ref = (id: string): Obj => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: Obj, description: string): Obj => ({ description, content: { 'application/json': { schema } } });
const error = (description: string): Obj => json(ref('Error'), description);
const CONDITIONAL_HEADERS = {
  ETag: { description: 'Strong validator: a hash of the exact bytes of this representation (per encoding).', schema: { type: 'string' } },
  'Last-Modified': {
    description:
      "Within the day before the newest date in the data (a review written, verified or replied to), at a second taken from the body's hash: another body has another Last-Modified, the same body the same one on every build; never the build time. It is not the time of the change: send it back as it is in If-Modified-Since (only that exact value is answered 304), or better revalidate with If-None-Match.",
    schema: { type: 'string' },
  },
  'Cache-Control': { schema: { type: 'string' } },
};
/** Versions /mcp negotiates besides the spec's (the summary names them). */
const OTHER_PROTOCOL_VERSIONS = SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v !== SPEC_PROTOCOL_VERSION);
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } };
const limits = DYNAMIC_LIMIT_DEFAULTS;
/** The answers every dynamic endpoint (search, since, /mcp) may give under load, with the defaults of the sidecar's config schema. */
const DYNAMIC_LOAD_RESPONSES: Obj = {
  '429': {
    ...error(
      `Over the per-client limit of dynamic requests: by default ${limits.DYNAMIC_RATE_LIMIT_MAX} per ${limits.DYNAMIC_RATE_LIMIT_WINDOW_SECONDS} s ` +
        '(DYNAMIC_RATE_LIMIT_MAX, DYNAMIC_RATE_LIMIT_WINDOW_SECONDS), counted across search, since and /mcp. RateLimit and RateLimit-Policy headers (policy "dynamic") on every dynamic answer.',
    ),
    headers: RETRY_AFTER,
  },
  '503': {
    ...error(
      `More than ${limits.DYNAMIC_MAX_PENDING} dynamic requests waiting or running (DYNAMIC_MAX_PENDING); Retry-After: ${BUSY_RETRY_AFTER_SECONDS}.`,
    ),
    headers: RETRY_AFTER,
  },
};
const NOT_ACCEPTABLE = { '406': error('Accept-Encoding refuses br, gzip and identity alike (e.g. `identity;q=0` alone).') };
const WEBSUB_LINK = { description: 'WebSub discovery: `<hub>; rel="hub", <topic>; rel="self"`.', schema: { type: 'string' } };
const CONDITIONAL_PARAMS = [
  {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    schema: { type: 'string' },
    description: 'ETag list or `*`; weak comparison; takes precedence over If-Modified-Since (RFC 9110 §13.2.2).',
  },
  {
    name: 'If-Modified-Since',
    in: 'header',
    required: false,
    schema: { type: 'string' },
    description: 'HTTP date; ignored when If-None-Match is present.',
  },
];

function documentGet(summary: string, schema: Obj, opts: { topic?: boolean; contentType?: string } = {}): Obj {
  return {
    get: {
      summary,
      parameters: CONDITIONAL_PARAMS,
      responses: {
        '200': {
          description: summary,
          headers: opts.topic ? { ...CONDITIONAL_HEADERS, Link: WEBSUB_LINK } : CONDITIONAL_HEADERS,
          content: { [opts.contentType ?? 'application/json']: { schema } },
        },
        '304': { description: 'Not Modified: the validator matched; empty body.' },
        ...NOT_ACCEPTABLE,
      },
    },
  };
}

/**
 * The moderation policy in the API description. The counts themselves are data (reviews.json and
 * insights.json carry them), so this document stays the same whatever the reviews: its ETag changes only with the API.
 */
const MODERATION_SENTENCE =
  `Moderation (16 CFR Part 465): reviews.json and insights.json carry \`moderation\` (schema ModerationRecord): reviews received, published, ` +
  `still unverified, and withheld per reason code (${REJECTION_REASON_CODES.join(', ')}), overall and per star rating; ` +
  'received = published + unverified + withheld. No review is withheld for its rating or sentiment.';

/**
 * Builds the OpenAPI 3.1.0 description of the whole interface (spec: Versioning), schemas from the Zod model.
 */
export function buildOpenApiDocument(baseUrl: string): Obj {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Reviews service',
      version: '1.0.0',
      description: [
        'Public, read-only service of verified customer reviews, aggregate rating and aspect-based insights.',
        'Choices where the interface leaves them open: search results are under `reviews`, newest first with ties by id, all filters combine with AND;',
        '`query` is a case- and accent-insensitive substring match; unknown, repeated or empty query parameters are errors (400 with `issues`);',
        'errors are JSON `{ error, issues: [{ path, code, message }] }`; unknown paths are 404 and wrong methods 405 with `Allow`, both JSON;',
        `feeds hold the ${FEED_SIZE} newest reviews; WebSub leases default to 10 days, clamped to [1 hour, 30 days]; the hub answers 202 when a request is accepted for verification and 400 with \`issues\` when rejected.`,
        'No authentication: an Authorization header is ignored.',
        `Dynamic endpoints (search, since, /mcp) are rate limited per client by default (${limits.DYNAMIC_RATE_LIMIT_MAX} requests per ${limits.DYNAMIC_RATE_LIMIT_WINDOW_SECONDS} s; 429 with Retry-After) and answer 503 with Retry-After when more than ${limits.DYNAMIC_MAX_PENDING} wait;`,
        `search and since bodies up to ${limits.DYNAMIC_COMPRESS_MAX_BYTES} bytes may be compressed, larger ones are sent uncompressed. A general rate limit on every path is off by default; an operator may enable it.`,
        `Error bodies list at most ${MAX_ISSUES} issues, then one \`too_many_issues\` issue counting the rest. Every error has Cache-Control: no-store.`,
        'Compatibility: paths carry no version; fields may be added within 1.x, and a field is never removed or retyped without a new major version.',
        MODERATION_SENTENCE,
      ].join(' '),
    },
    servers: [{ url: baseUrl }],
    paths: {
      [DOCUMENT_PATHS.reviews]: documentGet('Full reviews dataset: business, aggregate rating, every verified review.', ref('ReviewsDocument'), {
        topic: true,
      }),
      [DOCUMENT_PATHS.insights]: documentGet('Insights: aspect sentiment, entities, topics, FAQ and summary.', ref('InsightsDocument')),
      [DOCUMENT_PATHS.jsonFeed]: documentGet(`JSON Feed 1.1 of the ${FEED_SIZE} newest reviews.`, ref('JsonFeed'), { topic: true }),
      [DOCUMENT_PATHS.atom]: documentGet(
        `Atom feed of the ${FEED_SIZE} newest reviews (a WebSub topic).`,
        { type: 'string' },
        { topic: true, contentType: 'application/atom+xml' },
      ),
      [SEARCH_PATH]: {
        get: {
          summary: 'Search reviews. HTTP equivalent of the MCP tool search_reviews.',
          parameters: [...buildSearchParameters(), ...CONDITIONAL_PARAMS],
          responses: {
            '200': json(ref('SearchResponse'), 'Matching reviews, newest first (ties by id).'),
            '304': { description: 'Not Modified.' },
            '400': error(
              `Invalid query: one issue per problem (wrong type, out of range, unknown, repeated or empty parameter, since after until), at most ${MAX_ISSUES}; the accepted names are listed once, in \`error\`.`,
            ),
            '404': error('`/api/reviews/search/` (trailing slash): no such resource.'),
            ...NOT_ACCEPTABLE,
            ...DYNAMIC_LOAD_RESPONSES,
          },
        },
      },
      [FIND_PATH]: {
        get: {
          summary: 'Ranked search (extension beyond the interface specification). HTTP equivalent of the MCP tool find_reviews.',
          description:
            'Not part of the interface specification: an extension of this service, which may change with a minor version. ' +
            'Typo-tolerant, prefix-aware, best match first, across review text and title, technician names and aliases, service names and synonyms, and service areas. ' +
            'A review matches when it has most of the words (each through its typo or prefix variants; two neighbouring words also as one, so `clean up` finds `cleanup`), each word weighing as much as it is rare: ' +
            "the words it has must carry at least half of the query's weight. Ranked by relevance times that share, so reviews with every word come first; when no review has most of the words, reviews with some are returned. " +
            '`matchedAll` is true when every matching review has every word. ' +
            'Same review objects as search, plus `score` and `highlights` (UTF-16 offsets into the text or title). Same error format as search.',
          'x-extension': true,
          parameters: [...buildFindParameters(), ...CONDITIONAL_PARAMS],
          responses: {
            '200': json(ref('FindResponse'), 'Reviews, best match first.'),
            '304': { description: 'Not Modified.' },
            '400': error('Invalid parameters: one issue per problem (missing or empty q, limit out of range, unknown or repeated parameter).'),
          },
        },
      },
      [DOCUMENT_PATHS.widget]: documentGet(
        'Data of the embeddable widget: business name, aggregate rating with histogram, the moderation record when published, the 10 newest reviews (extension).',
        ref('WidgetDocument'),
      ),
      [DOCUMENT_PATHS.widgetScript]: documentGet(
        'The embeddable widget, a custom element <shingle-reviews> (JavaScript module, extension).',
        { type: 'string' },
        { contentType: 'text/javascript' },
      ),
      '/api/reviews/since/{date}': {
        get: {
          summary: 'Reviews dated on or after a date, newest first (ties by id). Incremental sync.',
          parameters: [
            {
              name: 'date',
              in: 'path',
              required: true,
              schema: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
              description: 'YYYY-MM-DD, a real calendar date.',
            },
            ...CONDITIONAL_PARAMS,
          ],
          responses: {
            '200': {
              description:
                "Reviews since the date. A date before the oldest review is answered with the document of the oldest review's date, and a date after the newest with that of the day after it (same reviews; `since` is that date, named by Content-Location).",
              headers: {
                ...CONDITIONAL_HEADERS,
                'Content-Location': { description: 'Present when the document of a boundary date answers: its path.', schema: { type: 'string' } },
              },
              content: { 'application/json': { schema: ref('SinceDocument') } },
            },
            '304': { description: 'Not Modified: empty body.' },
            '400': error('Malformed or impossible date (e.g. 2023-02-30).'),
            '404': error('`/api/reviews/since/{date}/` (trailing slash) or more path segments: no such resource.'),
            ...NOT_ACCEPTABLE,
            ...DYNAMIC_LOAD_RESPONSES,
          },
        },
      },
      [MCP_PATH]: {
        get: {
          summary: 'Not offered: this server sends no SSE stream.',
          responses: { '405': { description: 'Method Not Allowed; `Allow: POST, DELETE, OPTIONS`.' } },
        },
        post: {
          summary: `Model Context Protocol over streamable HTTP (JSON-RPC 2.0), protocol ${SPEC_PROTOCOL_VERSION} (${OTHER_PROTOCOL_VERSIONS.join(', ')} also negotiated).`,
          description: [
            'Send `Accept: application/json, text/event-stream`. `initialize` returns `Mcp-Session-Id`; send it on later requests (missing → 400, unknown, expired or ended → 404: initialize again).',
            'Every answer carries a renewed `Mcp-Session-Id` (sliding idle expiry). Responses are JSON (no SSE stream). Read-only tools: get_business, search_reviews and more (see tools/list).',
            'JSON-RPC errors: -32700 parse error and -32600 invalid request with HTTP 400; -32601 unknown method and -32602 invalid params (including an unknown tool) with HTTP 200.',
          ].join(' '),
          parameters: [
            { name: 'Mcp-Session-Id', in: 'header', required: false, schema: { type: 'string' }, description: 'Required after initialize.' },
            {
              name: 'MCP-Protocol-Version',
              in: 'header',
              required: false,
              schema: { type: 'string', enum: [...SUPPORTED_PROTOCOL_VERSIONS].sort() },
            },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
          responses: {
            '200': { description: 'JSON-RPC response.', content: { 'application/json': { schema: { type: 'object' } } } },
            '202': { description: 'Notification or response accepted; empty body.' },
            '400': {
              description: 'Malformed JSON (-32700), not a JSON-RPC request (-32600), missing session id or bad MCP-Protocol-Version.',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            '403': { description: 'Origin not allowed (DNS-rebinding protection).', content: { 'application/json': { schema: { type: 'object' } } } },
            '404': {
              description: 'Unknown, expired or ended session: initialize again.',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            '406': {
              description: 'Accept header lacks application/json and text/event-stream.',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            '413': { description: 'Body too large.', content: { 'application/json': { schema: { type: 'object' } } } },
            '415': { description: 'Content-Type is not application/json.', content: { 'application/json': { schema: { type: 'object' } } } },
            ...DYNAMIC_LOAD_RESPONSES,
          },
        },
        delete: {
          summary: 'End an MCP session; later requests with its id get 404.',
          parameters: [{ name: 'Mcp-Session-Id', in: 'header', required: true, schema: { type: 'string' } }],
          responses: {
            '204': { description: 'Session ended.' },
            '400': { description: 'No session id.' },
            '404': { description: 'Unknown or expired session.' },
          },
        },
      },
      [HUB_PATH]: {
        post: {
          summary: 'WebSub hub: subscribe, unsubscribe (W3C WebSub §5.1) and publish.',
          description: [
            'Accepted subscribe/unsubscribe requests get 202 at once; the hub then verifies intent with a GET to the callback',
            '(`hub.mode`, `hub.topic`, a single-use `hub.challenge`, and on subscribe the granted `hub.lease_seconds`): the callback must answer 2xx with exactly the challenge.',
            'Deliveries POST the exact bytes of the topic with its Content-Type, a `Link` header (`rel="hub"`, `rel="self"`), `X-Hub-Signature: sha256=<hex HMAC>` when a secret was given,',
            'and a delivery id that stays the same across retries. 3 consecutive failed deliveries, or one 410, remove the subscription.',
            "Unknown parameters are ignored. `hub.mode=publish` (with `hub.url` or `hub.topic`) is accepted from loopback, or with the operator's token in `X-Hub-Publish-Token`; everyone else gets 403.",
          ].join(' '),
          parameters: [
            {
              name: 'X-Hub-Publish-Token',
              in: 'header',
              required: false,
              schema: { type: 'string' },
              description: 'Operator token for hub.mode=publish from outside the machine. Not needed to subscribe.',
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  required: ['hub.mode'],
                  properties: {
                    'hub.callback': {
                      type: 'string',
                      format: 'uri',
                      description:
                        'Required to subscribe/unsubscribe. Absolute HTTPS URL of the subscriber; plain HTTP, other schemes, credentials and fragments are rejected, and so are private or loopback addresses.',
                    },
                    'hub.mode': { type: 'string', enum: ['subscribe', 'unsubscribe', 'publish'] },
                    'hub.topic': {
                      type: 'string',
                      enum: [`${baseUrl}/feed.xml`, `${baseUrl}/api/feed.json`, `${baseUrl}/reviews.json`],
                      description: 'Required to subscribe/unsubscribe: one of the three topic URLs.',
                    },
                    'hub.lease_seconds': {
                      type: 'integer',
                      description: 'Requested lease; default 864000 (10 days), clamped to [3600, 2592000] (1 hour to 30 days).',
                    },
                    'hub.secret': {
                      type: 'string',
                      description: 'HMAC secret, fewer than 200 bytes; deliveries then carry X-Hub-Signature: sha256=…',
                    },
                    'hub.url': { type: 'string', format: 'uri', description: 'With hub.mode=publish: the topic that changed (repeatable).' },
                  },
                },
              },
            },
          },
          responses: {
            '202': { description: 'Accepted; verification of intent (or the fan-out, for publish) follows asynchronously.' },
            '400': error('Rejected: invalid callback, mode, topic, lease or secret; one issue per problem.'),
            '403': error(
              'Publish from a client that is neither local (loopback, no forwarding headers, no Origin header) nor holds the publish token, or a subscription cap reached.',
            ),
            '405': error('Method other than POST.'),
            '413': error(
              'Body larger than 16 KiB: answered before reading a declared Content-Length over it; a chunked body is read no further than the limit.',
            ),
            '415': error('Body is not application/x-www-form-urlencoded.'),
            '429': error('Too many subscription requests; see Retry-After.'),
            '503': error('The hub is shutting down or overloaded; retry later.'),
          },
        },
      },
    },
    components: { schemas: buildComponentSchemas() },
  };
}
