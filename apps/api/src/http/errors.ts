import type { ErrorBody, ErrorCode } from '@paysight/contracts';
import type { Response } from 'express';

/** An error that maps to one HTTP answer with the project's error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function errorBody(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { ok: false, error: details === undefined ? { code, message } : { code, message, details } };
}

export function sendError(res: Response, status: number, code: ErrorCode, message: string, details?: unknown): void {
  res.status(status).json(errorBody(code, message, details));
}
