import { createHash } from 'node:crypto';
import {
  PAYMENT,
  catalogEntry,
  mcpResultWrapper,
  priceObjectFor,
  responseSchema,
  type DeepWalletReportResult,
  type RiskFlag,
  type ToolId,
  type TxDecodeResult,
  type WalletAuditResult,
  type WalletReport,
} from '@paysight/contracts';
import { MAX_STRUCTURED_RESULT_CHARS, MIN_SHORTENED_STRING_CHARS, fitResponse, omissionNote, type Omission } from './fit-result.js';

// ---------------------------------------------------------------------------------------------------
// Bodies shaped like the API's: deterministic hashes and addresses, sizes of a busy wallet at depth deep.
// ---------------------------------------------------------------------------------------------------

const hex = (seed: string, digits: number) => createHash('sha256').update(seed).digest('hex').slice(0, digits);
const txHash = (seed: string) => `0x${hex(seed, 64)}`;
const address = (seed: string) => `0x${hex(seed, 40)}`;
const WALLET = address('wallet');
const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const SAVED_REPORT_URL = 'https://paysight.example/reports/Q2hvb3NlIGFuIHVuZ3Vlc3NhYmxlIGlkLCBwbGVhc2U';

function flow(i: number): WalletReport['flows'][number] {
  const stable = i % 2 === 0;
  return {
    transactionHash: txHash(`flow-${i}`),
    blockNumber: String(22_400_000 - i * 1_733),
    timestamp: new Date(Date.UTC(2026, 10, 20) - i * 3_600_000).toISOString(),
    logIndex: stable ? i % 17 : null,
    direction: i % 3 === 1 ? 'out' : 'in',
    kind: stable ? 'erc20' : 'native',
    asset: stable ? { address: USDC, symbol: 'USDC' } : { address: null, symbol: 'ETH' },
    amount: stable ? String(1_250_000 + i * 37_500) : String(10n ** 16n * BigInt(i + 1)),
    tokenId: null,
    formatted: stable ? (1.25 + i * 0.0375).toFixed(4) : `0.0${i + 1}`,
    counterparty: address(`counterparty-${i % 25}`),
    flags: i % 7 === 0 ? ['address_poisoning'] : [],
  };
}

function counterparty(i: number): WalletReport['counterparties'][number] {
  return {
    address: address(`counterparty-${i}`),
    label: i % 4 === 0 ? `Known service ${i}` : null,
    kind: i % 3 === 0 ? 'contract' : 'eoa',
    interactions: 90 - i * 3,
    firstSeen: '2025-11-21T08:00:00.000Z',
    lastSeen: '2026-11-20T08:00:00.000Z',
    nativeIn: String(10n ** 17n * BigInt(i + 3)),
    nativeOut: String(10n ** 16n * BigInt(i + 1)),
    stablecoinInUsd: (14_250 / (i + 1)).toFixed(2),
    stablecoinOutUsd: (9_100 / (i + 2)).toFixed(2),
    flags: i === 3 ? ['address_poisoning'] : [],
  };
}

function timelinePoint(day: number): WalletReport['timeline']['points'][number] {
  return {
    date: new Date(Date.UTC(2025, 10, 21) + day * 86_400_000).toISOString().slice(0, 10),
    transactions: day % 5,
    nativeIn: String(10n ** 15n * BigInt((day * 7) % 13)),
    nativeOut: String(10n ** 15n * BigInt((day * 5) % 11)),
    nativeBalance: String(10n ** 18n + 10n ** 14n * BigInt(day)),
    stablecoinInUsd: ((day * 13) % 97).toFixed(2),
    stablecoinOutUsd: ((day * 11) % 89).toFixed(2),
  };
}

function token(i: number): WalletReport['exposure']['tokens'][number] {
  return { address: address(`token-${i}`), symbol: `TKN${i}`, name: `Airdropped token ${i}`, decimals: 18, balance: String(10n ** 18n * BigInt(i + 1)), formatted: String(i + 1), isStablecoin: false, source: 'transfer_history' };
}

