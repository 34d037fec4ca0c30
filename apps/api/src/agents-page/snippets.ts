import { DISCOVERY_PATHS, PAYMENT, decimalToAtomic, priceOf, type CatalogEntry } from '@paysight/contracts';

/**
 * The largest payment, in USD, that the official x402 client (`@x402/core`'s x402Client) and the
 * `paysight call` CLI sign unless told otherwise. A tool priced above it needs the cap raised, and its
 * examples say so.
 */
export const DEFAULT_CLIENT_CAP_USD = '1.00';
const DEFAULT_CLIENT_CAP_ATOMIC = BigInt(decimalToAtomic(DEFAULT_CLIENT_CAP_USD));

/** True when a tool costs more than the official client and the CLI pay by default. */
export function exceedsDefaultCap(entry: CatalogEntry): boolean {
  return BigInt(priceOf(entry).atomic) > DEFAULT_CLIENT_CAP_ATOMIC;
}

/** The copy-paste examples of one tool, as plain text (the page escapes them). */
export interface ToolSnippets {
  /** curl: the unpaid request that answers 402, the paid retry, and the CLI that does both. */
  shell: string;
  /** The official x402 client for fetch (`@x402/fetch` with `@x402/evm`). */
  typescript: string;
  /** The JSON-RPC tools/call body for /api/mcp. */
  mcpCall: string;
  /** The host configuration that connects to /api/mcp. */
  mcpServers: string;
}

/** A word for a POSIX shell, in single quotes: every `'` inside is closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The mcpServers entry that connects a host to this deployment's MCP endpoint over streamable HTTP. */
export function mcpServersConfig(baseUrl: string): string {
  return JSON.stringify({ mcpServers: { paysight: { type: 'http', url: `${baseUrl}${DISCOVERY_PATHS.mcpEndpoint}` } } }, null, 2);
}

export function toolSnippets(entry: CatalogEntry, baseUrl: string): ToolSnippets {
  const url = `${baseUrl}${entry.path}`;
  const body = JSON.stringify(entry.example);
  const overCap = exceedsDefaultCap(entry);
  return {
    shell: shellSnippet(entry, url, body, baseUrl, overCap),
    typescript: typescriptSnippet(entry, url, overCap),
    mcpCall: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: entry.mcpName, arguments: entry.example } }, null, 2),
    mcpServers: mcpServersConfig(baseUrl),
  };
}

function shellSnippet(entry: CatalogEntry, url: string, body: string, baseUrl: string, overCap: boolean): string {
  const request = [`curl -X POST ${shellQuote(url)}`, `  -H 'content-type: application/json'`];
  const data = `  -d ${shellQuote(body)}`;
  const cli = [`npm run paysight -- call ${entry.id} ${shellQuote(body)}`, `  --base-url ${shellQuote(baseUrl)}`];
  if (overCap) cli.push(`  --max-usd ${entry.price}`);
  return [
    '# 1. Ask without paying: the answer is 402, with the offer in the PAYMENT-REQUIRED header.',
    [`${request[0]} -i`, request[1], data].join(' \\\n'),
    '',
    '# 2. Sign the offer with an x402 client and send the same request again with the payment.',
    [...request, `  -H "PAYMENT-SIGNATURE: $PAYMENT_SIGNATURE"`, data].join(' \\\n'),
    '',
    '# Or both steps at once with the Paysight CLI (from a clone), paying with PAYSIGHT_BUYER_KEY.',
    ...(overCap ? [`# This tool costs ${entry.price} USDC: above the CLI's default cap of ${DEFAULT_CLIENT_CAP_USD}, so --max-usd raises it.`] : []),
    cli.join(' \\\n'),
  ].join('\n');
}

function typescriptSnippet(entry: CatalogEntry, url: string, overCap: boolean): string {
  const client = [`const client = new x402Client()`, `  .register('${PAYMENT.network}', new ExactEvmScheme(signer))`];
  if (overCap) {
    client.push(
      `  // ${entry.title} costs ${entry.price} USDC. The official client refuses any payment above ${DEFAULT_CLIENT_CAP_USD} USD`,
      `  // unless its spend controls allow more: raise the cap to this price.`,
      `  .setSpendControls({ maxAmountPerPayment: ${JSON.stringify(`$${entry.price}`)} })`,
    );
  }
  return [
    `import { wrapFetchWithPayment, x402Client } from '@x402/fetch';`,
    `import { toClientEvmSigner } from '@x402/evm';`,
    `import { ExactEvmScheme } from '@x402/evm/exact/client';`,
    `import { privateKeyToAccount } from 'viem/accounts';`,
    '',
    'const signer = toClientEvmSigner(privateKeyToAccount(process.env.BUYER_KEY as `0x${string}`));',
    `${client.join('\n')};`,
    '// Sends the request, pays the 402 offer and sends it again with PAYMENT-SIGNATURE.',
    'const pay = wrapFetchWithPayment(fetch, client);',
    '',
    `const res = await pay(${JSON.stringify(url)}, {`,
    `  method: '${entry.method}',`,
    `  headers: { 'content-type': 'application/json' },`,
    `  body: JSON.stringify(${indent(JSON.stringify(entry.example, null, 2), '  ')}),`,
    '});',
    'console.log(res.status, await res.json());',
  ].join('\n');
}

function indent(text: string, by: string): string {
  return text.replace(/\n/g, `\n${by}`);
}
