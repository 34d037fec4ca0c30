import type { CallFrame, ChainSource, LogRecord, VerifiedAbiResult } from '@paysight/contracts';
import { KNOWN_SPENDERS } from '@paysight/datasets';
import { encodeAbiParameters, encodeFunctionData, parseAbi } from 'viem';
import { addressTopic } from '../../src/shared/erc-events.js';
import {
  APPROVAL_SEARCH,
  approvalOrigin,
  approvalSearchRange,
  contractsOwnerUsed,
  decodeApprovalLog,
  latestApprovals,
  olderApprovalCalls,
  readSpenderCode,
  searchChunks,
} from '../../src/wallet/evidence/approvals.js';
import type { ApprovalEvent } from '../../src/wallet/evidence/data.js';
import { PERMIT2_ADDRESS, PERMIT2_APPROVAL_TOPIC, PERMIT2_LOCKDOWN_TOPIC, PERMIT2_NONCE_INVALIDATION_TOPIC, PERMIT2_PERMIT_TOPIC } from '../../src/wallet/evidence/permit2.js';
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
  it('decodes ERC-20, ERC-721 per-token and operator approvals of the wallet, and nothing else', () => {
    expect(decodeApprovalLog(log({}), WALLET, 'logs')).toMatchObject({ kind: 'erc20', name: 'Approval', token: TOKEN, emitter: TOKEN, spender: SPENDER, value: 5n, tokenId: null, foundIn: 'logs' });
    const operator = log({ topics: [APPROVAL_FOR_ALL_TOPIC, addressTopic(WALLET), addressTopic(SPENDER)], data: encodeAbiParameters([{ type: 'bool' }], [true]) });
    expect(decodeApprovalLog(operator, WALLET, 'receipt')).toMatchObject({ kind: 'operator', value: 1n, foundIn: 'receipt' });
    expect(decodeApprovalLog(log({ topics: [APPROVAL_TOPIC, addressTopic(SPENDER), addressTopic(WALLET)] }), WALLET, 'logs')).toBeNull();
    // ERC-721 indexes the token id: four topics and no data.
    expect(decodeApprovalLog(log({ topics: [APPROVAL_TOPIC, addressTopic(WALLET), addressTopic(SPENDER), uint(7n)], data: '0x' }), WALLET, 'logs')).toMatchObject({ kind: 'erc721', tokenId: 7n, value: 1n, spender: SPENDER });
    expect(decodeApprovalLog(log({ data: '0x' }), WALLET, 'logs')).toBeNull();
  });

  it('decodes Permit2 Approval, Permit and Lockdown events from the canonical Permit2 only', () => {
    const amountAndExpiry = encodeAbiParameters([{ type: 'uint160' }, { type: 'uint48' }], [1000n, 1_900_000_000]);
    const approval = log({ address: PERMIT2_ADDRESS, topics: [PERMIT2_APPROVAL_TOPIC, addressTopic(WALLET), addressTopic(TOKEN), addressTopic(SPENDER)], data: amountAndExpiry });
    expect(decodeApprovalLog(approval, WALLET, 'logs')).toMatchObject({ kind: 'permit2', name: 'Approval', token: TOKEN, spender: SPENDER, value: 1000n, expiration: 1_900_000_000n, emitter: PERMIT2_ADDRESS });
    const permit = log({ address: PERMIT2_ADDRESS, topics: [PERMIT2_PERMIT_TOPIC, addressTopic(WALLET), addressTopic(TOKEN), addressTopic(SPENDER)], data: encodeAbiParameters([{ type: 'uint160' }, { type: 'uint48' }, { type: 'uint48' }], [5n, 1_900_000_000, 0]) });
    expect(decodeApprovalLog(permit, WALLET, 'logs')).toMatchObject({ name: 'Permit', value: 5n });
    const lockdown = log({ address: PERMIT2_ADDRESS, topics: [PERMIT2_LOCKDOWN_TOPIC, addressTopic(WALLET)], data: encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [TOKEN, SPENDER]) });
    expect(decodeApprovalLog(lockdown, WALLET, 'logs')).toMatchObject({ name: 'Lockdown', token: TOKEN, spender: SPENDER, value: 0n });
    expect(decodeApprovalLog({ ...approval, address: addr('bad') }, WALLET, 'logs')).toBeNull();
  });

  it('keeps the latest event per token and spender (per item for ERC-721), newest first, ignoring nonce invalidations', () => {
    const events = [log({ blockNumber: 10n, data: uint(1n) }), log({ blockNumber: 12n, data: uint(0n) }), log({ blockNumber: 11n, address: addr('70d') })].map((l) => decodeApprovalLog(l, WALLET, 'logs')!);
    expect(latestApprovals(events).map((e) => [e.token, e.blockNumber, e.value])).toEqual([
      [TOKEN, 12n, 0n],
      [addr('70d'), 11n, 5n],
    ]);
    const item = (blockNumber: bigint, spender: string) => decodeApprovalLog(log({ blockNumber, topics: [APPROVAL_TOPIC, addressTopic(WALLET), addressTopic(spender), uint(7n)], data: '0x' }), WALLET, 'logs')!;
    expect(latestApprovals([item(10n, SPENDER), item(11n, addr('99'))]).map((e) => e.spender)).toEqual([addr('99')]);
    const nonce = log({ address: PERMIT2_ADDRESS, blockNumber: 20n, topics: [PERMIT2_NONCE_INVALIDATION_TOPIC, addressTopic(WALLET), addressTopic(TOKEN), addressTopic(SPENDER)], data: encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [2, 1]) });
    expect(latestApprovals([decodeApprovalLog(nonce, WALLET, 'logs')!])).toEqual([]);
  });

  it('finds approve calls the wallet sent before the log search', () => {
    const calls = [
      tx({ hash: hash(1), selector: '0x095ea7b3', blockNumber: 50n }),
      tx({ hash: hash(2), selector: '0x095ea7b3', blockNumber: 150n }),
      tx({ hash: hash(3), selector: '0xa22cb465', blockNumber: 60n, status: 'reverted' }),
      tx({ hash: hash(4), selector: '0xa9059cbb', blockNumber: 70n }),
      tx({ hash: hash(5), selector: '0x39509351', blockNumber: 80n, from: SPENDER }),
      tx({ hash: hash(6), selector: '0x87517c45', blockNumber: 90n, to: PERMIT2_ADDRESS }), // Permit2 approve(token, spender, amount, expiration)
    ];
    expect(olderApprovalCalls(WALLET, calls, 100n).map((t) => t.hash)).toEqual([hash(1), hash(6)]);
  });

  it('searches a long range newest first in chunks on a fixed block grid, cut short on fast chains', () => {
    const ethereum = approvalSearchRange('ethereum', 'basic', 19_999_999n);
    expect(ethereum).toMatchObject({ toBlock: 19_999_999n, capped: false, days: APPROVAL_SEARCH.basic.days, chunks: 1 });
    expect(searchChunks(ethereum)).toEqual([{ fromBlock: ethereum.fromBlock, toBlock: 19_999_999n }]);
    // Crossing a grid line costs one more chunk; the chunks stay on the grid.
    expect(searchChunks(approvalSearchRange('ethereum', 'basic', 20_000_100n))).toEqual([
      { fromBlock: 20_000_000n, toBlock: 20_000_100n },
      { fromBlock: approvalSearchRange('ethereum', 'basic', 20_000_100n).fromBlock, toBlock: 19_999_999n },
    ]);
    const arbitrum = approvalSearchRange('arbitrum', 'basic', 299_999_999n);
    expect(arbitrum).toMatchObject({ capped: true, chunks: APPROVAL_SEARCH.basic.chunks, fromBlock: 300_000_000n - APPROVAL_SEARCH.chunkBlocks * BigInt(APPROVAL_SEARCH.basic.chunks) });
    const chunks = searchChunks(arbitrum);
    expect(chunks).toHaveLength(APPROVAL_SEARCH.basic.chunks);
    expect(chunks[0]!.toBlock).toBe(299_999_999n);
    expect(chunks.at(-1)!.fromBlock).toBe(arbitrum.fromBlock);
    for (const [i, c] of chunks.entries()) if (i > 0) expect(c.toBlock).toBe(chunks[i - 1]!.fromBlock - 1n);
    expect(searchChunks(approvalSearchRange('ethereum', 'basic', 10n))).toEqual([{ fromBlock: 0n, toBlock: 10n }]);
  });
});