function nft(i: number): WalletReport['exposure']['nfts'][number] {
  const tokenIds = Array.from({ length: 12 }, (_, k) => String(1_000 * i + k));
  return { contract: address(`nft-${i}`), standard: 'erc721', name: `Collection ${i}`, symbol: `C${i}`, tokenIds, count: tokenIds.length };
}

function poisoningFlag(evidenceCount: number): RiskFlag {
  return {
    id: 'address_poisoning',
    title: 'Targeted by address poisoning',
    severity: 'high',
    weight: 18,
    explanation: 'Zero-value transfers arrived from addresses that share the first and last characters of real counterparties.',
    evidence: Array.from({ length: evidenceCount }, (_, i) => ({
      kind: 'log' as const,
      transactionHash: txHash(`poison-${i}`),
      logIndex: i % 9,
      blockNumber: String(22_380_000 - i * 97),
      address: address(`look-alike-${i}`),
      detail: 'Zero-value USDC transfer from a look-alike address.',
    })),
    limits: ['Look-alikes are matched on the first and last four hex characters only.'],
  };
}

const FRESH_FLAG: RiskFlag = {
  id: 'fresh_wallet',
  title: 'Recently created wallet',
  severity: 'info',
  weight: 1,
  explanation: 'The first activity of this account is 42 days old.',
  evidence: [{ kind: 'transaction', transactionHash: txHash('first-tx'), blockNumber: '21986002', detail: 'First incoming transfer.' }],
  limits: [],
};

const GENERATION = { mode: 'deterministic', aiStatus: 'not_attempted', reason: 'not_configured' } as const;
const REPORT_SECTION: WalletReport['reportSection'] = {
  reportType: 'wallet_money_map',
  title: 'Money map',
  findings: [
    { label: 'Main source of funds', value: 'Known service 0', note: '86% of incoming value' },
    { label: 'Active days', value: '292 of 365', note: null },
  ],
};

/** The paid envelope around a tool's result, with the serving layer's metadata. */
function paidBody(tool: ToolId, result: unknown) {
  return {
    ok: true,
    tool,
    pricePaid: priceObjectFor(catalogEntry(tool).price),
    result,
    metadata: {
      requestId: 'req_01JD6W4N8Z2F4T0Q3X5V7B9C1E',
      x402RequestId: 'pay_01JD6W4N8Z2F4T0Q3X5V7B9C1F',
      generatedAt: '2026-11-21T09:30:00.000Z',
      settlement: { transaction: txHash('settlement'), network: PAYMENT.network, payer: address('buyer') },
      chain: 'base',
      dataSourceStatus: 'Live',
      dataNotes: ['Indexed history: 500 transaction(s), 41 internal transfer(s), 500 token transfer(s) (the newest 500 per list).'],
      limitations: ['Token prices are not used: only stablecoins are valued in USD.'],
    },
  };
}

/** A year of a busy wallet: about 145,000 characters of JSON, eight times the budget. */
function deepReportBody(options: { aiText?: string } = {}) {
  const points = Array.from({ length: 365 }, (_, day) => timelinePoint(day));
  const report: WalletReport = {
    kind: 'wallet_report',
    version: 1,
    subject: { address: WALLET, chain: 'base', chainId: 8453, accountType: 'eoa' },
    generatedAt: '2026-11-21T09:30:00.000Z',
    depth: 'deep',
    reportType: 'wallet_money_map',
    summary: `${WALLET} on Base: risk 19/100 (guarded). 1 risk flag(s): Targeted by address poisoning.`,
    riskScore: 19,
    riskLabel: 'guarded',
    riskFlags: [poisoningFlag(40), FRESH_FLAG],
    timeline: { from: points[0]!.date, to: points.at(-1)!.date, nativeSymbol: 'ETH', nativeDecimals: 18, points },
    counterparties: Array.from({ length: 25 }, (_, i) => counterparty(i)),
    exposure: {
      native: { symbol: 'ETH', wei: '1036400000000000000', formatted: '1.0364' },
      tokens: Array.from({ length: 120 }, (_, i) => token(i)),
      nfts: Array.from({ length: 40 }, (_, i) => nft(i)),
      stablecoinBalanceUsd: '13740.75',
    },
    flows: Array.from({ length: 50 }, (_, i) => flow(i)),
    reportSection: REPORT_SECTION,
    ...(options.aiText ? { aiSections: [{ title: 'What the score rests on', text: options.aiText }] } : {}),
    confidence: 'medium',
    dataSourceStatus: 'Live',
    dataNotes: ['Balances at block 22400000.'],
    limitations: ['Internal transfers are visible only where the node offers traces.'],
    generation: GENERATION,
  };
  const result: DeepWalletReportResult = { report, reportId: 'Q2hvb3NlIGFuIHVuZ3Vlc3NhYmxlIGlkLCBwbGVhc2U', savedReportUrl: SAVED_REPORT_URL };
  return paidBody('deep_wallet_report', result);
}

