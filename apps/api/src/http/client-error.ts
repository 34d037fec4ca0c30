import type { Socket } from 'node:net';
import { errorBody } from '@paysight/contracts';

const HEADER_OVERFLOW = 'HPE_HEADER_OVERFLOW';

/**
 * Node answers a request it cannot parse (headers over its 16 KiB limit, broken HTTP) before any
 * route sees it, with a bare status and no body. This gives that answer the one error body too.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    error.code === HEADER_OVERFLOW
      ? [431, 'Request Header Fields Too Large', 'The request headers are larger than this server accepts (16 KiB in all).']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request did not arrive in time.']
        : [400, 'Bad Request', 'The request is not valid HTTP.'];
  const body = JSON.stringify(errorBody('invalid_request', message));
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
