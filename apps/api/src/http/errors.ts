import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { errorBody, type ErrorCode } from '@paysight/contracts';
import type { Response } from 'express';

export function sendError(res: Response, status: number, code: ErrorCode, message: string, details?: unknown): void {
  res.status(status).json(errorBody(code, message, details));
}

/**
 * Answers with JSON text already serialized, without Express: for the paid routes, answered ahead
 * of it. Headers set before (X-Request-Id, Retry-After) are kept.
 */
export function writeJson(res: ServerResponse, status: number, json: string, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) }).end(json);
}

/** The one error body, without Express. */
export function writeError(res: ServerResponse, status: number, code: ErrorCode, message: string, details?: unknown): void {
  writeJson(res, status, JSON.stringify(errorBody(code, message, details)));
}