describe('approval origin', () => {
  const event = (over: Partial<ApprovalEvent> = {}): ApprovalEvent => ({ ...decodeApprovalLog(log({}), WALLET, 'logs')!, ...over });
  const sent = (from: string, selector: string | null = '0x095ea7b3', to: string = TOKEN) => ({ from: addr(from.replace(/^0x/, '')), to: addr(to.replace(/^0x/, '')), selector });
  const none = new Set<string>();

  it('is the owner when the wallet sent the transaction', () => {
    expect(approvalOrigin(event(), WALLET, sent(WALLET), none)).toBe('owner');
  });

  it('is a signed permit when another address called permit on the token', () => {
    expect(approvalOrigin(event(), WALLET, sent(SPENDER, '0xd505accf'), none)).toBe('signed_permit');
    expect(approvalOrigin(event(), WALLET, sent(SPENDER, '0x8fcbaf0c'), none)).toBe('signed_permit'); // DAI-style permit
  });

  it('is a third party on a contract the owner uses, else unattributed (a stranger can emit it)', () => {
    expect(approvalOrigin(event(), WALLET, sent(SPENDER, '0x23b872dd'), new Set([TOKEN.toLowerCase()]))).toBe('third_party');
    expect(approvalOrigin(event(), WALLET, sent(SPENDER, '0x23b872dd'), none)).toBe('unattributed');
    expect(approvalOrigin(event(), WALLET, null, none)).toBe('unattributed');
  });

  it('is a signed permit when the call frames show a permit for the owner wrapped in another contract\'s call', () => {
    const permitCall = (owner: string, token: string = TOKEN, reverted = false): CallFrame => ({
      type: 'CALL',
      from: addr('d1a'),
      to: addr(token.replace(/^0x/, '')),
      value: 0n,
      depth: 1,
      reverted,
      input: encodeFunctionData({ abi: parseAbi(['function permit(address,address,uint256,uint256,uint8,bytes32,bytes32)']), args: [addr(owner.replace(/^0x/, '')), SPENDER, 5n, 1n, 27, hash(1), hash(2)] }),
    });
    const wrapped = sent(SPENDER, '0x252dba42', addr('d1a'));
    expect(approvalOrigin(event(), WALLET, wrapped, none, [permitCall(WALLET)])).toBe('signed_permit');
    expect(approvalOrigin(event(), WALLET, wrapped, none, [permitCall(SPENDER)])).toBe('unattributed'); // someone else's permit
    expect(approvalOrigin(event(), WALLET, wrapped, none, [permitCall(WALLET, addr('70d'))])).toBe('unattributed'); // another token
    expect(approvalOrigin(event(), WALLET, wrapped, none, [permitCall(WALLET, TOKEN, true)])).toBe('unattributed'); // reverted frame
    expect(approvalOrigin(event(), WALLET, wrapped, none, null)).toBe('unattributed'); // no traces
  });

  it('trusts Permit2: its Approval needs the owner\'s call, its Permit the owner\'s signature', () => {
    const p2 = (name: ApprovalEvent['name']) => event({ kind: 'permit2', name, emitter: PERMIT2_ADDRESS });
    expect(approvalOrigin(p2('Approval'), WALLET, sent(SPENDER), none)).toBe('owner');
    expect(approvalOrigin(p2('Permit'), WALLET, sent(SPENDER, '0x3593564c', addr('beef')), none)).toBe('signed_permit');
    expect(approvalOrigin(p2('Permit'), WALLET, sent(WALLET, '0x3593564c', addr('beef')), none)).toBe('owner'); // the owner's own router call
  });

  it('counts as contracts the owner used: targets of its transactions and emitters of its own approvals', () => {
    const txs = new Map([[hash(1).toLowerCase(), sent(WALLET)]]);
    const used = contractsOwnerUsed(WALLET, [tx({ hash: hash(2), to: addr('c0ffee') }), tx({ hash: hash(3), from: SPENDER, to: addr('dead') })], [event()], txs);
    expect([...used].sort()).toEqual([addr('c0ffee').toLowerCase(), TOKEN.toLowerCase()].sort());
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


describe('spender reads', () => {
  const CONTRACT = addr('c0de');
  const router = KNOWN_SPENDERS.onChain('ethereum')[0]!.address;
  /** The two ChainSource reads readSpenderCode makes; the explorer answers by address when one is configured. */
  const source = (explorer?: Record<string, VerifiedAbiResult['status']>) => {
    const asked: string[] = [];
    const reads = {
      getCode: async () => '0x6001' as const,
      ...(explorer && {
        getVerifiedAbi: async (_chain: string, address: string): Promise<VerifiedAbiResult> => {
          asked.push(address);
          const status = explorer[address] ?? 'not_verified';
          return status === 'verified' ? { status, abi: [] } : status === 'unavailable' ? { status, reason: 'rate limited' } : { status };
        },
      }),
    };
    return { source: reads as unknown as ChainSource, asked };
  };

  it('asks the configured explorer about spenders outside the known lists, beside the code reads, and records what it answered', async () => {
    const { source: withExplorer, asked } = source({ [CONTRACT]: 'not_verified', [addr('beef')]: 'unavailable' });
    const { facts } = await readSpenderCode(withExplorer, 'ethereum', [CONTRACT, addr('beef'), router, PERMIT2_ADDRESS], 1_000_000n);
    expect(asked).toEqual([CONTRACT, addr('beef')]);
    expect(facts.verifiedSource).toEqual({ [CONTRACT.toLowerCase()]: false, [addr('beef').toLowerCase()]: null });
  });

  it('records nothing about verified source when no explorer is configured', async () => {
    expect((await readSpenderCode(source().source, 'ethereum', [CONTRACT], 1_000_000n)).facts.verifiedSource).toBeNull();
  });
});
