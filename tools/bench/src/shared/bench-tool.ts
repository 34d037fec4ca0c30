import { toolById } from '@paysight/contracts';

/** The paid tool every benchmark calls without payment (and the MCP benchmark pays). */
export const BENCH_TOOL = toolById('wallet_snapshot')!;

/** A valid request of that tool that needs no devnet state: validation passes, so the payment step is reached. */
export const BENCH_REQUEST = { address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', chain: 'base' } as const;