function walletAuditBody(sizes: { flows: number; counterparties: number; tokens: number; poisoningEvidence: number }) {
  const result: WalletAuditResult = {
    riskScore: 19,
    riskLabel: 'guarded',
    summary: `${WALLET} on Base: risk 19/100 (guarded).`,
    recentFlows: Array.from({ length: sizes.flows }, (_, i) => flow(i)),
    topCounterparties: Array.from({ length: sizes.counterparties }, (_, i) => counterparty(i)),
    tokenExposure: Array.from({ length: sizes.tokens }, (_, i) => token(i)),
    nftExposure: [nft(0)],
    confidence: 'high',
    dataSourceStatus: 'Live',
    dataNotes: ['Balances at block 22400000.'],
    limitations: [],
    recommendedNextAction: 'Check the look-alike addresses before sending funds.',
    generation: GENERATION,
    savedReportUrl: null,
    riskFlags: [poisoningFlag(sizes.poisoningEvidence), FRESH_FLAG],
    exposureFindings: [],
    subjectType: { type: 'eoa', reasons: ['No code at the head block: an externally owned account.'], delegate: null, implementation: null, label: null, evidence: [], skippedFlags: [] },
    reportSection: REPORT_SECTION,
    approvals: { searchedBlocks: { fromBlock: '22000000', toBlock: '22400000' }, live: [], inactive: [], unattributed: [], stablecoinAtRiskUsd: '0', limitations: [] },
  };
  return paidBody('wallet_audit', result);
}

/** A reverted call whose revert data is a long hex blob: a long string that no array cut can remove. */
function txDecodeBody(revertDataBytes: number) {
  const transfer = (i: number): TxDecodeResult['tokenTransfers'][number] => ({
    standard: 'erc20',
    logIndex: i,
    token: USDC,
    symbol: 'USDC',
    from: WALLET,
    to: address(`payee-${i}`),
    amount: { raw: '1000000', formatted: '1', symbol: 'USDC' },
    tokenId: null,
  });
  const result: TxDecodeResult = {
    transactionHash: txHash('tx'),
    chain: 'base',
    status: 'reverted',
    blockNumber: '22400000',
    timestamp: '2026-11-20T08:00:00.000Z',
    from: WALLET,
    to: address('router'),
    contractCreated: null,
    value: { raw: '0', formatted: '0', symbol: 'ETH' },
    fee: { gasUsed: '21000', gasLimit: '100000', effectiveGasPrice: '1000000', l1DataFee: null, total: { raw: '21000000000', formatted: '0.000000021', symbol: 'ETH' } },
    method: { selector: '0x12345678', name: null, signature: null, source: 'none', arguments: [], alternatives: [] },
    interaction: { kind: 'contract_call', targetIsContract: true, targetAccountType: 'contract', targetName: null, recognisedAs: null, proxyImplementation: null, delegatedTo: null },
    tokenTransfers: [transfer(0), transfer(1), transfer(2)],
    internalCalls: { available: false, calls: [] },
    nestedCalls: [],
    events: [],
    revert: {
      origin: 'replay',
      kind: 'unknown_error',
      reason: null,
      errorName: null,
      signature: null,
      source: 'none',
      arguments: [],
      data: `0x${Array.from({ length: Math.ceil(revertDataBytes / 32) }, (_, i) => hex(`revert-${i}`, 64)).join('')}`,
    },
    summary: 'The call to the router reverted with data that no known error decodes.',
  };
  return paidBody('tx_decode', result);
}

