import type { TxDecodeResult } from '@paysight/contracts';
import { getAddress } from 'viem';
import { describeTransaction, shortAddress } from './summary.js';

const FROM = getAddress('0x1111111111111111111111111111111111111111');
const TO = getAddress('0x2222222222222222222222222222222222222222');
const eth = (raw: string, formatted: string) => ({ raw, formatted, symbol: 'ETH' });

const base: TxDecodeResult = {
  transactionHash: `0x${'ab'.repeat(32)}`,
  chain: 'optimism',
  status: 'success',
  blockNumber: '1',
  timestamp: null,
  from: FROM,
  to: TO,
  contractCreated: null,
  value: eth('0', '0'),
  fee: { gasUsed: '21000', gasLimit: '50000', effectiveGasPrice: '1', l1DataFee: null, total: eth('21000', '0.000000000000021') },
  method: { selector: '0x12345678', name: null, signature: null, source: 'none', arguments: [], alternatives: [] },
  interaction: { kind: 'contract_call', targetIsContract: true, targetAccountType: 'contract', targetName: null, recognisedAs: null, proxyImplementation: null, delegatedTo: null },
  tokenTransfers: [],
  internalCalls: { available: true, calls: [] },
  nestedCalls: [],
  events: [],
  revert: null,
  summary: '',
};

describe('describeTransaction', () => {
  it('shortens addresses to their first and last characters', () => {
    expect(shortAddress(FROM)).toBe('0x1111…1111');
  });

  it('names an unknown method by its selector and mentions the coin sent along', () => {
    expect(describeTransaction({ ...base, value: eth('2500000000000000000', '2.5') })).toBe(
      '0x1111…1111 called an unknown method (selector 0x12345678) on 0x2222…2222, sending 2.5 ETH; it succeeded and cost 0.000000000000021 ETH.',
    );
  });

  it('shows at most four arguments, summarised', () => {
    const method = {
      ...base.method!,
      name: 'doMany',
      signature: 'doMany(string,bytes,uint256[],(uint256),bool)',
      source: 'selector_dataset' as const,
      arguments: [
        { name: 'note', type: 'string', value: 'a'.repeat(50) },
        { name: 'blob', type: 'bytes', value: `0x${'ff'.repeat(40)}` },
        { name: 'ids', type: 'uint256[]', value: ['1', '2'] },
        { name: 'pair', type: '(uint256)', value: { a: '1' } },
        { name: 'flag', type: 'bool', value: true },
      ],
    };
    expect(describeTransaction({ ...base, method })).toMatch(`called doMany("${'a'.repeat(40)}…", 0xffffffff…(40 bytes), [2 items], {…}, …) on`);
  });

  it('lists four token transfers and counts the rest', () => {
    const transfer = (i: number) => ({
      standard: 'erc20' as const,
      logIndex: i,
      token: TO,
      symbol: 'DUSD',
      from: FROM,
      to: TO,
      amount: { raw: String(i), formatted: String(i), symbol: 'DUSD' },
      tokenId: null,
    });
    const text = describeTransaction({ ...base, tokenTransfers: [1, 2, 3, 4, 5, 6].map(transfer) });
    expect(text).toMatch(/It moved 1 DUSD from 0x1111…1111 to 0x2222…2222; moved 2 DUSD .*; moved 4 DUSD from 0x1111…1111 to 0x2222…2222; and 2 more token transfers\.$/);
  });

  it('tells a failed creation and a revert without data apart from success', () => {
    const failedCreation = { ...base, to: null, status: 'reverted' as const, method: null, interaction: { ...base.interaction, kind: 'contract_creation' as const } };
    expect(describeTransaction({ ...failedCreation, revert: { kind: 'no_data', reason: null, errorName: null, signature: null, source: 'none', arguments: [], data: '0x', origin: 'trace' } })).toBe(
      '0x1111…1111 tried to deploy a contract; it reverted without a reason and still cost 0.000000000000021 ETH.',
    );
  });

  it('calls an address without code what it is', () => {
    const method = { ...base.method!, name: 'ping', signature: 'ping()', source: 'selector_dataset' as const };
    expect(describeTransaction({ ...base, method, interaction: { ...base.interaction, targetIsContract: false, targetAccountType: 'eoa' } })).toMatch(
      /^0x1111…1111 called ping\(\) on 0x2222…2222, an address without code;/,
    );
  });
});
