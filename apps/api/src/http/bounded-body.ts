import type { IncomingMessage } from 'node:http';
import { contentEncodingRefusal, jsonTooDeep } from '@paysight/contracts';

export type BoundedBody =
  | { kind: 'ok'; text: string }
  | { kind: 'too_large' }
  | { kind: 'encoded'; message: string }
  | { kind: 'too_deep' }
  | { kind: 'not_utf8' };

/**
 * Reads a request body of at most `maxBytes`. A declared Content-Length above the limit is refused
 * before a byte is read; a body that turns out longer (chunked, or longer than declared) is refused as
 * soon as it passes the limit, without reading the rest. A Content-Encoding is refused before a byte
 * is read too, and JSON nested too deep is refused before it is decoded. After `too_large` and
 * `encoded` the caller answers and closes the connection (the unread body is never drained).
 */
export function readBoundedBody(req: IncomingMessage, maxBytes: number): Promise<BoundedBody> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > maxBytes) return Promise.resolve({ kind: 'too_large' });
  const refusal = contentEncodingRefusal(req.headers['content-encoding']);
  if (refusal) return Promise.resolve({ kind: 'encoded', message: refusal });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: BoundedBody | Error) => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        done({ kind: 'too_large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      const bytes = Buffer.concat(chunks);
      if (jsonTooDeep(bytes)) return done({ kind: 'too_deep' });
      try {
        done({ kind: 'ok', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) });
      } catch {
        done({ kind: 'not_utf8' });
      }
    };
    const onError = (error: Error) => done(error);
    const onClose = () => done(new Error('the request closed before its body ended'));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}
