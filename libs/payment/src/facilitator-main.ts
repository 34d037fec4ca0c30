/**
 * Runs the local facilitator as its own process:
 *   FACILITATOR_RPC_URL=http://127.0.0.1:8545 FACILITATOR_PRIVATE_KEY=0x... FACILITATOR_PORT=4022 \
 *     node --conditions=@paysight/source --import tsx libs/payment/src/facilitator-main.ts
 */
import type { Hex } from 'viem';
import { startLocalFacilitator } from './local-facilitator.js';

function configuration(env: NodeJS.ProcessEnv): { rpcUrl: string; privateKey: Hex; port: number; host: string } {
  const problems: string[] = [];
  const rpcUrl = env.FACILITATOR_RPC_URL ?? '';
  if (!/^https?:\/\/\S+$/.test(rpcUrl)) problems.push('FACILITATOR_RPC_URL must be the http(s) JSON-RPC URL of the local Base chain');
  const privateKey = env.FACILITATOR_PRIVATE_KEY ?? '';
  if (!/^0x[0-9a-fA-F]{64}$/.test(privateKey)) problems.push('FACILITATOR_PRIVATE_KEY must be a 0x-prefixed 32-byte hex key');
  const port = Number(env.FACILITATOR_PORT ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('FACILITATOR_PORT must be a port number (0 picks a free one)');
  if (problems.length > 0) throw new Error(`local facilitator configuration:\n  - ${problems.join('\n  - ')}`);
  return { rpcUrl, privateKey: privateKey as Hex, port, host: env.FACILITATOR_HOST ?? '127.0.0.1' };
}

async function main(): Promise<void> {
  const facilitator = await startLocalFacilitator(configuration(process.env));
  console.log(`local x402 facilitator on ${facilitator.url} (eip155:8453, signer ${facilitator.signer})`);
  const stop = () => {
    facilitator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
