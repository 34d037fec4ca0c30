import type { IncomingMessage } from 'node:http';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { JSON_TOO_DEEP_MESSAGE, ServiceError, contentEncodingRefusal, jsonTooDeep, type ErrorCode } from '@paysight/contracts';
import { readBoundedBody } from './bounded-body.js';

/** How a body that cannot be taken is answered, by either reader below. */
export interface BodyRefusal {
  status: 400 | 413 | 415;
  code: ErrorCode;
  message: string;
}

const REFUSALS = {
  invalid: { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' },
  tooDeep: { status: 400, code: 'invalid_json', message: JSON_TOO_DEEP_MESSAGE },
  tooLarge: { status: 413, code: 'payload_too_large', message: 'The request body is too large.' },
  // A length that does not match Content-Length, an aborted upload.
  unreadable: { status: 400, code: 'invalid_json', message: 'The request body could not be read as sent.' },
  charset: { status: 415, code: 'unsupported_media_type', message: 'Send the body as UTF-8 JSON.' },
} satisfies Record<string, BodyRefusal>;

const refusalError = (refusal: BodyRefusal) => new ServiceError(refusal.status, refusal.code, refusal.message);

/**
 * JSON bodies only, bounded in size (`limitBytes` of the request's path) and depth, never inflated
 * (a Content-Encoding is refused); parse failures become structured 400/413/415 answers.
 */
export function jsonBody(limitBytes: (path: string) => number): RequestHandler[] {
  const requireJson: RequestHandler = (req, _res, next) => {
    const type = req.headers['content-type'];
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && type && !req.is('application/json')) {
      next(new ServiceError(415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.'));
      return;
    }
    next();
  };
  const refuseDeep = (_req: unknown, _res: unknown, bytes: Buffer) => {
    if (jsonTooDeep(bytes)) throw Object.assign(new Error(JSON_TOO_DEEP_MESSAGE), { type: TOO_DEEP });
  };
  const parsers = new Map<number, RequestHandler>();
  const parse: RequestHandler = (req, res, next) => {
    const limit = limitBytes(req.path);
    let parser = parsers.get(limit);
    if (!parser) parsers.set(limit, (parser = express.json({ limit, strict: false, inflate: false, verify: refuseDeep })));
    parser(req, res, next);
  };
  return [requireJson, parse];
}

const TOO_DEEP = 'entity.too.deep';

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Translates body-parser failures (they carry a `type`) into ServiceErrors. */
export const bodyErrors: ErrorRequestHandler = (error: unknown, req, _res, next) => {
  const { type, status } = (error ?? {}) as BodyParserError;
  if (type === undefined) return next(error);
  if (type === 'entity.parse.failed') return next(refusalError(REFUSALS.invalid));
  if (type === TOO_DEEP) return next(refusalError(REFUSALS.tooDeep));
  if (type === 'entity.too.large') return next(refusalError(REFUSALS.tooLarge));
  if (type === 'encoding.unsupported') {
    return next(new ServiceError(415, 'unsupported_media_type', contentEncodingRefusal(req.headers['content-encoding']) ?? 'Send the body uncompressed.'));
  }
  if (type === 'charset.unsupported') return next(refusalError(REFUSALS.charset));
  if (status !== undefined && status >= 400 && status < 500) return next(refusalError(REFUSALS.unreadable));
  next(error);
};

const PLAIN_JSON_TYPE = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/**
 * A request whose body `readJsonBody` reads exactly as the Express parser would: a declared,
 * non-empty length and `application/json`, in UTF-8 if a charset is named. Any other request to a
 * paid route (no type, another type or charset, chunked) goes through Express and its parser.
 */
export function plainJsonRequest(req: IncomingMessage): boolean {
  return Number(req.headers['content-length']) > 0 && PLAIN_JSON_TYPE.test(req.headers['content-type'] ?? '');
}

/**
 * Reads a plain JSON request's body without Express, under the same rules (size, no
 * Content-Encoding, depth before the parse) and with the same refusals. After a refusal that
 * leaves the body unread (`closeConnection`), the answer closes the connection instead of draining it.
 */
export async function readJsonBody(req: IncomingMessage, limitBytes: number): Promise<JsonBodyRead> {
  const read = await readBoundedBody(req, limitBytes).catch(() => null);
  if (read === null) return refused(REFUSALS.unreadable);
  if (read.kind === 'too_large') return refused(REFUSALS.tooLarge, true);
  if (read.kind === 'encoded') return refused({ status: 415, code: 'unsupported_media_type', message: read.message }, true);
  if (read.kind === 'too_deep') return refused(REFUSALS.tooDeep);
  if (read.kind === 'ok') {
    try {
      return { ok: true, body: JSON.parse(read.text) };
    } catch {
      // Never the parser's message: it quotes the body, which may hold a secret.
    }
  }
  return refused(REFUSALS.invalid);
}

type JsonBodyRead = { ok: true; body: unknown } | { ok: false; refusal: BodyRefusal; closeConnection: boolean };

const refused = (refusal: BodyRefusal, closeConnection = false): JsonBodyRead => ({ ok: false, refusal, closeConnection });
