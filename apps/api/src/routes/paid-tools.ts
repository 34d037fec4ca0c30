import { CATALOG, ServiceError, type CatalogEntry } from '@paysight/contracts';
import type { PaidCallProcessor } from '@paysight/payment';
import { buildResponseBody, runTool, type AnyToolModule, type ToolOutput, type ToolPorts } from '@paysight/tools';
import { Router, type Request, type Response } from 'express';
import { sendError } from '../http/errors.js';
import type { Logger } from '../http/logger.js';
import { parseRequest } from '../http/validation.js';

export interface PaidToolDeps {
  ports: ToolPorts;
  payments: PaidCallProcessor;
  tools: Readonly<Partial<Record<string, AnyToolModule>>>;
  publicBaseUrl: () => string;
  clock: () => Date;
  log: Logger;
}

/** One POST route per catalog entry: validate, check the chains, then the paywall runs the tool. */
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
  const input = parseRequest(entry.request, req.body);
  const tool = deps.tools[entry.id];
  if (!tool) {
    throw new ServiceError(501, 'not_implemented', `${entry.id} is listed in the catalog but not served yet. Nothing was charged.`);
  }
  const served = deps.ports.chain.chains();
  const missing = tool.chains(input).filter((chain) => !served.includes(chain));
  if (missing.length) {
    throw new ServiceError(503, 'chain_unavailable', `Chain data for ${missing.join(', ')} is not available on this server. Nothing was charged.`);
  }

  const requestId = res.locals.requestId as string;
  let generatedAt = deps.clock();
  const outcome = await deps.payments.handle<ToolOutput<unknown>>({
    entry,
    input,
    headers: req.headers,
    resourceUrl: `${deps.publicBaseUrl()}${entry.path}`,
    requestId,
    run: () => {
      generatedAt = deps.clock();
      return runTool(tool, input, deps.ports, { now: generatedAt });
    },
  });
  res.locals.x402RequestId = 'x402RequestId' in outcome ? outcome.x402RequestId : undefined;

  switch (outcome.kind) {
    case 'paid':
      res
        .status(200)
        .set(outcome.headers)
        .json(buildResponseBody(entry, outcome.result, { requestId, x402RequestId: outcome.x402RequestId, generatedAt, settlement: outcome.settlement }));
      return;
    case 'failed':
      deps.log.error('tool_failed', { requestId, tool: entry.id, error: describe(outcome.error) });
      sendError(res, 500, 'internal_error', `The ${entry.id} analysis failed. Nothing was charged; the same payment can be presented again.`, {
        requestId,
        x402RequestId: outcome.x402RequestId,
      });
      return;
    default:
      res.status(outcome.status).set(outcome.headers).json(outcome.body);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

