import {
  CHAINS,
  transactionRequest,
  txDecodeResult,
  type CallFrame,
  type LogRecord,
  type ReceiptRecord,
  type TransactionRecord,
} from '@paysight/contracts';
import { encodeAbiParameters, encodeErrorResult, encodeEventTopics, encodeFunctionData, erc20Abi, getAddress, parseAbi, type Hex } from 'viem';
import type { ContractProbe } from '../../decoding/known-contracts.js';
import { addressTopic, TRANSFER_BATCH_TOPIC, TRANSFER_TOPIC } from '../../shared/erc-events.js';
import { analyzeTxDecode } from './analyze.js';
import type { TxDecodeData } from './data.js';
import { DECODE_LIMITS } from './gather.js';

const HASH = `0x${'ab'.repeat(32)}` as Hex;
const ALICE = getAddress('0x00000000000000000000000000000000000a11ce');
const BOB = getAddress('0x00000000000000000000000000000000000b0b00');
const TOKEN = getAddress('0x1000000000000000000000000000000000000001');
const PROXY = getAddress('0x2000000000000000000000000000000000000002');
const IMPLEMENTATION = getAddress('0x3000000000000000000000000000000000000003');
const COLLECTION = getAddress('0x4000000000000000000000000000000000000004');
const CONTRACT_CODE = '0x6080604052' as Hex;
const ctx = { now: new Date('2026-11-23T00:00:00Z') };
const input = transactionRequest.parse({ hash: HASH, chain: 'ethereum' });
const usdcLike: ContractProbe = { address: TOKEN, name: 'Devnet Dollar', symbol: 'DUSD', decimals: 18, erc721: false, erc1155: false };

const transferInput = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 1_200n * 10n ** 18n] });
const tx = (over: Partial<TransactionRecord> = {}): TransactionRecord => ({
  hash: HASH,
  blockNumber: 10n,
  from: ALICE,
  to: TOKEN,
  value: 0n,
  input: transferInput,
  nonce: 3,
  gas: 100_000n,
  type: 'eip1559',
  ...over,
});
const log = (over: Partial<LogRecord>): LogRecord => ({ address: TOKEN, topics: [], data: '0x', blockNumber: 10n, transactionHash: HASH, logIndex: 0, ...over });
const erc20Log = log({ topics: [TRANSFER_TOPIC, addressTopic(ALICE), addressTopic(BOB)], data: encodeAbiParameters([{ type: 'uint256' }], [1_200n * 10n ** 18n]) });
const receipt = (over: Partial<ReceiptRecord> = {}): ReceiptRecord => ({
  transactionHash: HASH,
  blockNumber: 10n,
  status: 'success',
  from: ALICE,
  to: TOKEN,
  contractAddress: null,
  gasUsed: 50_000n,
  effectiveGasPrice: 2_000_000_000n,
  logs: [erc20Log],
  ...over,
});
const data = (over: Partial<TxDecodeData> = {}): TxDecodeData => ({
  coverage: { dataSourceStatus: 'Live', notes: ['from a node'] },
  transaction: tx(),
  receipt: receipt(),
  block: { number: 10n, hash: HASH, timestamp: 1_700_000_000n, baseFeePerGas: null },
  targetCode: CONTRACT_CODE,
  probes: [usdcLike],
  unprobed: 0,
  trace: { status: 'ok', frames: [] },
  replay: null,
  verifiedAbi: { status: 'not_read' },
  ...over,
});
const frame = (over: Partial<CallFrame>): CallFrame => ({ type: 'CALL', from: ALICE, to: TOKEN, value: 0n, input: '0x', depth: 0, reverted: false, ...over });

function decode(over: Partial<TxDecodeData> = {}) {
  const output = analyzeTxDecode(input, data(over), ctx);
  expect(txDecodeResult.parse(output.result)).toEqual(output.result);
  return output;
}

