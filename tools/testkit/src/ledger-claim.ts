import { randomBytes, randomUUID } from 'node:crypto';
import { CATALOG, PAYMENT, fingerprint, priceOf, type LedgerClaim } from '@paysight/contracts';
import { getAddress, type Address, type Hex } from 'viem';

const tool = CATALOG[0]!;

export function randomAddress(): Address {
  return getAddress(`0x${randomBytes(20).toString('hex')}`);
}

/** A ledger claim for a new payment: checksummed addresses, a fresh 32-byte nonce, the tool's catalog price, valid for an hour. */
export function newLedgerClaim(overrides: Partial<LedgerClaim> = {}): LedgerClaim {
  const request = { address: randomAddress(), chain: 'base' };
  return {
    x402RequestId: `x402_${randomUUID()}`,
    requestId: `req_${randomUUID()}`,
    toolId: tool.id,
    network: PAYMENT.network,
    asset: PAYMENT.asset,
    payer: randomAddress(),
    payTo: randomAddress(),
    nonce: `0x${randomBytes(32).toString('hex')}` as Hex,
    amount: priceOf(tool).atomic,
    protocolVersion: 2,
    requestFingerprint: fingerprint(request),
    signatureHash: `sha256:${randomBytes(32).toString('hex')}`,
    validBefore: String(Math.floor(Date.now() / 1000) + 3600),
    ...overrides,
  };
}
