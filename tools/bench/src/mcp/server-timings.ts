import { AsyncLocalStorage } from 'node:async_hooks';
import dc from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** What a served request waited for: the facilitator, the chain, the ledger, or another HTTP service. */
export type WaitKind = 'facilitator' | 'chain' | 'ledger' | 'other';

/** One wait of a request: an outgoing HTTP exchange (global fetch) or an awaited ledger call. */
export interface Wait {
  kind: WaitKind;
  /** The path of the exchange, or the ledger method. */
  name: string;
  startMs: number;
  /** null while (or if) it did not end. */
  endMs: number | null;
  failed: boolean;
}

/** One request served, from its parsed headers to the last byte of its answer, with what it waited for. */
export interface ServedRequest {
  path: string;
  startMs: number;
  endMs: number;
  waits: Wait[];
}

export interface ServerTimingsOptions {
  /** The port of the server whose requests are timed. */
  port: number;
  /** The kind of an outgoing HTTP exchange, by its origin. */
  classify(origin: string): WaitKind;
}

export interface ServerTimings {
  /** The requests finished since the last take. */
  take(): ServedRequest[];
  /** Runs `call`, timed as a wait of the request it belongs to (if any). */
  time<T>(kind: WaitKind, name: string, call: () => Promise<T>): Promise<T>;
  /** Unsubscribes and disables the AsyncLocalStorage (and with it the async hooks it turned on). */
  stop(): void;
}

type ServerMessage = { request: IncomingMessage; response: ServerResponse; socket: Socket };
type UndiciMessage = { request: { origin: string; path: string } };
type OpenRequest = Omit<ServedRequest, 'endMs'>;

/**
 * Times a server from inside its process through Node's diagnostics channels, without touching its
 * code: `http.server.request.start` and `http.server.response.finish` bound each request, and the
 * fetch (undici) channels time every outgoing exchange. A wait belongs to the request in whose
 * asynchronous context it began (AsyncLocalStorage, entered when the request starts), so requests
 * served meanwhile by other servers of the process are not counted.
 */
export function recordServerTimings(options: ServerTimingsOptions): ServerTimings {
  const current = new AsyncLocalStorage<OpenRequest | undefined>();
  const open = new WeakMap<ServerResponse, OpenRequest>();
  const exchanges = new WeakMap<object, Wait>();
  let finished: ServedRequest[] = [];

  function begin(kind: WaitKind, name: string): Wait | null {
    const record = current.getStore();
    if (!record) return null;
    const wait: Wait = { kind, name, startMs: performance.now(), endMs: null, failed: false };
    record.waits.push(wait);
    return wait;
  }
  function end(wait: Wait | null | undefined, failed: boolean): void {
    if (!wait || wait.endMs !== null) return;
    wait.endMs = performance.now();
    wait.failed = failed;
  }

  const listeners: Record<string, (message: never) => void> = {
    'http.server.request.start': ({ request, response, socket }: ServerMessage) => {
      if (socket.localPort !== options.port) return current.enterWith(undefined);
      const record: OpenRequest = { path: request.url ?? '', startMs: performance.now(), waits: [] };
      open.set(response, record);
      current.enterWith(record);
    },
    'http.server.response.finish': ({ response }: ServerMessage) => {
      const record = open.get(response);
      if (record) finished.push({ ...record, endMs: performance.now() });
    },
    'undici:request:create': ({ request }: UndiciMessage) => {
      const wait = begin(options.classify(request.origin), request.path);
      if (wait) exchanges.set(request, wait);
    },
    'undici:request:trailers': ({ request }: UndiciMessage) => end(exchanges.get(request), false),
    'undici:request:error': ({ request }: UndiciMessage) => end(exchanges.get(request), true),
  };
  const subscriptions = Object.entries(listeners) as [string, (message: unknown) => void][];
  for (const [channel, listener] of subscriptions) dc.subscribe(channel, listener);
  return {
    take() {
      const taken = finished;
      finished = [];
      return taken;
    },
    async time(kind, name, call) {
      const wait = begin(kind, name);
      try {
        const result = await call();
        end(wait, false);
        return result;
      } catch (error) {
        end(wait, true);
        throw error;
      }
    },
    stop() {
      for (const [channel, listener] of subscriptions) dc.unsubscribe(channel, listener);
      current.disable();
    },
  };
}
