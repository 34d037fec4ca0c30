import type { LogRecord } from '@paysight/contracts';
import { encodeAbiParameters } from 'viem';
import { addressTopic } from '../../src/shared/erc-events.js';
import { decodeApprovalLog, latestApprovals, olderApprovalCalls } from '../../src/wallet/evidence/approvals.js';
import { APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC } from '../../src/wallet/evidence/events.js';
import { collectMovements, rankCounterparties } from '../../src/wallet/evidence/movements.js';
import { addr, hash, history, internal, logTransfer, tokenTransfer, tx, WALLET } from '../support/evidence.js';

const TOKEN = addr('70c');
const SPENDER = addr('5bed');
const uint = (v: bigint) => encodeAbiParameters([{ type: 'uint256' }], [v]);

function log(over: Partial<LogRecord>): LogRecord {
  return { address: TOKEN, topics: [APPROVAL_TOPIC, addressTopic(WALLET), addressTopic(SPENDER)], data: uint(5n), blockNumber: 10n, transactionHash: hash(1), logIndex: 0, ...over };
}

describe('approval events', () => {
  it('decodes ERC-20 approvals and operator approvals of the wallet, and nothing else', () => {
    expect(decodeApprovalLog(log({}), WALLET, 'logs')).toMatchObject({ kind: 'erc20', token: TOKEN, spender: SPENDER, value: 5n, foundIn: 'logs' });
    const operator = log({ topics: [APPROVAL_FOR_ALL_TOPIC, addressTopic(WALLET), addressTopic(SPENDER)], data: encodeAbiParameters([{ type: 'bool' }], [true]) });
    expect(decodeApprovalLog(operator, WALLET, 'receipt')).toMatchObject({ kind: 'operator', value: 1n, foundIn: 'receipt' });
    expect(decodeApprovalLog(log({ topics: [APPROVAL_TOPIC, addressTopic(SPENDER), addressTopic(WALLET)] }), WALLET, 'logs')).toBeNull();
    expect(decodeApprovalLog(log({ topics: [APPROVAL_TOPIC, addressTopic(WALLET), addressTopic(SPENDER), uint(7n)] }), WALLET, 'logs')).toBeNull(); // ERC-721 single-token approval
    expect(decodeApprovalLog(log({ data: '0x' }), WALLET, 'logs')).toBeNull();
  });

  it('keeps the latest event per token and spender, newest first', () => {
    const events = [log({ blockNumber: 10n, data: uint(1n) }), log({ blockNumber: 12n, data: uint(0n) }), log({ blockNumber: 11n, address: addr('70d') })].map((l) => decodeApprovalLog(l, WALLET, 'logs')!);
    expect(latestApprovals(events).map((e) => [e.token, e.blockNumber, e.value])).toEqual([
      [TOKEN, 12n, 0n],
      [addr('70d'), 11n, 5n],
    ]);
  });

  it('finds approve calls the wallet sent before the window', () => {
    const calls = [
      tx({ hash: hash(1), selector: '0x095ea7b3', blockNumber: 50n }),
      tx({ hash: hash(2), selector: '0x095ea7b3', blockNumber: 150n }),
      tx({ hash: hash(3), selector: '0xa22cb465', blockNumber: 60n, status: 'reverted' }),
      tx({ hash: hash(4), selector: '0xa9059cbb', blockNumber: 70n }),
      tx({ hash: hash(5), selector: '0x39509351', blockNumber: 80n, from: SPENDER }),
    ];
    expect(olderApprovalCalls(WALLET, calls, { fromBlock: 100n, toBlock: 200n, complete: false }).map((t) => t.hash)).toEqual([hash(1)]);
  });
});

describe('movements', () => {
  it('merges indexer and log sources without counting a token transfer twice, newest first', () => {
    const movements = collectMovements({
      wallet: WALLET,
      history: history({
        transactions: [tx({ hash: hash(1), from: addr('f0'), to: WALLET, value: 3n, blockNumber: 5n }), tx({ hash: hash(2), value: 0n, blockNumber: 6n }), tx({ hash: hash(3), value: 9n, status: 'reverted', blockNumber: 7n })],
        internalTransfers: [internal({ transactionHash: hash(4), blockNumber: 8n }), internal({ transactionHash: hash(5), blockNumber: 9n, reverted: true })],
        tokenTransfers: [tokenTransfer({ transactionHash: hash(6), blockNumber: 10n, logIndex: 2, timestamp: 1234n })],
      }),
      transfers: [logTransfer({ transactionHash: hash(6), blockNumber: 10n, logIndex: 2 }), logTransfer({ transactionHash: hash(7), blockNumber: 11n, logIndex: 0, kind: 'erc721', tokenId: 3n, amount: 1n })],
      blockTimestamps: { '11': '2000' },
    });
    expect(movements.map((m) => [m.transactionHash, m.kind, m.direction, m.timestamp])).toEqual([
      [hash(7), 'erc721', 'in', 2000n],
      [hash(6), 'erc20', 'in', 1234n],
      [hash(4), 'internal', 'in', expect.any(BigInt)],
      [hash(1), 'native', 'in', expect.any(BigInt)],
    ]);
  });

  it('ranks counterparties by interactions, counting value-less calls', () => {
    const ranked = rankCounterparties(
      WALLET,
      collectMovements({ wallet: WALLET, history: null, transfers: [logTransfer({ transactionHash: hash(1), from: addr('a') }), logTransfer({ transactionHash: hash(2), from: addr('b'), blockNumber: 5n })], blockTimestamps: {} }),
      history({ transactions: [tx({ hash: hash(3), to: addr('b'), value: 0n })] }),
    );
    expect(ranked.map((r) => [r.address, r.interactions])).toEqual([
      [addr('b'), 2],
      [addr('a'), 1],
    ]);
  });
});