// ---------------------------------------------------------------------------------------------------
// Reading bodies by the omissions' paths.
// ---------------------------------------------------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const jsonSize = (value: unknown) => JSON.stringify(value).length;
const copyOf = (value: unknown) => JSON.parse(JSON.stringify(value)) as Json;

function pathKeys(path: string): (string | number)[] {
  return [...path.matchAll(/([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)].map(([, name, index, quoted]) =>
    name ?? (index === undefined ? (JSON.parse(quoted!) as string) : Number(index)),
  );
}

function at(body: unknown, path: string): Json {
  return pathKeys(path).reduce<Json>((value, key) => (value as Record<string | number, Json>)[key]!, body as Json);
}

/** The body with the listed arrays cut to their first `kept` items: what fitResponse should return when it cut only arrays. */
function truncated(body: unknown, omissions: Omission[]): Json {
  const copy = copyOf(body);
  for (const { path, kept } of omissions) (at(copy, path) as Json[]).length = kept;
  return copy;
}

/** A value with every array in it emptied. */
function withoutArrays(value: Json): Json {
  if (Array.isArray(value)) return [];
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, withoutArrays(child)]));
}

/** An array's own characters: its JSON without the contents of the arrays nested in its items. */
const ownSize = (items: Json[]) => jsonSize(items.map(withoutArrays));

