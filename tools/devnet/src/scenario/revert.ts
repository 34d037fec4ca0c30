import { type Abi, type Address, decodeErrorResult, type Hex, numberToHex } from 'viem';
import type { Eip1193Provider } from '../chain/hardhat.js';

export interface RevertCause {
  /** Error(string) message. */
  reason?: string;
  /** Custom error name, or Panic(<code>). */
  error?: string;
}

/**
 * Why a mined transaction reverted: receipts do not say, so the call is replayed on the state just
 * before its block, as explorers do.
 */
export async function replayRevert(
  provider: Eip1193Provider,
  tx: { from: Address; to: Address | null; data: Hex; value: bigint; gas: bigint },
  blockNumber: bigint,
  abi: Abi,
): Promise<RevertCause> {
  const request = {
    from: tx.from,
    ...(tx.to ? { to: tx.to } : {}),
    data: tx.data,
    value: numberToHex(tx.value),
    gas: numberToHex(tx.gas),
  };
  try {
    await provider.request({ method: 'eth_call', params: [request, numberToHex(blockNumber - 1n)] });
  } catch (error) {
    const data = (error as { data?: unknown }).data;
    if (typeof data !== 'string' || !data.startsWith('0x') || data.length < 10) return {};
    try {
      const decoded = decodeErrorResult({ abi, data: data as Hex });
      if (decoded.errorName === 'Error') return { reason: String(decoded.args?.[0]) };
      if (decoded.errorName === 'Panic') return { error: `Panic(${String(decoded.args?.[0])})` };
      return { error: decoded.errorName };
    } catch {
      return { error: data.slice(0, 10) };
    }
  }
  return {};
}

export function describeRevert(cause: RevertCause): string {
  if (cause.reason !== undefined) return `reason "${cause.reason}"`;
  if (cause.error !== undefined) return `error ${cause.error}`;
  return 'no reason';
}
