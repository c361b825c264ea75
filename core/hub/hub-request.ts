import { z } from 'zod';
import type { ErrorIssue } from '../schemas/error-schema.ts';
import { checkCallbackUrl } from './callback-url.ts';
import type { Cidr } from './cidr.ts';
import { grantLease, type LeasePolicy } from './lease.ts';

/** `hub.secret` must be shorter than this many bytes (WebSub §5.1). */
export const SECRET_MAX_BYTES = 200;
/** C0 controls and DEL: never part of a secret someone types, and a NUL cannot be stored in PostgreSQL text. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export const HubModeSchema = z.enum(['subscribe', 'unsubscribe', 'publish']);

export type HubRequest =
  | { mode: 'subscribe'; callback: string; host: string; topic: string; leaseSeconds: number; secret: string | null }
  | { mode: 'unsubscribe'; callback: string; host: string; topic: string }
  | { mode: 'publish'; topics: string[] };

export interface HubRequestContext {
  /** The topic URLs (BASE_URL + topic path), exactly as the hub announces them in Link headers. */
  topics: readonly string[];
  /** HUB_ALLOW_PRIVATE_CALLBACKS. */
  allow: readonly Cidr[];
  lease: LeasePolicy;
}

export type HubRequestResult = { ok: true; request: HubRequest } | { ok: false; issues: ErrorIssue[] };

const SINGLE_VALUED = ['hub.mode', 'hub.callback', 'hub.topic', 'hub.lease_seconds', 'hub.secret'] as const;

/** The announced topic URL that `value` names (compared after URL normalisation), or null. */
export function matchTopic(value: string, topics: readonly string[]): string | null {
  let href: string;
  try {
    href = new URL(value).href;
  } catch {
    return null;
  }
  return topics.find((t) => new URL(t).href === href) ?? null;
}

/**
 * Validates a form-encoded hub request (WebSub §5.1 subscribe/unsubscribe, and the publish ping).
 * Unknown parameters are ignored; each known single-valued parameter may appear once. Every
 * problem is reported, each as one `{path, code, message}` issue.
 */
export function parseHubRequest(form: URLSearchParams, ctx: HubRequestContext): HubRequestResult {
  const issues: ErrorIssue[] = [];
  const issue = (path: string, code: string, message: string) => issues.push({ path, code, message });
  for (const key of SINGLE_VALUED) {
    if (form.getAll(key).length > 1 && !(key === 'hub.topic' && form.get('hub.mode') === 'publish')) {
      issue(key, 'repeated_parameter', 'must be given once');
    }
  }
  const mode = HubModeSchema.safeParse(form.get('hub.mode'));
  if (!mode.success) {
    issue('hub.mode', form.has('hub.mode') ? 'invalid_value' : 'required', 'must be "subscribe" or "unsubscribe" (or "publish" for the operator)');
    return { ok: false, issues };
  }
  if (mode.data === 'publish') return parsePublish(form, ctx, issues);

  const callback = form.get('hub.callback');
  let callbackHref = '';
  let host = '';
  if (callback === null || callback === '') issue('hub.callback', 'required', 'the subscriber callback URL (https://…) is required');
  else {
    const checked = checkCallbackUrl(callback, ctx.allow);
    if (checked.ok) [callbackHref, host] = [checked.url.href, checked.host];
    else issue('hub.callback', checked.code, checked.message);
  }
  const topicValue = form.get('hub.topic');
  const topic = topicValue ? matchTopic(topicValue, ctx.topics) : null;
  if (!topicValue) issue('hub.topic', 'required', `the topic URL is required; one of ${ctx.topics.join(', ')}`);
  else if (!topic) issue('hub.topic', 'unknown_topic', `must be one of ${ctx.topics.join(', ')}`);

  if (mode.data === 'unsubscribe') {
    return issues.length > 0 ? { ok: false, issues } : { ok: true, request: { mode: 'unsubscribe', callback: callbackHref, host, topic: topic! } };
  }
  const leaseText = form.get('hub.lease_seconds');
  if (leaseText !== null && leaseText !== '' && !/^\d{1,12}$/.test(leaseText)) {
    issue('hub.lease_seconds', 'invalid_type', 'must be a whole number of seconds');
  }
  const secret = form.get('hub.secret');
  if (secret !== null && secret === '') issue('hub.secret', 'too_small', 'must not be empty; leave hub.secret out for unsigned deliveries');
  if (secret !== null && Buffer.byteLength(secret, 'utf8') >= SECRET_MAX_BYTES) {
    issue('hub.secret', 'too_big', `must be shorter than ${SECRET_MAX_BYTES} bytes (UTF-8)`);
  }
  if (secret !== null && CONTROL_CHARACTERS.test(secret)) {
    issue('hub.secret', 'invalid_characters', 'must not contain control characters (U+0000–U+001F, U+007F)');
  }
  if (issues.length > 0) return { ok: false, issues };
  const requested = leaseText ? Number(leaseText) : undefined;
  return {
    ok: true,
    request: {
      mode: 'subscribe',
      callback: callbackHref,
      host,
      topic: topic!,
      leaseSeconds: grantLease(requested, ctx.lease),
      secret: secret ?? null,
    },
  };
}

/** `hub.mode=publish` with one or several `hub.url` / `hub.topic` values naming announced topics. */
function parsePublish(form: URLSearchParams, ctx: HubRequestContext, issues: ErrorIssue[]): HubRequestResult {
  const values = [...form.getAll('hub.url'), ...form.getAll('hub.topic')];
  if (values.length === 0) issues.push({ path: 'hub.url', code: 'required', message: 'name at least one topic with hub.url or hub.topic' });
  const topics = new Set<string>();
  for (const v of values) {
    const t = matchTopic(v, ctx.topics);
    if (t) topics.add(t);
    else
      issues.push({
        path: form.getAll('hub.url').includes(v) ? 'hub.url' : 'hub.topic',
        code: 'unknown_topic',
        message: `must be one of ${ctx.topics.join(', ')}`,
      });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, request: { mode: 'publish', topics: [...topics] } };
}
