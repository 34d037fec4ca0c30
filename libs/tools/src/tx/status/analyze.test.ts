import { transactionRequest, txStatusResult, type ReceiptRecord, type TransactionRecord } from '@paysight/contracts';
import { getAddress, type Hex } from 'viem';
import { analyzeTxStatus, type TxStatusData } from './index.js';

const HASH = `0x${'ab'.repeat(32)}` as Hex;
const FROM = getAddress('0x1111111111111111111111111111111111111111');
const TO = getAddress('0x2222222222222222222222222222222222222222');
const ctx = { now: new Date() };
const tx: TransactionRecord = { hash: HASH, blockNumber: 10n, from: FROM, to: TO, value: 1n, input: '0xa9059cbb00', nonce: 0, gas: 50_000n, type: 'eip1559' };
const receipt: ReceiptRecord = {
  transactionHash: HASH,
  blockNumber: 10n,
  status: 'success',
  from: FROM,
  to: TO,
  contractAddress: null,
  gasUsed: 21_000n,
  effectiveGasPrice: 2_000_000_000n,
  logs: [],
};
const block = (n: bigint) => ({ number: n, hash: HASH, timestamp: 0n, baseFeePerGas: null });
const base = (over: Partial<TxStatusData>): TxStatusData => ({
  coverage: { dataSourceStatus: 'Live', notes: [] },
  transaction: tx,
  receipt,
  head: 20n,
  safe: block(15n),
  finalized: block(5n),
  senderMinedNonce: null,
  ...over,
});

describe('analyzeTxStatus', () => {
  const input = transactionRequest.parse({ hash: HASH, chain: 'ethereum' });

  it('reports a mined transaction with confirmations, finality, fee and explorer link', () => {
    const { result } = analyzeTxStatus(input, base({}), ctx);
    expect(txStatusResult.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      status: 'success',
      blockNumber: '10',
      confirmations: 11,
      finality: 'safe',
      explorerUrl: `https://etherscan.io/tx/${HASH}`,
      fee: { totalWei: '42000000000000', formatted: '0.000042', symbol: 'ETH' },
      method: { selector: '0xa9059cbb', kind: 'contract_call', name: 'transfer', signature: 'transfer(address,uint256)' },
    });
  });

  it('calls a block at or below the finalized head finalized', () => {
    expect(analyzeTxStatus(input, base({ finalized: block(10n) }), ctx).result.finality).toBe('finalized');
    expect(analyzeTxStatus(input, base({ safe: block(9n), finalized: null }), ctx).result.finality).toBe('unsafe');
  });

  it('distinguishes pending from unknown, and links no explorer on the devnet', () => {
    expect(analyzeTxStatus(input, base({ receipt: null, transaction: { ...tx, blockNumber: null }, senderMinedNonce: 0 }), ctx).result).toMatchObject({
      status: 'pending',
      finality: 'pending',
      confirmations: null,
      blockNumber: null,
      nonceCheck: { transactionNonce: 0, senderMinedNonce: 0, verdict: 'next_in_line' },
    });
    const missing = analyzeTxStatus(input, base({ receipt: null, transaction: null }), ctx);
    expect(missing.result).toMatchObject({ status: 'not_found', finality: 'not_found', explorerUrl: null, fee: null, method: null });
    expect(missing.metadata.limitations.join(' ')).toMatch(/does not know this hash/);
    expect(analyzeTxStatus(input, base({ coverage: { dataSourceStatus: 'Demo', notes: [] } }), ctx).result.explorerUrl).toBeNull();
  });

  it('calls a pending transaction whose nonce a mined transaction already used replaced, and one behind a nonce gap waiting', () => {
    const pending = { ...tx, blockNumber: null, nonce: 4 };
    const replaced = analyzeTxStatus(input, base({ receipt: null, transaction: pending, senderMinedNonce: 5 }), ctx);
    expect(replaced.result).toMatchObject({ status: 'replaced', finality: 'replaced', fee: null, nonceCheck: { transactionNonce: 4, senderMinedNonce: 5, verdict: 'nonce_already_used' } });
    expect(txStatusResult.parse(replaced.result)).toEqual(replaced.result);
    expect(replaced.metadata.limitations.join(' ')).toMatch(/nonce 4 went to another transaction: this one was replaced or cancelled and will never be mined/);
    const waiting = analyzeTxStatus(input, base({ receipt: null, transaction: pending, senderMinedNonce: 2 }), ctx);
    expect(waiting.result).toMatchObject({ status: 'pending', nonceCheck: { verdict: 'waiting_for_earlier_nonces' } });
    expect(waiting.metadata.limitations.join(' ')).toMatch(/waits until the nonces before it are mined/);
    // A mined transaction is never checked against the nonce, even without its receipt.
    expect(analyzeTxStatus(input, base({ senderMinedNonce: 9 }), ctx).result.nonceCheck).toBeNull();
  });

  it('states the finality rule of each chain', () => {
    expect(analyzeTxStatus(input, base({}), ctx).result.finalityRule).toMatch(/^Ethereum: `finalized` is the beacon chain's last finalized checkpoint/);
    const arbitrum = transactionRequest.parse({ hash: HASH, chain: 'arbitrum' });
    expect(analyzeTxStatus(arbitrum, base({}), ctx).result.finalityRule).toMatch(/^Arbitrum Nitro/);
  });

  it('adds the L1 data fee of an OP-stack receipt to the total', () => {
    const optimism = transactionRequest.parse({ hash: HASH, chain: 'optimism' });
    const l1Fee = { fee: 4_931_920_883n, l1GasUsed: 1_600n, l1GasPrice: 1_358_506_164n, l1BaseFeeScalar: 2_269n, l1BlobBaseFee: 1n, l1BlobBaseFeeScalar: 1_055_762n };
    const { result, metadata } = analyzeTxStatus(optimism, base({ receipt: { ...receipt, l1Fee } }), ctx);
    expect(result.fee).toMatchObject({ l1DataFeeWei: '4931920883', totalWei: String(42_000_000_000_000n + 4_931_920_883n) });
    expect(metadata.limitations).toEqual([]);
    expect(analyzeTxStatus(optimism, base({}), ctx).metadata.limitations).toContain(
      'The OP Mainnet receipt carries no l1Fee, so the L1 data fee the chain also charges is not included in the fee.',
    );
  });

  it('reports reverts and contract creations', () => {
    const reverted = analyzeTxStatus(input, base({ receipt: { ...receipt, status: 'reverted' } }), ctx);
    expect(reverted.result.status).toBe('reverted');
    const created = getAddress('0x3333333333333333333333333333333333333333');
    const creation = analyzeTxStatus(input, base({ transaction: { ...tx, to: null }, receipt: { ...receipt, to: null, contractAddress: created } }), ctx);
    expect(creation.result).toMatchObject({ to: null, contractCreated: created, method: { kind: 'contract_creation', selector: null, name: null } });
  });

  it('names the method from the data set, and leaves unknown selectors and plain transfers unnamed', () => {
    const method = (inputData: Hex) => analyzeTxStatus(input, base({ transaction: { ...tx, input: inputData } }), ctx).result.method;
    expect(method('0xd0e30db0')).toEqual({ selector: '0xd0e30db0', kind: 'contract_call', name: 'deposit', signature: 'deposit()' });
    expect(method('0xdeadbeef')).toEqual({ selector: '0xdeadbeef', kind: 'contract_call', name: null, signature: null });
    expect(method('0x')).toEqual({ selector: null, kind: 'transfer', name: null, signature: null });
  });
});
