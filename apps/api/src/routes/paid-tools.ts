import { CATALOG, type CatalogEntry } from '@paysight/contracts';
import type { PaidCallService } from '@paysight/paid-call';
import { challengeHeaders, decodePayment, receiptHeaders } from '@paysight/payment';
import { Router, type Request, type Response } from 'express';
import { sendError } from '../http/errors.js';

/** Marks a 200 that serves again the answer a payment already paid for (docs/paying.md, "Presenting a payment again"). */
export const REPLAY_HEADER = 'Paysight-Replay';

export interface PaidToolDeps {
  paidCalls: PaidCallService;
  publicBaseUrl: () => string;
}

/**
 * The REST codec of the paid-call service: one POST route per catalog entry. In: the JSON body and
 * the x402 payment headers. Out: the status, the x402 headers (offer or receipt) and the body.
 */
export function paidToolsRouter(deps: PaidToolDeps): Router {
  const router = Router();
  for (const entry of CATALOG) {
    router.post(entry.path, (req, res) => servePaidCall(entry, req, res, deps));
    router.all(entry.path, (_req, res) => {
      res.setHeader('Allow', 'POST');
      sendError(res, 405, 'method_not_allowed', `${entry.path} accepts POST with a JSON body.`);
    });
  }
  return router;
}

async function servePaidCall(entry: CatalogEntry, req: Request, res: Response, deps: PaidToolDeps): Promise<void> {
  const response = await deps.paidCalls.call({
    entry,
    body: req.body,
    payment: decodePayment(req.headers),
    requestId: res.locals.requestId as string,
    resourceUrl: `${deps.publicBaseUrl()}${entry.path}`,
  });
  res.locals.x402RequestId = response.x402RequestId ?? undefined;
  switch (response.kind) {
    case 'ok':
      res.status(200).set(receiptHeaders(response.receipt, response.protocolVersion));
      if (response.replay) res.set(REPLAY_HEADER, 'true');
      res.json(response.body);
      return;
    case 'payment_required':
      res.status(402).set(challengeHeaders(response.challenge)).json(response.challenge.body);
      return;
    case 'error':
      if (response.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(response.retryAfterSeconds));
      res.status(response.httpStatus).json(response.body);
  }
}
