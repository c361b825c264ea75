import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './errors.ts';
import { sendFastError } from './fast-handler.ts';

/** The 406 for a request whose Accept-Encoding refuses every coding we have, identity included. */
export function notAcceptable(): HttpError {
  return new HttpError(406, 'No acceptable content coding: this resource is available as br, gzip or identity', [
    { path: 'Accept-Encoding', code: 'not_acceptable', message: 'accept at least one of br, gzip or identity (do not send identity;q=0 alone)' },
  ]);
}

/** Sends that 406 outside Express. */
export function sendNotAcceptable(req: IncomingMessage, res: ServerResponse, common: readonly [string, string][]): number {
  return sendFastError(res, notAcceptable(), common, req.method === 'HEAD');
}
