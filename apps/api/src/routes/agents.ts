import { DISCOVERY_PATHS, JSON_TOO_DEEP_MESSAGE, RECOMMEND_MAX_BODY_BYTES, recommendRequest } from '@paysight/contracts';
import { describeFinding, fieldIssues, findSensitiveInput } from '@paysight/paid-call';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { DiscoveryDeps } from '../discovery/deps.js';
import { buildRecommendation } from '../discovery/recommendation.js';
import { buildWorkflowManifest } from '../discovery/workflow-manifest.js';
import { readBoundedBody } from '../http/bounded-body.js';
import { cachedDocument, memoize, serveDocument } from '../http/cached-document.js';
import { sendError } from '../http/errors.js';

/**
 * POST /api/agents/recommend and GET /api/agents/workflows/manifest: free, read-only, built from the
 * catalog alone. Mounted ahead of the JSON body parser: recommend reads its own body, so that a
 * declared size above the limit is refused before a byte is read. Both answer 404 when agent
 * discovery is off, exactly as an unknown address does.
 */
export function agentsRouter(deps: DiscoveryDeps): Router {
  const router = Router();
  const enabled: RequestHandler = (req, res, next) => {
    if (deps.agentDiscovery) next();
    else sendError(res, 404, 'not_found', `No route for ${req.method} ${req.path}.`);
  };
  router
    .route(DISCOVERY_PATHS.recommend)
    .all(enabled)
    .post((req, res, next) => recommend(req, res, deps).catch(next))
    .all(methodNotAllowed('POST', 'accepts POST with a JSON object body'));
  router.all(DISCOVERY_PATHS.workflows, enabled);
  const workflows = memoize((baseUrl) => cachedDocument(JSON.stringify(buildWorkflowManifest(baseUrl)), 'application/json; charset=utf-8'));
  serveDocument(router, [DISCOVERY_PATHS.workflows], () => workflows(deps.publicBaseUrl()));
  return router;
}

function methodNotAllowed(allow: string, what: string): RequestHandler {
  return (req, res) => {
    res.setHeader('Allow', allow);
    sendError(res, 405, 'method_not_allowed', `${req.path} ${what}.`);
  };
}

async function recommend(req: Request, res: Response, deps: DiscoveryDeps): Promise<void> {
  const body = await readBoundedBody(req, RECOMMEND_MAX_BODY_BYTES);
  if (body.kind === 'too_large') {
    // The rest of the body is never read: close the connection instead of draining it.
    res.setHeader('Connection', 'close');
    sendError(res, 413, 'payload_too_large', `The request body may be at most ${RECOMMEND_MAX_BODY_BYTES} bytes.`, { maxBytes: RECOMMEND_MAX_BODY_BYTES });
    return;
  }
  if (body.kind === 'encoded') {
    res.setHeader('Connection', 'close');
    sendError(res, 415, 'unsupported_media_type', body.message);
    return;
  }
  if (body.kind === 'too_deep') {
    sendError(res, 400, 'invalid_json', JSON_TOO_DEEP_MESSAGE);
    return;
  }
  let parsed: unknown;
  try {
    if (body.kind !== 'ok') throw new Error('not UTF-8');
    parsed = JSON.parse(body.text);
  } catch {
    // Never the parser's message: it quotes the body, which may hold a secret.
    sendError(res, 400, 'invalid_json', 'The request body is not valid UTF-8 JSON.');
    return;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    sendError(res, 400, 'invalid_json', 'The request body must be a JSON object.');
    return;
  }
  const secret = findSensitiveInput(parsed);
  if (secret) {
    sendError(res, 400, 'sensitive_input', describeFinding(secret), { kind: secret.kind, path: secret.path });
    return;
  }
  const request = recommendRequest.safeParse(parsed);
  if (!request.success) {
    const issues = fieldIssues(request.error);
    sendError(res, 400, 'invalid_request', `Invalid request: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, { issues });
    return;
  }
  res.json(buildRecommendation(request.data, deps.publicBaseUrl()));
}
