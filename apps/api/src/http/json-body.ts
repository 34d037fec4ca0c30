import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { ServiceError } from '@paysight/contracts';

/** JSON bodies only, bounded in size; parse failures become structured 400/413/415 answers. */
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
  return [requireJson, express.json({ limit: limitBytes, strict: false })];
}

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Translates body-parser failures (they carry a `type`) into ServiceErrors. */
export const bodyErrors: ErrorRequestHandler = (error: unknown, _req, _res, next) => {
  const type = (error as BodyParserError | null)?.type;
  if (type === 'entity.parse.failed') return next(new ServiceError(400, 'invalid_json', 'The request body is not valid JSON.'));
  if (type === 'entity.too.large') return next(new ServiceError(413, 'payload_too_large', 'The request body is too large.'));
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return next(new ServiceError(415, 'unsupported_media_type', 'Send the body as UTF-8 JSON.'));
  }
  next(error);
};
