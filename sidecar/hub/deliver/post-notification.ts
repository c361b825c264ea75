import { classifyDeliveryOutcome, type DeliveryOutcome } from '../../../core/hub/delivery-outcome.ts';
import { SIGNATURE_HEADER, signPayload } from '../../../core/hub/payload-signature.ts';
import type { OutboundClient, OutboundFailure } from '../outbound/outbound-client.ts';

/** Header carrying the delivery id: equal for every retry of one notification, so subscribers can drop duplicates. */
export const DELIVERY_ID_HEADER = 'X-Hub-Delivery';

export interface Notification {
  callback: string;
  deliveryId: string;
  secret: string | null;
  /** The exact bytes the topic URL serves for the current build (shared, never copied). */
  bytes: Buffer;
  contentType: string;
  /** `<hub>; rel="hub", <topic>; rel="self"` (WebSub §7). */
  link: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface DeliveryAttempt {
  outcome: DeliveryOutcome;
  status: number | null;
  failure?: OutboundFailure;
}

/**
 * Content distribution (WebSub §7): POST the topic's full content with its exact Content-Type, the
 * Link header and — only when the subscription has a secret — X-Hub-Signature: sha256=HMAC(body).
 * Only 2xx acknowledges; the response body is not read beyond a small bound.
 */
export async function postNotification(client: OutboundClient, n: Notification): Promise<DeliveryAttempt> {
  const headers: Record<string, string> = { 'content-type': n.contentType, link: n.link, [DELIVERY_ID_HEADER.toLowerCase()]: n.deliveryId };
  if (n.secret !== null) headers[SIGNATURE_HEADER.toLowerCase()] = signPayload(n.secret, n.bytes);
  const res = await client.send(n.callback, {
    method: 'POST',
    headers,
    body: n.bytes,
    timeoutMs: n.timeoutMs,
    readBytes: 0,
    ...(n.signal ? { signal: n.signal } : {}),
  });
  if (!res.ok) return { outcome: 'failed', status: null, failure: res.failure };
  return { outcome: classifyDeliveryOutcome(res.status), status: res.status };
}
