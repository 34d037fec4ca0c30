import type { IncomingMessage, ServerResponse } from 'node:http';
import { CATALOG, bodyLimitOf, type CatalogEntry } from '@paysight/contracts';
import type { PaidCallService } from '@paysight/paid-call';
import { challengeHeaders, decodePayment, receiptHeaders, type Challenge } from '@paysight/payment';
import { Router } from 'express';
import { sendError, writeError, writeJson } from '../http/errors.js';
import { plainJsonRequest, readJsonBody } from '../http/json-body.js';

/** Marks a 200 that serves again the answer a payment already paid for (docs/paying.md, "Presenting a payment again"). */
export const REPLAY_HEADER = 'Paysight-Replay';

export interface PaidToolDeps {
  paidCalls: PaidCallService;
  publicBaseUrl: () => string;
}

/** What a paid route gives the request's log line: its id in, the x402 request id out. */
export interface PaidCallLocals {
  requestId: string;
  x402RequestId?: string;
}

/**
 * The REST codec of the paid-call service: one POST route per catalog entry. In: the JSON body and
 * the x402 payment headers. Out: the status, the x402 headers (offer or receipt) and the body.
 * Plain JSON POSTs are answered ahead of Express (`plainPaidRoute`, `servePaidRoute`); this router
 * answers the rest: other methods (405), and bodies that Express's parser reads or refuses.
 */
export function paidToolsRouter(deps: PaidToolDeps): Router {
  const router = Router();
  for (const entry of CATALOG) {
    router.post(entry.path, (req, res) => servePaidCall(entry, req.body, req, res, deps, res.locals as PaidCallLocals));
    router.all(entry.path, (_req, res) => {
      res.setHeader('Allow', 'POST');
      sendError(res, 405, 'method_not_allowed', `${entry.path} accepts POST with a JSON body.`);
    });
  }
  return router;
}

const ENTRIES_BY_PATH = new Map(CATALOG.map((entry) => [entry.path, entry]));

/** The catalog entry of a plain JSON POST to a paid route's exact path; null for any other request. */
export function plainPaidRoute(req: IncomingMessage, path: string): CatalogEntry | null {
  const entry = ENTRIES_BY_PATH.get(path);
  return entry && req.method === 'POST' && plainJsonRequest(req) ? entry : null;
}

/** A paid route without Express: reads the body under the shared rules, then serves the call. */
export async function servePaidRoute(entry: CatalogEntry, req: IncomingMessage, res: ServerResponse, deps: PaidToolDeps & { maxBodyBytes: number }, locals: PaidCallLocals): Promise<void> {
  const read = await readJsonBody(req, bodyLimitOf(entry, deps.maxBodyBytes));
  if (read.ok) return servePaidCall(entry, read.body, req, res, deps, locals);
  if (read.closeConnection) res.setHeader('Connection', 'close');
  writeError(res, read.refusal.status, read.refusal.code, read.refusal.message);
}

async function servePaidCall(entry: CatalogEntry, body: unknown, req: IncomingMessage, res: ServerResponse, deps: PaidToolDeps, locals: PaidCallLocals): Promise<void> {
  const response = await deps.paidCalls.call({
    entry,
    body,
    payment: decodePayment(req.headers),
    requestId: locals.requestId,
    resourceUrl: `${deps.publicBaseUrl()}${entry.path}`,
  });
  locals.x402RequestId = response.x402RequestId ?? undefined;
  switch (response.kind) {
    case 'ok':
      writeJson(res, 200, JSON.stringify(response.body), { ...receiptHeaders(response.receipt, response.protocolVersion), ...(response.replay ? { [REPLAY_HEADER]: 'true' } : {}) });
      return;
    case 'payment_required':
      writeJson(res, 402, challengeJson(response.challenge), challengeHeaders(response.challenge));
      return;
    case 'error':
      if (response.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(response.retryAfterSeconds));
      writeJson(res, response.httpStatus, JSON.stringify(response.body));
  }
}

/** An unpaid call's challenge is one frozen object per tool and resource URL: its body is serialized once. */
const serialized = new WeakMap<Challenge, string>();

function challengeJson(challenge: Challenge): string {
  let json = serialized.get(challenge);
  if (json === undefined) {
    json = JSON.stringify(challenge.body);
    if (Object.isFrozen(challenge)) serialized.set(challenge, json);
  }
  return json;
}
