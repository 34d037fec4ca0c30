import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAYMENT } from '@paysight/contracts';
import { x402Facilitator } from '@x402/core/facilitator';
import type { PaymentPayload as X402PaymentPayload, PaymentRequirements as X402PaymentRequirements } from '@x402/core/types';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/facilitator';
import { type Address, type Hex, createWalletClient, http, nonceManager, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { baseChain } from './base-chain.js';
import { describeIssues, paymentPayloadV2Schema, paymentRequirementsV2Schema } from './wire.js';

export interface LocalFacilitatorOptions {
  /** JSON-RPC URL of the chain to settle on: the devnet's local Base (chain id 8453). */
  rpcUrl: string;
  /** Key of the account that submits transferWithAuthorization and pays the gas. */
  privateKey: Hex;
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** How long settle waits for the receipt before answering settlement_pending (default 30 s). */
  confirmationTimeoutMs?: number;
}

export interface LocalFacilitator {
  /** Base URL, for createHttpFacilitatorClient({ url }). */
  url: string;
  /** The account that submits settlements. */
  signer: Address;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;
const MAX_MESSAGE_CHARS = 300;

const exchangeSchema = z.object({
  x402Version: z.number().int(),
  paymentPayload: paymentPayloadV2Schema,
  paymentRequirements: paymentRequirementsV2Schema,
});

class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpProblem(413, `request body exceeds ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new HttpProblem(400, 'request body is not JSON');
  }
}

/** Facilitator messages can quote RPC requests at length; keep the reason code and a short excerpt. */
function trimMessages<T extends { invalidMessage?: string; errorMessage?: string }>(answer: T): T {
  const trim = (text?: string) => (text && text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}...` : text);
  return { ...answer, invalidMessage: trim(answer.invalidMessage), errorMessage: trim(answer.errorMessage) };
}

/**
 * Runs tasks one after another. Transactions are submitted in this order: the nonce manager hands
 * out nonces in call order, and a chain that mines every transaction at once (Hardhat's automine)
 * refuses a nonce that arrives before its predecessor instead of queueing it.
 */
function inSequence(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * A real x402 facilitator over HTTP for the local Base of the devnet: POST /verify, POST /settle,
 * GET /supported, GET /health. It is the official x402Facilitator with the exact EVM scheme, on
 * eip155:8453 only, signing with a nonce-managed account whose submissions are queued, so
 * concurrent settles never collide.
 */
export async function startLocalFacilitator(options: LocalFacilitatorOptions): Promise<LocalFacilitator> {
  const account = privateKeyToAccount(options.privateKey, { nonceManager });
  const client = createWalletClient({
    account,
    chain: baseChain(options.rpcUrl),
    transport: http(options.rpcUrl, { retryCount: 0 }),
    // Local chains mine at once; the default 4 s polling would dominate every settle.
    pollingInterval: 50,
  }).extend(publicActions);
  const submit = inSequence();
  const signer = toFacilitatorEvmSigner(
    {
      address: account.address,
      readContract: (args) => client.readContract(args as Parameters<typeof client.readContract>[0]),
      verifyTypedData: (args) => client.verifyTypedData(args as Parameters<typeof client.verifyTypedData>[0]),
      writeContract: (args) => submit(() => client.writeContract(args as Parameters<typeof client.writeContract>[0])),
      sendTransaction: (args) => submit(() => client.sendTransaction(args)),
      waitForTransactionReceipt: (args) => client.waitForTransactionReceipt(args),
      getCode: (args) => client.getCode(args),
    },
    { confirmationTimeoutMs: options.confirmationTimeoutMs ?? 30_000 },
  );
  const facilitator = new x402Facilitator().register(PAYMENT.network, new ExactEvmScheme(signer));

  async function exchange(req: IncomingMessage, operation: 'verify' | 'settle'): Promise<[number, unknown]> {
    const parsed = exchangeSchema.safeParse(await readJson(req));
    if (!parsed.success) {
      const invalidMessage = describeIssues(parsed.error);
      return operation === 'verify'
        ? [400, { isValid: false, invalidReason: 'invalid_payload', invalidMessage }]
        : [400, { success: false, errorReason: 'invalid_payload', errorMessage: invalidMessage, transaction: '', network: PAYMENT.network }];
    }
    const { paymentPayload, paymentRequirements } = parsed.data;
    if (paymentRequirements.scheme !== PAYMENT.scheme || paymentRequirements.network !== PAYMENT.network) {
      const message = `only scheme ${PAYMENT.scheme} on ${PAYMENT.network} is supported`;
      return operation === 'verify'
        ? [400, { isValid: false, invalidReason: 'unsupported_scheme', invalidMessage: message }]
        : [400, { success: false, errorReason: 'unsupported_scheme', errorMessage: message, transaction: '', network: paymentRequirements.network }];
    }
    // Plain data validated above; @x402 types are structurally the same wire format.
    const payload = paymentPayload as unknown as X402PaymentPayload;
    const requirements = paymentRequirements as unknown as X402PaymentRequirements;
    const answer = operation === 'verify' ? await facilitator.verify(payload, requirements) : await facilitator.settle(payload, requirements);
    return [200, trimMessages(answer)];
  }

  async function route(req: IncomingMessage): Promise<[number, unknown]> {
    const path = new URL(req.url ?? '/', 'http://facilitator').pathname;
    const routes: Record<string, { method: string; answer: () => Promise<[number, unknown]> }> = {
      '/verify': { method: 'POST', answer: () => exchange(req, 'verify') },
      '/settle': { method: 'POST', answer: () => exchange(req, 'settle') },
      '/supported': { method: 'GET', answer: async () => [200, facilitator.getSupported()] },
      '/health': { method: 'GET', answer: async () => [200, { ok: true, network: PAYMENT.network, signer: account.address }] },
    };
    const match = routes[path];
    if (!match) return [404, { error: 'not_found', message: `no route ${path}` }];
    if (req.method !== match.method) return [405, { error: 'method_not_allowed', message: `${path} accepts ${match.method}` }];
    return match.answer();
  }

  const server = createServer((req, res) => {
    route(req).then(
      ([status, body]) => send(res, status, body),
      (error: unknown) => {
        if (error instanceof HttpProblem) return send(res, error.status, { error: 'bad_request', message: error.message });
        // Internal failures (an unreachable chain, a bug) stay in the log; the body names no detail.
        console.error('local facilitator:', error instanceof Error ? error.message : error);
        send(res, 500, { error: 'internal_error', message: 'the facilitator failed to process the request' });
      },
    );
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host}:${port}`,
    signer: account.address,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
