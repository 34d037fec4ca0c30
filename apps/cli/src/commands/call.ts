import { DECIMAL_PATTERN, PAYMENT, atomicToDecimal, decimalToAtomic } from '@paysight/contracts';
import { createBuyerClient } from '@paysight/payment';
import { readDevnetFile } from '@paysight/stack';
import { decodePaymentResponseHeader } from '@x402/fetch';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { resolveTool } from '../resolve-tool.js';
import { serviceBaseUrl } from '../service-url.js';

export const DEFAULT_MAX_USD = '1.00';

export interface CallOptions {
  tool: string;
  body: string;
  maxUsd: string;
  baseUrl?: string;
  dataDir: string;
  env: Record<string, string | undefined>;
}

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

/** Exit codes of `paysight call`. */
export const EXIT = { ok: 0, refusedByService: 1, usage: 2, overCap: 3 } as const;

/**
 * `paysight call <tool> '<json>'`: asks for the tool's 402 offer, refuses it above the cap, signs
 * the payment with the buyer key and prints the result (stdout) and the settlement (stderr).
 */
export async function callCommand(options: CallOptions, io: Io): Promise<number> {
  const tool = resolveTool(options.tool);
  if (!tool) {
    io.err(`Unknown tool "${options.tool}". Run \`paysight tools\` for the list.`);
    return EXIT.usage;
  }
  let body: unknown;
  try {
    body = JSON.parse(options.body);
  } catch {
    io.err(`The request must be JSON, for example '{"address":"0x…","chain":"base"}'.`);
    return EXIT.usage;
  }
  if (!DECIMAL_PATTERN.test(options.maxUsd)) {
    io.err(`--max-usd must be a decimal amount such as 1 or 0.25 (got "${options.maxUsd}").`);
    return EXIT.usage;
  }
  const capAtomic = BigInt(decimalToAtomic(options.maxUsd));

  const devnet = await readDevnetFile(options.dataDir);
  const baseUrl = serviceBaseUrl(options.baseUrl, options.env, devnet);
  const key = options.env.PAYSIGHT_BUYER_KEY ?? devnet?.demoBuyer.privateKey;
  if (!key || !/^0x[0-9a-fA-F]{64}$/.test(key)) {
    io.err('No buyer key: set PAYSIGHT_BUYER_KEY (0x + 64 hex digits), or run `npm start` to get the devnet demo buyer.');
    return EXIT.usage;
  }
  const account = privateKeyToAccount(key as Hex);
  const url = `${baseUrl}${tool.path}`;
  const post = (headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  let offer: Response;
  try {
    offer = await post();
  } catch {
    io.err(`Could not reach ${baseUrl}. Is the service running (npm start)?`);
    return EXIT.refusedByService;
  }
  if (offer.status !== 402) return printAnswer(offer, io);

  const client = createBuyerClient(account, { maxUsdPerPayment: options.maxUsd });
  const required = client.getPaymentRequiredResponse((name) => offer.headers.get(name), await offer.json().catch(() => undefined));
  const requirement = required.accepts.find((r) => r.network === PAYMENT.network && r.scheme === PAYMENT.scheme);
  if (!requirement || requirement.asset.toLowerCase() !== PAYMENT.asset.toLowerCase()) {
    io.err(`The offer is not an exact USDC payment on Base; not paying.`);
    return EXIT.refusedByService;
  }
  const price = BigInt(requirement.amount);
  if (price > capAtomic) {
    io.err(`Not paying: ${tool.id} costs ${atomicToDecimal(price, PAYMENT.decimals, 2)} USDC, above your cap of ${options.maxUsd} USDC. Raise it with --max-usd.`);
    return EXIT.overCap;
  }

  const payload = await client.createPaymentPayload(required);
  const paid = await post(client.encodePaymentSignatureHeader(payload));
  if (paid.ok) {
    const receipt = paid.headers.get('payment-response') ?? paid.headers.get('x-payment-response');
    const settlement = receipt ? decodePaymentResponseHeader(receipt) : null;
    io.err(
      `Paid ${atomicToDecimal(price, PAYMENT.decimals, 2)} USDC from ${account.address} to ${requirement.payTo}` +
        (settlement?.transaction ? `; settlement tx ${settlement.transaction} on ${settlement.network}` : ''),
    );
  }
  return printAnswer(paid, io);
}

async function printAnswer(res: Response, io: Io): Promise<number> {
  const text = await res.text();
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: print as received
  }
  if (res.ok) {
    io.out(pretty);
    return EXIT.ok;
  }
  io.err(`HTTP ${res.status}\n${pretty}`);
  return EXIT.refusedByService;
}
