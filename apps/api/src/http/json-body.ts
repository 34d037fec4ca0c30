import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { JSON_TOO_DEEP_MESSAGE, ServiceError, contentEncodingRefusal, jsonTooDeep } from '@paysight/contracts';

/**
 * JSON bodies only, bounded in size and depth, never inflated (a Content-Encoding is refused);
 * parse failures become structured 400/413/415 answers.
 */
export function jsonBody(limitBytes: number): RequestHandler[] {
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
  return [requireJson, express.json({ limit: limitBytes, strict: false, inflate: false, verify: refuseDeep })];
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
  if (type === 'entity.parse.failed') return next(new ServiceError(400, 'invalid_json', 'The request body is not valid JSON.'));
  if (type === TOO_DEEP) return next(new ServiceError(400, 'invalid_json', JSON_TOO_DEEP_MESSAGE));
  if (type === 'entity.too.large') return next(new ServiceError(413, 'payload_too_large', 'The request body is too large.'));
  if (type === 'encoding.unsupported') {
    return next(new ServiceError(415, 'unsupported_media_type', contentEncodingRefusal(req.headers['content-encoding']) ?? 'Send the body uncompressed.'));
  }
  if (type === 'charset.unsupported') return next(new ServiceError(415, 'unsupported_media_type', 'Send the body as UTF-8 JSON.'));
  // The rest are bodies that could not be read as sent (a length that does not match Content-Length, an aborted upload).
  if (status !== undefined && status >= 400 && status < 500) return next(new ServiceError(400, 'invalid_json', 'The request body could not be read as sent.'));
  next(error);
};
