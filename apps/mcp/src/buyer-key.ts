import type { Hex, PrivateKeyAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { UsageError } from './usage-error.js';

export const BUYER_KEY_VARIABLE = 'PAYSIGHT_BUYER_KEY';

const NOT_A_KEY = `${BUYER_KEY_VARIABLE} is not a private key: expected 0x followed by 64 hex digits (its value is not shown).`;

/**
 * The buyer account the proxy pays from, read from the environment only (never a flag, which
 * would show in process lists and host configurations). Error messages never repeat the value.
 */
export function buyerAccountFromEnv(env: Record<string, string | undefined>): PrivateKeyAccount {
  const key = env[BUYER_KEY_VARIABLE]?.trim();
  if (!key) {
    throw new UsageError(
      `${BUYER_KEY_VARIABLE} is not set. The proxy pays from this key: create a fresh wallet, fund it with a small amount of USDC on Base, ` +
        `and set ${BUYER_KEY_VARIABLE} to its private key in the env of this server in your MCP host's configuration.`,
    );
  }
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new UsageError(NOT_A_KEY);
  try {
    return privateKeyToAccount(key as Hex);
  } catch {
    throw new UsageError(NOT_A_KEY);
  }
}
