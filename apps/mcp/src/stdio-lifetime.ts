import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

/**
 * Resolves once the stdio server is closed: by the host closing stdin (the SDK's stdio transport does
 * not report end of input by itself), or by SIGINT / SIGTERM.
 */
export function untilStopped(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.onclose = resolve;
    const stop = () => void server.close();
    process.stdin.once('end', stop);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** Resolves on SIGINT or SIGTERM (an HTTP-only process has no stdin to watch). */
export function untilSignalled(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}