/** Every array in a body, with its path. */
function arrays(value: Json, path = ''): { path: string; items: Json[] }[] {
  if (value === null || typeof value !== 'object') return [];
  const join = (key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
  const nested = entries.flatMap(([key, child]) => arrays(child, join(key)));
  return Array.isArray(value) ? [{ path, items: value }, ...nested] : nested;
}

// ---------------------------------------------------------------------------------------------------

describe('fitResponse', () => {
  const deepSchema = responseSchema(catalogEntry('deep_wallet_report'));

  it('brings a deep wallet report eight times the budget within it, still valid, cutting only the tails of the largest arrays', () => {
    const body = deepReportBody();
    const before = JSON.stringify(body);
    expect(deepSchema.safeParse(body).success).toBe(true);
    expect(before.length).toBeGreaterThan(8 * MAX_STRUCTURED_RESULT_CHARS);

    const { body: fitted, omissions } = fitResponse(body, MAX_STRUCTURED_RESULT_CHARS);

    expect(jsonSize(fitted)).toBeLessThanOrEqual(MAX_STRUCTURED_RESULT_CHARS);
    expect(jsonSize(fitted)).toBeGreaterThan(0.9 * MAX_STRUCTURED_RESULT_CHARS);
    expect(deepSchema.safeParse(fitted).success).toBe(true);
    const wrapper = mcpResultWrapper(deepSchema);
    expect(wrapper.safeParse({ status: 'ok', httpStatus: 200, endpoint: '/api/x402/deep-wallet-report', response: fitted }).success).toBe(true);
    expect(JSON.stringify(body)).toBe(before);

    // Exactly the listed arrays lost their tails (order kept, every key and scalar as it was).
    expect(fitted).toEqual(truncated(body, omissions));
    for (const { path, unit, kept, total } of omissions) {
      expect(unit).toBe('items');
      expect(total).toBe((at(body, path) as Json[]).length);
      expect(kept).toBeGreaterThanOrEqual(1);
      expect(kept).toBeLessThan(total);
    }
    expect(omissions.map((o) => o.path)).toEqual(
      expect.arrayContaining(['result.report.riskFlags[0].evidence', 'result.report.timeline.points', 'result.report.counterparties', 'result.report.exposure.tokens', 'result.report.exposure.nfts', 'result.report.flows']),
    );
    expect(omissions.map((o) => o.path)).not.toContain('result.report.reportSection.findings');
  });

  it('cuts the largest arrays first: no array left whole has more own characters than a cut one would have with its next item', () => {
    const body = deepReportBody();
    const { body: fitted, omissions } = fitResponse(body, MAX_STRUCTURED_RESULT_CHARS);
    const cut = new Set(omissions.map((o) => o.path));
    const withNextItem = omissions.map(({ path, kept }) => ownSize((at(body, path) as Json[]).slice(0, kept + 1)));
    const whole = arrays(fitted as Json).filter((a) => !cut.has(a.path) && a.items.length > 1);
    expect(whole.map((a) => a.path)).toEqual(expect.arrayContaining(['result.report.riskFlags', 'result.report.reportSection.findings', 'result.report.exposure.nfts[0].tokenIds']));
    for (const { items } of whole) expect(ownSize(items)).toBeLessThan(Math.min(...withNextItem));
  });

  it('cuts nested arrays before their parents, keeping every risk flag and at least one piece of evidence', () => {
    const body = walletAuditBody({ flows: 3, counterparties: 3, tokens: 3, poisoningEvidence: 600 });
    const schema = responseSchema(catalogEntry('wallet_audit'));
    expect(schema.safeParse(body).success).toBe(true);

    const { body: fitted, omissions } = fitResponse(body, MAX_STRUCTURED_RESULT_CHARS);

    expect(omissions).toEqual([{ path: 'result.riskFlags[0].evidence', unit: 'items', kept: expect.any(Number), total: 600 }]);
    expect(fitted).toEqual(truncated(body, omissions));
    expect(at(fitted, 'result.riskFlags')).toHaveLength(2);
    expect(jsonSize(fitted)).toBeLessThanOrEqual(MAX_STRUCTURED_RESULT_CHARS);
    expect(schema.safeParse(fitted).success).toBe(true);

    const tiny = fitResponse(body, 3_000);
    expect(at(tiny.body, 'result.riskFlags[0].evidence')).toHaveLength(1);
    expect(schema.safeParse(tiny.body).success).toBe(true);
  });

  it('returns a body within the budget as given, with no omissions', () => {
    const body = walletAuditBody({ flows: 5, counterparties: 5, tokens: 5, poisoningEvidence: 3 });
    expect(jsonSize(body)).toBeLessThan(MAX_STRUCTURED_RESULT_CHARS);
    const fitted = fitResponse(body, MAX_STRUCTURED_RESULT_CHARS);
    expect(fitted.body).toBe(body);
    expect(fitted.omissions).toEqual([]);
    expect(fitResponse(body, jsonSize(body)).omissions).toEqual([]);
    expect(fitResponse(body, jsonSize(body) - 1).omissions).not.toEqual([]);
  });

  it('is deterministic', () => {
    expect(fitResponse(deepReportBody(), 20_000)).toEqual(fitResponse(deepReportBody(), 20_000));
  });

  it('leaves long strings alone when cutting arrays is enough', () => {
    const aiText = 'The score rests on the poisoning attempts listed above. '.repeat(80);
    expect(aiText.length).toBeGreaterThan(MIN_SHORTENED_STRING_CHARS);
    const { body: fitted, omissions } = fitResponse(deepReportBody({ aiText }), MAX_STRUCTURED_RESULT_CHARS);
    expect(omissions.every((o) => o.unit === 'items')).toBe(true);
    expect(at(fitted, 'result.report.aiSections[0].text')).toBe(aiText);
  });

  it('shortens long strings with a visible marker only when cutting arrays cannot fit, leaving small arrays whole', () => {
    const body = txDecodeBody(40_000);
    const schema = responseSchema(catalogEntry('tx_decode'));
    expect(schema.safeParse(body).success).toBe(true);
    const data = at(body, 'result.revert.data') as string;

    const { body: fitted, omissions } = fitResponse(body, MAX_STRUCTURED_RESULT_CHARS);

    expect(omissions).toEqual([{ path: 'result.revert.data', unit: 'characters', kept: expect.any(Number), total: data.length }]);
    const { kept } = omissions[0]!;
    expect(at(fitted, 'result.revert.data')).toBe(`${data.slice(0, kept)}…[${data.length - kept} more characters]`);
    expect(at(fitted, 'result.tokenTransfers')).toEqual(at(body, 'result.tokenTransfers'));
    expect(jsonSize(fitted)).toBeLessThanOrEqual(MAX_STRUCTURED_RESULT_CHARS);
    expect(jsonSize(fitted)).toBeGreaterThan(0.99 * MAX_STRUCTURED_RESULT_CHARS);
    expect(schema.safeParse(fitted).success).toBe(true);
  });

  it('never shortens a string below the floor, even when the result stays over the budget', () => {
    const body = { result: { notes: Array.from({ length: 3 }, (_, i) => `${i}`.repeat(5_000)) } };
    const { body: fitted, omissions } = fitResponse(body, 500);
    expect(omissions).toEqual([
      { path: 'result.notes', unit: 'items', kept: 1, total: 3 },
      { path: 'result.notes[0]', unit: 'characters', kept: MIN_SHORTENED_STRING_CHARS, total: 5_000 },
    ]);
    expect(at(fitted, 'result.notes[0]')).toBe(`${'0'.repeat(MIN_SHORTENED_STRING_CHARS)}…[4000 more characters]`);
  });

  it('measures shortened strings as JSON writes them and never splits a surrogate pair', () => {
    const escaped = { result: { log: 'revert "E1"\n\t'.repeat(2_000) } };
    const fitted = fitResponse(escaped, 5_000);
    expect(jsonSize(fitted.body)).toBeLessThanOrEqual(5_000);
    expect(jsonSize(fitted.body)).toBeGreaterThan(4_950);

    const emoji = { result: { text: `a${'😀'.repeat(3_000)}` } };
    const { body, omissions } = fitResponse(emoji, 100);
    expect(omissions).toEqual([{ path: 'result.text', unit: 'characters', kept: MIN_SHORTENED_STRING_CHARS - 1, total: 6_001 }]);
    expect(at(body, 'result.text')).toMatch(/^a(😀)+…\[5002 more characters\]$/u);
  });

  it('names keys that are not identifiers in brackets', () => {
    const body = { result: { evidence: { 'look-alike transfers': Array.from({ length: 400 }, (_, i) => txHash(`${i}`)) } } };
    const { omissions } = fitResponse(body, 2_000);
    expect(omissions).toEqual([{ path: 'result.evidence["look-alike transfers"]', unit: 'items', kept: expect.any(Number), total: 400 }]);
    expect(at(fitResponse(body, 2_000).body, omissions[0]!.path)).toEqual((at(body, omissions[0]!.path) as Json[]).slice(0, omissions[0]!.kept));
  });
});

describe('omissionNote', () => {
  it('points to the saved report when the body has one', () => {
    const body = deepReportBody();
    const { body: fitted, omissions } = fitResponse(body, MAX_STRUCTURED_RESULT_CHARS);
    const note = omissionNote(omissions, { body: fitted, restEndpoint: '/api/x402/deep-wallet-report' });
    const sentences = note.split(/(?<=\.) (?=result\.)/);
    expect(sentences).toHaveLength(omissions.length);
    const flows = omissions.find((o) => o.path === 'result.report.flows')!;
    expect(sentences).toContain(
      `result.report.flows shows the first ${flows.kept} of 50 items; the full report is saved at ${SAVED_REPORT_URL} (as JSON with Accept: application/json).`,
    );
    expect(note).not.toContain('/api/x402/deep-wallet-report');
  });

  it('points to the REST endpoint otherwise', () => {
    const body = walletAuditBody({ flows: 50, counterparties: 25, tokens: 200, poisoningEvidence: 3 });
    const { omissions } = fitResponse(body, MAX_STRUCTURED_RESULT_CHARS);
    const note = omissionNote(omissions, { body, restEndpoint: '/api/x402/wallet-audit' });
    const tokens = omissions.find((o) => o.path === 'result.tokenExposure')!;
    expect(note).toContain(`result.tokenExposure shows the first ${tokens.kept} of 200 items; the REST endpoint POST /api/x402/wallet-audit returns the whole body (a new paid call).`);
    expect(note).not.toContain('saved');
  });

  it('is empty when nothing was left out', () => {
    expect(omissionNote([], { body: deepReportBody(), restEndpoint: '/api/x402/deep-wallet-report' })).toBe('');
  });
});
