import { errorBody, type ErrorCode } from '@paysight/contracts';
import type { Response } from 'express';

export function sendError(res: Response, status: number, code: ErrorCode, message: string, details?: unknown): void {
  res.status(status).json(errorBody(code, message, details));
}