describe('analyzeTxDecode', () => {
  it('decodes a token transfer to a recognised ERC-20 with its ABI, its logs and its fee', () => {
    const { result, metadata } = decode();
    expect(result).toMatchObject({
      status: 'success',
      blockNumber: '10',
      timestamp: '2023-11-14T22:13:20.000Z',
      from: ALICE,
      to: TOKEN,
      value: { raw: '0', formatted: '0', symbol: 'ETH' },
      fee: { gasUsed: '50000', gasLimit: '100000', effectiveGasPrice: '2000000000', total: { raw: '100000000000000', formatted: '0.0001', symbol: 'ETH' } },
      method: {
        name: 'transfer',
        signature: 'transfer(address,uint256)',
        source: 'contract_abi',
        arguments: [
          { name: 'recipient', type: 'address', value: BOB },
          { name: 'amount', type: 'uint256', value: '1200000000000000000000' },
        ],
      },
      interaction: { kind: 'contract_call', targetIsContract: true, targetAccountType: 'contract', targetName: 'Devnet Dollar (DUSD)', recognisedAs: 'erc20', proxyImplementation: null },
      tokenTransfers: [{ standard: 'erc20', logIndex: 0, token: TOKEN, symbol: 'DUSD', from: ALICE, to: BOB, amount: { raw: '1200000000000000000000', formatted: '1200', symbol: 'DUSD' }, tokenId: null }],
      internalCalls: { available: true, calls: [] },
      revert: null,
    });
    expect(result.summary).toBe(
      '0x0000…11cE called transfer(0x0000…0b00, 1200000000000000000000) on Devnet Dollar (DUSD) at 0x1000…0001; it succeeded and cost 0.0001 ETH. It moved 1200 DUSD from 0x0000…11cE to 0x0000…0b00.',
    );
    expect(metadata.dataSourceStatus).toBe('Live');
    expect(metadata.limitations).toEqual([]);
    expect(metadata.dataNotes.join(' ')).toMatch(/data set of \d+ function and \d+ error signatures/);
  });

  it('names a proxy and the implementation it delegated to, and lists the internal calls', () => {
    const incrementBy = encodeFunctionData({ abi: parseAbi(['function incrementBy(uint256 step)']), functionName: 'incrementBy', args: [5n] });
    const frames = [
      frame({ to: PROXY, input: incrementBy }),
      frame({ type: 'DELEGATECALL', from: PROXY, to: IMPLEMENTATION, input: incrementBy, depth: 1 }),
      frame({ type: 'STATICCALL', from: PROXY, to: TOKEN, input: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [ALICE] }), depth: 2 }),
    ];
    const { result } = decode({ transaction: tx({ to: PROXY, input: incrementBy }), receipt: receipt({ to: PROXY, logs: [] }), trace: { status: 'ok', frames } });
    expect(result.interaction).toMatchObject({ proxyImplementation: IMPLEMENTATION, recognisedAs: null });
    expect(result.method).toMatchObject({ name: 'incrementBy', source: 'selector_dataset', arguments: [{ name: 'step', value: '5' }] });
    expect(result.internalCalls.calls).toEqual([
      { type: 'DELEGATECALL', from: PROXY, to: IMPLEMENTATION, value: { raw: '0', formatted: '0', symbol: 'ETH' }, selector: '0x03df179c', method: 'incrementBy', signature: 'incrementBy(uint256)', depth: 1, reverted: false },
      expect.objectContaining({ type: 'STATICCALL', method: 'balanceOf', signature: 'balanceOf(address)', depth: 2 }),
    ]);
    expect(result.summary).toBe('0x0000…11cE called incrementBy(5) on 0x2000…0002, a proxy that delegated to 0x3000…0003; it succeeded and cost 0.0001 ETH.');
  });

  it('explains a revert from the replay, naming a custom error', () => {
    const revertData = encodeErrorResult({ abi: parseAbi(['error CounterUnderflow(address caller)']), errorName: 'CounterUnderflow', args: [ALICE] });
    const { result, metadata } = decode({
      transaction: tx({ to: PROXY, input: '0x2baeceb7' }),
      receipt: receipt({ to: PROXY, status: 'reverted', logs: [] }),
      probes: [],
      replay: { status: 'ok', result: { status: 'reverted', data: revertData } },
    });
    expect(result.status).toBe('reverted');
    expect(result.revert).toEqual({
      kind: 'custom_error',
      reason: `CounterUnderflow(caller: ${ALICE})`,
      errorName: 'CounterUnderflow',
      signature: 'CounterUnderflow(address)',
      source: 'selector_dataset',
      arguments: [{ name: 'caller', type: 'address', value: ALICE }],
      data: revertData,
      origin: 'replay',
    });
    expect(result.summary).toBe('0x0000…11cE called decrement() on 0x2000…0002; it reverted with CounterUnderflow(0x0000…11cE) and still cost 0.0001 ETH.');
    expect(metadata.dataNotes.join(' ')).toMatch(/replaying the transaction with eth_call on the state after block 9/);
  });

  it('says so when the replay does not revert, fails, or the transaction used all its gas', () => {
    const reverted = receipt({ status: 'reverted', logs: [], gasUsed: 100_000n });
    const notReproduced = decode({ receipt: reverted, replay: { status: 'ok', result: { status: 'success', data: '0x' } } });
    expect(notReproduced.result.revert).toMatchObject({ kind: 'not_reproduced', reason: null, data: null });
    expect(notReproduced.result.summary).toMatch(/reverted for a reason the replay could not reproduce and still cost 0\.0002 ETH\. It used its whole gas limit, so it most likely ran out of gas\.$/);
    expect(notReproduced.metadata.limitations.join(' ')).toMatch(/Replayed at the previous block the transaction succeeds/);

    const failed = decode({ receipt: reverted, replay: { status: 'failed' } });
    expect(failed.result.revert).toMatchObject({ kind: 'unavailable' });
    expect(failed.metadata.dataSourceStatus).toBe('Partial');
    expect(failed.metadata.limitations.join(' ')).toMatch(/did not answer the replay/);
  });

  it('decodes a pending transaction without inventing a receipt', () => {
    const { result, metadata } = decode({ receipt: null, block: null, trace: { status: 'not_read' } });
    expect(result).toMatchObject({ status: 'pending', blockNumber: null, timestamp: null, fee: null, tokenTransfers: [], method: { name: 'transfer' } });
    expect(result.internalCalls).toEqual({ available: false, calls: [] });
    expect(result.summary).toMatch(/; it is pending: the node knows it, but it is not in a block yet, so no fee has been charged\.$/);
    expect(metadata.limitations).toContain('The transaction is not mined yet: there is no receipt, fee, token transfer or internal call to show.');
  });

  it('answers honestly for a hash the node does not know', () => {
    const { result, metadata } = decode({ transaction: null, receipt: null, block: null, targetCode: null, probes: [], trace: { status: 'not_read' } });
    expect(result).toMatchObject({ status: 'not_found', from: null, to: null, method: null, value: null, fee: null, interaction: { kind: 'unknown' } });
    expect(result.summary).toBe(`The Ethereum node does not know transaction ${HASH}; it may be on another chain, dropped, or never broadcast.`);
    expect(metadata.limitations[0]).toMatch(/does not know this hash/);
  });

  it('decodes what it can from a receipt whose transaction the node did not return', () => {
    const { result, metadata } = decode({ transaction: null, receipt: receipt({ status: 'reverted', logs: [] }) });
    expect(result).toMatchObject({ method: null, value: null, fee: { gasLimit: null }, interaction: { kind: 'unknown' }, revert: { kind: 'unavailable' } });
    expect(result.summary).toBe('0x0000…11cE sent a transaction to Devnet Dollar (DUSD) at 0x1000…0001; it reverted for a reason that could not be read and still cost 0.0001 ETH.');
    expect(metadata.limitations).toEqual(
      expect.arrayContaining(['The node returned the receipt but not the transaction: value, input and gas limit are unknown.', 'The node returned the receipt but not the transaction, so the revert could not be replayed.']),
    );
    expect(metadata.dataSourceStatus).toBe('Partial');
  });

  it('reports missing traces as a limitation, and a failed trace as partial data', () => {
    const none = decode({ trace: { status: 'not_offered' } });
    expect(none.result.internalCalls).toEqual({ available: false, calls: [] });
    expect(none.metadata.limitations).toContain('The node offers no execution traces, so internal calls (and native coin moved by contracts) are not listed.');
    expect(none.metadata.dataSourceStatus).toBe('Live');

    expect(decode({ trace: { status: 'failed' } }).metadata.dataSourceStatus).toBe('Partial');
    expect(decode({ trace: { status: 'failed' }, coverage: { dataSourceStatus: 'Demo', notes: [] } }).metadata.dataSourceStatus).toBe('Demo');
  });

  it('caps the internal calls and token transfers it lists and says how many contracts went unprobed', () => {
    const many = Array.from({ length: DECODE_LIMITS.internalCalls + 5 }, (_, i) => frame({ from: TOKEN, to: BOB, value: 1n, depth: 1 + (i % 2) }));
    const logs = Array.from({ length: DECODE_LIMITS.tokenTransfers + 1 }, (_, logIndex) => ({ ...erc20Log, logIndex }));
    const { result, metadata } = decode({ receipt: receipt({ logs }), trace: { status: 'ok', frames: [frame({}), ...many] }, unprobed: 3 });
    expect(result.internalCalls.calls).toHaveLength(DECODE_LIMITS.internalCalls);
    expect(result.tokenTransfers).toHaveLength(DECODE_LIMITS.tokenTransfers);
    expect(metadata.limitations).toContain(`The transaction made ${DECODE_LIMITS.internalCalls + 5} internal calls; the first ${DECODE_LIMITS.internalCalls} are listed.`);
    expect(metadata.limitations).toContain(`The logs hold ${DECODE_LIMITS.tokenTransfers + 1} token transfers; the first ${DECODE_LIMITS.tokenTransfers} are listed.`);
    expect(metadata.limitations).toContain('3 more contracts took part; names and decimals were read for the first 1.');
  });

  it('describes a contract creation and a plain transfer', () => {
    const created = getAddress('0x5000000000000000000000000000000000000005');
    const creation = decode({ transaction: tx({ to: null, input: '0x6080' }), receipt: receipt({ to: null, contractAddress: created, logs: [] }), targetCode: null, probes: [] });
    expect(creation.result).toMatchObject({ to: null, contractCreated: created, method: null, interaction: { kind: 'contract_creation', targetIsContract: null } });
    expect(creation.result.summary).toBe('0x0000…11cE deployed a contract at 0x5000…0005; it succeeded and cost 0.0001 ETH.');

    const plain = decode({ transaction: tx({ to: BOB, input: '0x', value: 15n * 10n ** 17n }), receipt: receipt({ to: BOB, logs: [], gasUsed: 21_000n }), targetCode: '0x', probes: [] });
    expect(plain.result).toMatchObject({ method: null, interaction: { kind: 'transfer', targetIsContract: false, targetAccountType: 'eoa' }, value: { formatted: '1.5' } });
    expect(plain.result.summary).toBe('0x0000…11cE sent 1.5 ETH to 0x0000…0b00; it succeeded and cost 0.000042 ETH.');
  });

  it('recognises a call to an EIP-7702 delegated account', () => {
    const delegate = getAddress('0x6000000000000000000000000000000000000006');
    const { result } = decode({ transaction: tx({ to: ALICE, input: '0x' }), receipt: receipt({ to: ALICE, logs: [] }), targetCode: `0xef0100${delegate.slice(2)}`, probes: [] });
    expect(result.interaction).toMatchObject({ targetAccountType: 'delegated_eoa', targetIsContract: true, delegatedTo: delegate });
    expect(result.summary).toMatch(/^0x0000…11cE sent nothing \(0 ETH\) to 0x0000…11cE, an account delegated to 0x6000…0006 \(EIP-7702\);/);
  });

  it('reads ERC-721 and ERC-1155 transfers from the logs, with the collection symbol and no decimals', () => {
    const nft = log({ address: COLLECTION, topics: [TRANSFER_TOPIC, addressTopic(ALICE), addressTopic(BOB), `0x${'0'.repeat(63)}7`], logIndex: 1 });
    const batch = log({
      address: COLLECTION,
      logIndex: 2,
      topics: [TRANSFER_BATCH_TOPIC, addressTopic(ALICE), addressTopic(ALICE), addressTopic(BOB)],
      data: encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [[1n, 2n], [10n, 20n]]),
    });
    const collection: ContractProbe = { address: COLLECTION, name: 'Explorers', symbol: 'DXPL', decimals: null, erc721: true, erc1155: false };
    const { result } = decode({ receipt: receipt({ logs: [nft, batch] }), probes: [usdcLike, collection] });
    expect(result.tokenTransfers.map((t) => [t.standard, t.tokenId, t.amount.raw, t.amount.formatted, t.symbol])).toEqual([
      ['erc721', '7', '1', null, 'DXPL'],
      ['erc1155', '1', '10', null, 'DXPL'],
      ['erc1155', '2', '20', null, 'DXPL'],
    ]);
    expect(result.summary).toMatch(/It moved DXPL #7 from 0x0000…11cE to 0x0000…0b00; moved 10 × DXPL #1 from .*; moved 20 × DXPL #2 from .*\.$/);
  });

  it('adds the L1 data fee of an OP-stack receipt to the total, and says so when the receipt lacks it', () => {
    const base = transactionRequest.parse({ hash: HASH, chain: 'base' });
    const l1Fee = { fee: 4_931_920_883n, l1GasUsed: 1_600n, l1GasPrice: 1_358_506_164n, l1BaseFeeScalar: 2_269n, l1BlobBaseFee: 1n, l1BlobBaseFeeScalar: 1_055_762n };
    const withFee = analyzeTxDecode(base, data({ receipt: receipt({ l1Fee }) }), ctx);
    expect(withFee.result.fee).toMatchObject({
      l1DataFee: { raw: '4931920883', symbol: 'ETH' },
      total: { raw: String(50_000n * 2_000_000_000n + 4_931_920_883n), symbol: 'ETH' },
    });
    expect(withFee.metadata.limitations.join(' ')).not.toMatch(/l1Fee/);

    const without = analyzeTxDecode(base, data(), ctx);
    expect(without.result.fee).toMatchObject({ l1DataFee: null, total: { raw: '100000000000000' } });
    expect(without.metadata.limitations).toContain('The Base receipt carries no l1Fee, so the L1 data fee the chain also charges is not included in the fee.');
    // Ethereum charges no L1 fee: nothing to add and nothing to say.
    expect(decode({ receipt: receipt({ l1Fee }) }).result.fee).toMatchObject({ l1DataFee: null, total: { raw: '100000000000000' } });
    expect(CHAINS.base.nativeSymbol).toBe('ETH');
  });

  it('takes the revert reason from the trace when the node gives the revert data, before the replay', () => {
    const revertData = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['too little received'] });
    const { result, metadata } = decode({
      receipt: receipt({ status: 'reverted', logs: [] }),
      trace: { status: 'ok', frames: [frame({ reverted: true, revertData })] },
      replay: { status: 'ok', result: { status: 'success', data: '0x' } },
    });
    expect(result.revert).toMatchObject({ kind: 'reason', reason: 'too little received', origin: 'trace', data: revertData });
    expect(metadata.dataNotes).toContain("The revert reason is the revert data of the transaction's own call in the node's execution trace.");
    expect(metadata.limitations.join(' ')).not.toMatch(/Replayed at the previous block/);
  });

  it('lists the calls a Safe transaction carries, each decoded, made by the Safe', () => {
    const SAFE = getAddress('0x7000000000000000000000000000000000000007');
    const safeAbi = parseAbi([
      'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool)',
    ]);
    const input = encodeFunctionData({ abi: safeAbi, functionName: 'execTransaction', args: [TOKEN, 0n, transferInput, 0, 0n, 0n, 0n, BOB, BOB, '0x'] });
    const { result } = decode({ transaction: tx({ to: SAFE, input }), receipt: receipt({ to: SAFE }) });
    expect(result.method).toMatchObject({ name: 'execTransaction' });
    expect(result.nestedCalls).toEqual([
      {
        path: '0',
        depth: 1,
        via: 'safe_transaction',
        operation: 'call',
        from: SAFE,
        to: TOKEN,
        value: { raw: '0', formatted: '0', symbol: 'ETH' },
        allowFailure: null,
        method: expect.objectContaining({ name: 'transfer', source: 'contract_abi', arguments: [expect.objectContaining({ value: BOB }), expect.objectContaining({ value: '1200000000000000000000' })] }),
        command: null,
      },
    ]);
    expect(result.summary).toMatch(/It carried 1 call: transfer on 0x1000…0001\.$/);
  });

  it('decodes approvals and other known events beside the transfers, naming the emitter', () => {
    const approval = log({ logIndex: 1, topics: encodeEventTopics({ abi: erc20Abi, eventName: 'Approval', args: { owner: ALICE, spender: BOB } }) as Hex[], data: encodeAbiParameters([{ type: 'uint256' }], [5n]) });
    const { result } = decode({ receipt: receipt({ logs: [erc20Log, approval] }) });
    expect(result.tokenTransfers).toHaveLength(1);
    expect(result.events).toEqual([
      {
        logIndex: 1,
        address: TOKEN,
        contractName: 'Devnet Dollar (DUSD)',
        name: 'Approval',
        signature: 'Approval(address,address,uint256)',
        protocol: 'erc20',
        arguments: [
          { name: 'owner', type: 'address', value: ALICE },
          { name: 'spender', type: 'address', value: BOB },
          { name: 'value', type: 'uint256', value: '5' },
        ],
      },
    ]);
  });
  it("decodes the recipient's call and custom error with its verified ABI from the explorer first", () => {
    const vaultAbi = parseAbi(['function depositFor(address owner, uint256 assets)', 'error VaultClosed(uint256 since)']);
    const input = encodeFunctionData({ abi: vaultAbi, functionName: 'depositFor', args: [BOB, 7n] });
    const revertData = encodeErrorResult({ abi: vaultAbi, errorName: 'VaultClosed', args: [3n] });
    const { result, metadata } = decode({
      transaction: tx({ to: PROXY, input }),
      receipt: receipt({ to: PROXY, status: 'reverted', logs: [] }),
      probes: [],
      replay: { status: 'ok', result: { status: 'reverted', data: revertData } },
      verifiedAbi: { status: 'verified', abi: vaultAbi },
    });
    expect(result.method).toMatchObject({ name: 'depositFor', source: 'verified_abi', arguments: [{ name: 'owner', value: BOB }, { name: 'assets', value: '7' }] });
    expect(result.revert).toMatchObject({ kind: 'custom_error', errorName: 'VaultClosed', source: 'verified_abi', reason: 'VaultClosed(since: 3)' });
    expect(metadata.dataNotes).toContain("The recipient's verified ABI was read from the block explorer and decodes its calls and errors first.");

    // A verified ABI without the selector leaves the data set to name it; an explorer failure is a limitation.
    const fallback = decode({ verifiedAbi: { status: 'verified', abi: vaultAbi } });
    expect(fallback.result.method).toMatchObject({ name: 'transfer', source: 'contract_abi' });
    const failed = decode({ verifiedAbi: { status: 'unavailable', reason: 'Ethereum explorer (getabi): HTTP 500' } });
    expect(failed.metadata.limitations).toContain('No verified ABI was read for the recipient: Ethereum explorer (getabi): HTTP 500.');
  });
});
