import { CHAIN_NAMES, type ChainSource, type Narrator, type Store } from '@paysight/contracts';
import { createPaidCallProcessor, type AuthorizationReader, type FacilitatorClient, type PaidCallProcessor } from '@paysight/payment';
import { createRequestListener } from '../src/app.js';
import { x402Profile } from '../src/discovery/x402-profile.js';
import { jsonLogger } from '../src/http/logger.js';
import { listen, type RunningServer } from '../src/server.js';

/**
 * An object every method of which records its call and throws: a dependency that must not be reached.
 * Methods in `answers` record their call too, and return their answer instead.
 */
function forbidden<T extends object>(name: string, calls: string[], answers: Record<string, unknown> = {}): T {
  return new Proxy({} as T, {
    get: (_target, property) => {
      if (property === 'then') return undefined;
      return (..._args: unknown[]) => {
        calls.push(`${name}.${String(property)}`);
        if (typeof property === 'string' && property in answers) return answers[property];
        throw new Error(`${name}.${String(property)} was called`);
      };
    },
  });
}

export interface CountingApi extends RunningServer {
  /** Every call that reached the chain source, store, narrator, facilitator (client or reachability probe) or payment ports. */
  calls: string[];
  /** Calls of the payment processor's handle(): the entry of every paid call. */
  handled: () => number;
  /** Every log line the service wrote. */
  logLines: string[];
}

/**
 * The API built by createRequestListener from app.ts around dependencies that count and refuse:
 * a ChainSource, store, narrator and facilitator whose every method throws, and the real payment
 * processor (over those) with handle() counted. Logging on, into logLines.
 */
export async function startCountingApi(options: { agentDiscovery?: boolean } = {}): Promise<CountingApi> {
  const calls: string[] = [];
  const logLines: string[] = [];
  let handled = 0;
  const processor = createPaidCallProcessor({
    payTo: '0x209693Bc6afc0C5328bA36FaF03C514EF312287C',
    ledger: forbidden<Store['ledger']>('ledger', calls),
    paymentIds: forbidden<Store['paymentIds']>('paymentIds', calls),
    facilitator: forbidden<FacilitatorClient>('facilitator', calls),
    authorizations: forbidden<AuthorizationReader>('authorizations', calls),
  });
  const payments: PaidCallProcessor = {
    handle: (call) => {
      handled += 1;
      return processor.handle(call);
    },
    challenge: (entry, resourceUrl) => processor.challenge(entry, resourceUrl),
    receiptSigner: processor.receiptSigner,
  };
  let url = '';
  const listener = createRequestListener({
    publicBaseUrl: () => url,
    // chains() answers, so that a paid call gets as far as the payment processor (the harness's control case).
    chainSource: forbidden<ChainSource>('chainSource', calls, { chains: [...CHAIN_NAMES] }),
    store: forbidden<Store>('store', calls),
    narrator: forbidden<Narrator>('narrator', calls),
    payments,
    facilitatorReachable: () => {
      calls.push('facilitatorReachable');
      return Promise.resolve(true);
    },
    facilitatorBreaker: () => {
      calls.push('facilitatorBreaker');
      return 'closed';
    },
    agentDiscovery: options.agentDiscovery,
    x402: x402Profile('http://127.0.0.1:1', null),
    log: jsonLogger({ enabled: true, write: (line) => logLines.push(line) }),
  });
  const server = await listen(listener, '127.0.0.1', 0);
  url = server.url;
  return { ...server, calls, handled: () => handled, logLines };
}
