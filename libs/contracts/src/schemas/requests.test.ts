import { toolById } from '../catalog/index.js';

const parse = (id: string, body: unknown) => toolById(id)!.request.safeParse(body) as { success: boolean; data?: Record<string, unknown> };
const ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const HASH = `0x${'ab'.repeat(32)}`;

describe('wallet requests', () => {
  it('applies the spec defaults per endpoint', () => {
    expect(parse('wallet_snapshot', { address: ADDRESS }).data).toEqual({ address: ADDRESS, chain: 'ethereum', depth: 'deep', reportType: 'wallet_money_map' });
    expect(parse('wallet_audit', { address: ADDRESS }).data).toMatchObject({ depth: 'basic' });
    expect(parse('deep_wallet_report', { address: ADDRESS }).data).toMatchObject({ depth: 'deep' });
    expect(parse('saved_report', { address: ADDRESS }).data).toMatchObject({ depth: 'deep' });
  });

  it('checksums lower-case addresses and rejects a broken checksum', () => {
    expect(parse('wallet_snapshot', { address: ADDRESS.toLowerCase() }).data?.address).toBe(ADDRESS);
    expect(parse('wallet_snapshot', { address: ADDRESS.replace('d8dA', 'd8Da') }).success).toBe(false);
    expect(parse('wallet_snapshot', { address: '0x1234' }).success).toBe(false);
  });

  it('bounds notes at 1200 characters', () => {
    expect(parse('wallet_snapshot', { address: ADDRESS, notes: 'n'.repeat(1200) }).success).toBe(true);
    expect(parse('wallet_snapshot', { address: ADDRESS, notes: 'n'.repeat(1201) }).success).toBe(false);
  });

  it('accepts only the five chains and the three report types', () => {
    for (const chain of ['ethereum', 'base', 'polygon', 'arbitrum', 'optimism']) expect(parse('wallet_snapshot', { address: ADDRESS, chain }).success).toBe(true);
    expect(parse('wallet_snapshot', { address: ADDRESS, chain: 'solana' }).success).toBe(false);
    expect(parse('wallet_audit', { address: ADDRESS, reportType: 'stablecoin_creator_business_setup' }).success).toBe(true);
    expect(parse('wallet_audit', { address: ADDRESS, reportType: 'other' }).success).toBe(false);
  });

  it('rejects unknown fields', () => {
    expect(parse('wallet_snapshot', { address: ADDRESS, adress: ADDRESS }).success).toBe(false);
  });

  it('takes 1 to 10 addresses in a batch', () => {
    expect(parse('batch_wallet_snapshot', { addresses: [] }).success).toBe(false);
    expect(parse('batch_wallet_snapshot', { addresses: Array(10).fill(ADDRESS) }).success).toBe(true);
    expect(parse('batch_wallet_snapshot', { addresses: Array(11).fill(ADDRESS) }).success).toBe(false);
  });
});

describe('transaction requests', () => {
  it('treats hash as transactionHash', () => {
    expect(parse('tx_status', { hash: HASH }).data).toEqual({ transactionHash: HASH, chain: 'ethereum' });
    expect(parse('tx_decode', { transactionHash: HASH.toUpperCase().replace('0X', '0x') }).data?.transactionHash).toBe(HASH);
  });
  it('requires one of them and refuses two different ones', () => {
    expect(parse('tx_status', {}).success).toBe(false);
    expect(parse('tx_status', { hash: HASH, transactionHash: HASH }).success).toBe(true);
    expect(parse('tx_status', { hash: HASH, transactionHash: `0x${'cd'.repeat(32)}` }).success).toBe(false);
  });
});

describe('trust requests', () => {
  const receipt = {
    chain: 'base',
    transaction_hash: HASH,
    expected_payee: ADDRESS,
    expected_amount: '0.01',
    currency: 'USDC',
    resource_url_hash: `sha256:${'a'.repeat(64)}`,
    response_hash: `sha256:${'b'.repeat(64)}`,
  };
  it('accepts a complete receipt audit', () => expect(parse('receipt_audit', receipt).success).toBe(true));
  it('requires the sha256: prefix', () => expect(parse('receipt_audit', { ...receipt, response_hash: 'b'.repeat(64) }).success).toBe(false));
  it('accepts only USDC', () => expect(parse('receipt_audit', { ...receipt, currency: 'USDT' }).success).toBe(false));
  it('bounds timeframe_days to 1..365 integers', () => {
    const base = { chain: 'base', payee: ADDRESS, service_url: 'https://seller.example/api' };
    expect(parse('authenticity_score', { ...base, timeframe_days: 365 }).success).toBe(true);
    expect(parse('authenticity_score', { ...base, timeframe_days: 0 }).success).toBe(false);
    expect(parse('authenticity_score', { ...base, timeframe_days: 1.5 }).success).toBe(false);
  });
  it('requires URIs for resource_url', () => {
    const base = { chain: 'base', payee: ADDRESS, amount: '0.01', currency: 'USDC' };
    expect(parse('agent_payment_preflight', { ...base, resource_url: 'https://api.example/x' }).success).toBe(true);
    expect(parse('agent_payment_preflight', { ...base, resource_url: 'not a url' }).success).toBe(false);
  });
  it('requires every mandate_context member', () => {
    const mandate = { authorized_max_amount: '1.00', currency: 'USDC', expected_payee: ADDRESS, purpose: 'buy a report', human_present: false };
    expect(parse('mandate_chain_evidence', { chain: 'base', transaction_hash: HASH, mandate_context: mandate }).success).toBe(true);
    const { purpose: _omitted, ...partial } = mandate;
    expect(parse('mandate_chain_evidence', { chain: 'base', transaction_hash: HASH, mandate_context: partial }).success).toBe(false);
  });
});
