import { ServiceError, walletReport, type ReportStore, type SavedReportRecord } from '@paysight/contracts';
import { isStoreError } from '@paysight/store';
import { Router, type ErrorRequestHandler, type Response } from 'express';
import { sendError } from '../http/errors.js';
import type { Logger } from '../http/logger.js';
import { REPORT_PAGE_CSP, renderReportPage } from '../report-page/page.js';

export interface SavedReportDeps {
  reports: ReportStore;
  log: Logger;
}

/** The route of saved reports (Express syntax). */
export const SAVED_REPORT_ROUTE = '/reports/:id';

/** Where a saved report is reached, relative to the public origin. */
export function savedReportPath(id: string): string {
  return `/reports/${encodeURIComponent(id)}`;
}

/** Unlisted: kept out of search indexes and shared caches, and never named in a Referer. */
const PRIVACY_HEADERS = {
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'private',
  'X-Content-Type-Options': 'nosniff',
  Vary: 'Accept',
};

/** One message for unknown and malformed ids alike: the answer never tells whether an id ever existed. */
const NOT_FOUND_MESSAGE = 'No saved report at this address.';

/** GET /reports/:id: the report as a page, or as JSON with Accept: application/json. */
export function savedReportRouter(deps: SavedReportDeps): Router {
  const router = Router();
  router.get(SAVED_REPORT_ROUTE, async (req, res) => {
    res.set(PRIVACY_HEADERS);
    const record = await load(deps.reports, req.params.id);
    if (!record) throw new ServiceError(404, 'not_found', NOT_FOUND_MESSAGE);
    if (req.accepts(['text/html', 'application/json']) === 'application/json') sendJson(res, record);
    else sendPage(res, record, deps.log);
  });
  router.all(SAVED_REPORT_ROUTE, (_req, res) => {
    res.set(PRIVACY_HEADERS).setHeader('Allow', 'GET, HEAD');
    sendError(res, 405, 'method_not_allowed', 'Saved reports are read with GET.');
  });
  // An id with a broken percent-escape never reaches the handler: the router cannot decode it (URIError).
  router.use(((error, _req, res, next) => {
    if (!(error instanceof URIError)) return next(error);
    res.set(PRIVACY_HEADERS);
    sendError(res, 404, 'not_found', NOT_FOUND_MESSAGE);
  }) satisfies ErrorRequestHandler);
  return router;
}

async function load(reports: ReportStore, id: string): Promise<SavedReportRecord | null> {
  try {
    return await reports.get(id);
  } catch (error) {
    if (isStoreError(error) && error.code === 'unavailable') {
      throw new ServiceError(503, 'store_unavailable', 'Saved reports cannot be read right now. Try again shortly.');
    }
    throw error;
  }
}

function sendJson(res: Response, record: SavedReportRecord): void {
  res.status(200).json({
    ok: true,
    id: record.id,
    toolId: record.toolId,
    chain: record.chain,
    subject: record.subject,
    createdAt: record.createdAt.toISOString(),
    report: record.document,
  });
}

function sendPage(res: Response, record: SavedReportRecord, log: Logger): void {
  const parsed = walletReport.safeParse(record.document);
  if (!parsed.success) {
    // A document this server cannot draw (another kind or version): its JSON is still served.
    log.error('saved_report_not_renderable', { requestId: res.locals.requestId, toolId: record.toolId, issues: parsed.error.issues.length });
    throw new ServiceError(500, 'internal_error', 'This report cannot be shown as a page; request it with Accept: application/json.', {
      requestId: res.locals.requestId,
    });
  }
  res
    .status(200)
    .type('html')
    .set('Content-Security-Policy', REPORT_PAGE_CSP)
    .send(renderReportPage({ createdAt: record.createdAt, toolId: record.toolId, report: parsed.data }));
}
