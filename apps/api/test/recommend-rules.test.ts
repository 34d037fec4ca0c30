import { REASON_CODES, toolById, type RecommendRequest } from '@paysight/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CANDIDATES, CHEAPER_FALLBACK, GOAL_WORDS, selectRecommendation } from '../src/discovery/recommend-rules.js';
import { buildRecommendation } from '../src/discovery/recommendation.js';

const HASH = `0x${'5c'.repeat(32)}`;

/** [case, request, reasonCode, first paid call]: every reason code, each structured field and each goal word family. */
const CASES: [string, RecommendRequest, string, string][] = [
  ['an empty request', {}, 'default_wallet_triage', 'wallet_snapshot'],
  ['a single public wallet goal', { goal: 'Check this wallet before we list it as a partner', walletCount: 1 }, 'default_wallet_triage', 'wallet_snapshot'],
  ['a wallet risk type that is not about payment trust', { riskType: 'sanctions' }, 'default_wallet_triage', 'wallet_snapshot'],
  ['failureMode', { failureMode: 'the seller answered 402 again after we paid' }, 'debug_failed_request', 'receipt_audit'],
  ['failureMode naming a revert', { failureMode: 'payment transaction reverted' }, 'debug_failed_request', 'tx_decode'],
  ['a goal about a failed payment', { goal: 'Our x402 payment failed and the request was not served' }, 'debug_failed_request', 'receipt_audit'],
  ['a goal about HTTP 402', { goal: 'keeps getting 402 after paying' }, 'debug_failed_request', 'receipt_audit'],
  ['a goal about a reverted transaction', { goal: 'Why was my swap reverted?' }, 'debug_failed_request', 'tx_decode'],
  ['a goal about a stuck transaction', { goal: 'my transfer is stuck' }, 'debug_failed_request', 'tx_status'],
  ['autonomousCommerce', { autonomousCommerce: true }, 'guard_autonomous_commerce', 'agent_payment_preflight'],
  ['a goal about an agent about to pay', { goal: 'Our agent is about to pay a new API on its own' }, 'guard_autonomous_commerce', 'agent_payment_preflight'],
  ['a goal asking for a preflight', { goal: 'preflight before checkout' }, 'guard_autonomous_commerce', 'agent_payment_preflight'],
  ['hasTransactionHash', { hasTransactionHash: true }, 'transaction_check', 'tx_status'],
  ['hasTransactionHash with a goal to decode', { hasTransactionHash: true, goal: 'decode what it called' }, 'transaction_check', 'tx_decode'],
  ['a goal holding a transaction hash', { goal: `look at ${HASH} on base` }, 'transaction_check', 'tx_status'],
  ['a goal about a transaction', { goal: 'Is this transaction final yet?' }, 'transaction_check', 'tx_status'],
  ['walletCount above 1', { walletCount: 5 }, 'batch_wallet_screening', 'batch_wallet_snapshot'],
  ['a goal about several wallets', { goal: 'screen our payout wallets' }, 'batch_wallet_screening', 'batch_wallet_snapshot'],
  ['a riskType about a seller', { riskType: 'seller trust' }, 'payment_trust', 'seller_profile'],
  ['a riskType about fake demand', { riskType: 'wash trading' }, 'payment_trust', 'authenticity_score'],
  ['a goal about an x402 seller', { goal: 'Is this x402 seller legit?' }, 'payment_trust', 'seller_profile'],
  ['a goal about inflated demand', { goal: 'is the demand for this payee organic or fake' }, 'payment_trust', 'authenticity_score'],
];

/** Conflicting signals: the documented precedence decides. */
const PRECEDENCE: [string, RecommendRequest, string][] = [
  ['failureMode before autonomousCommerce', { failureMode: 'timeout', autonomousCommerce: true }, 'debug_failed_request'],
  ['autonomousCommerce before hasTransactionHash', { autonomousCommerce: true, hasTransactionHash: true }, 'guard_autonomous_commerce'],
  ['hasTransactionHash before walletCount', { hasTransactionHash: true, walletCount: 4 }, 'transaction_check'],
  ['walletCount before riskType', { walletCount: 3, riskType: 'seller' }, 'batch_wallet_screening'],
  ['a structured field before goal text', { walletCount: 3, goal: 'our payment failed' }, 'batch_wallet_screening'],
  ['riskType before goal text', { riskType: 'payee', goal: 'decode this transaction' }, 'payment_trust'],
  ['goal: failure before agent payment', { goal: 'our agent payment failed' }, 'debug_failed_request'],
  ['goal: agent payment before transaction', { goal: 'the agent will pay and send a transaction' }, 'guard_autonomous_commerce'],
  ['goal: transaction before wallets', { goal: 'which wallets sent this transaction' }, 'transaction_check'],
  ['goal: wallets before seller', { goal: 'screen the wallets of this seller' }, 'batch_wallet_screening'],
  ['autonomousCommerce false switches the agent goal rule off', { autonomousCommerce: false, goal: 'agent about to pay' }, 'default_wallet_triage'],
  ['hasTransactionHash false switches the transaction goal rule off', { hasTransactionHash: false, goal: 'check a transaction' }, 'default_wallet_triage'],
  ['walletCount 1 switches the wallets goal rule off', { walletCount: 1, goal: 'batch check wallets' }, 'default_wallet_triage'],
  ['whole words only: "transactional" is not "transaction"', { goal: 'transactional email provider wallet' }, 'default_wallet_triage'],
  ['case does not matter', { goal: 'TRANSACTION' }, 'transaction_check'],
  ['budgetUsd alone decides nothing', { budgetUsd: 0 }, 'default_wallet_triage'],
];

describe('recommendation selection rules', () => {
  it.each(CASES.map(([label, request, code, tool]) => [`${label} -> ${code}, ${tool}`, request, code, tool] as const))('%s', (_label, request, reasonCode, tool) => {
    const selection = selectRecommendation(request);
    expect([selection.reasonCode, selection.tool]).toEqual([reasonCode, tool]);
    expect(selection.matchedSignals.length > 0 || reasonCode === 'default_wallet_triage').toBe(true);
  });

  it('the cases cover every reason code', () => {
    expect(new Set(CASES.map((c) => c[2]))).toEqual(new Set(REASON_CODES));
  });

  it.each(PRECEDENCE)('precedence: %s', (_label, request, reasonCode) => {
    expect(selectRecommendation(request).reasonCode).toBe(reasonCode);
  });

  it('names the signals that decided', () => {
    expect(selectRecommendation({ goal: 'Our x402 payment failed' }).matchedSignals).toEqual(['goal:failed', 'goal:payment', 'goal:x402']);
    expect(selectRecommendation({ failureMode: 'transfer reverted', goal: 'why' }).matchedSignals).toEqual(['failureMode', 'failureMode:reverted']);
    expect(selectRecommendation({ riskType: 'fake seller' }).matchedSignals).toEqual(['riskType:seller', 'riskType:fake']);
    expect(selectRecommendation({ goal: `see ${HASH}` }).matchedSignals).toEqual(['goal:transactionHash']);
    expect(selectRecommendation({ autonomousCommerce: true, goal: 'x' }).matchedSignals).toEqual(['autonomousCommerce']);
  });

  it('budgetUsd moves to a cheaper tool on the same subject, never changes the reason and never refuses', () => {
    const decode = selectRecommendation({ hasTransactionHash: true, goal: 'decode it', budgetUsd: 0.05 });
    expect([decode.reasonCode, decode.tool, decode.matchedSignals]).toEqual(['transaction_check', 'tx_status', ['hasTransactionHash', 'goal:decode', 'budgetUsd']]);
    expect(decode.budgetNote).toMatch(/context only/);
    const authenticity = selectRecommendation({ riskType: 'fake demand', budgetUsd: 0.3 });
    expect([authenticity.reasonCode, authenticity.tool]).toEqual(['payment_trust', 'seller_profile']);
    expect(selectRecommendation({ riskType: 'fake demand', budgetUsd: 0.02 }).tool).toBe('agent_payment_preflight');
    const within = selectRecommendation({ walletCount: 3, budgetUsd: 10 });
    expect([within.tool, within.budgetNote]).toEqual(['batch_wallet_snapshot', expect.stringMatching(/within the stated budget/)]);
    const none = selectRecommendation({ budgetUsd: 0 });
    expect([none.reasonCode, none.tool, none.budgetNote]).toEqual(['default_wallet_triage', 'wallet_snapshot', expect.stringMatching(/more than the stated budget/)]);
    expect(selectRecommendation({ walletCount: 3 }).budgetNote).toBeUndefined();
  });

  it('every tool the rules, fallbacks and alternatives name is in the catalog, among its reason\'s candidates, cheapest first', () => {
    for (const [from, to] of Object.entries(CHEAPER_FALLBACK)) {
      expect(toolById(from)).toBeDefined();
      expect(Number(toolById(to!)!.price)).toBeLessThan(Number(toolById(from)!.price));
    }
    for (const [code, tools] of Object.entries(CANDIDATES)) {
      const prices = tools.map((t) => Number(toolById(t)!.price));
      expect([code, prices]).toEqual([code, [...prices].sort((a, b) => a - b)]);
    }
    for (const [, request] of [...CASES, ...PRECEDENCE.map(([l, r, c]) => [l, r, c, ''] as const)]) {
      for (const budgetUsd of [undefined, 0, 0.02, 0.3, 100]) {
        const selection = selectRecommendation({ ...request, budgetUsd });
        expect(toolById(selection.tool)).toBeDefined();
        expect(CANDIDATES[selection.reasonCode]).toContain(selection.tool);
        expect(selection.alternatives).not.toContain(selection.tool);
      }
    }
  });

  it('is deterministic', () => {
    for (const [, request] of CASES) expect(selectRecommendation(request)).toEqual(selectRecommendation(structuredClone(request)));
  });
});

describe('docs/agents.md', () => {
  const doc = readFileSync(path.resolve(__dirname, '../../../docs/agents.md'), 'utf8');
  const row = (label: string) => doc.split('\n').find((line) => line.startsWith(`| ${label} | `));

  it('lists the word lists of the rules as they are', () => {
    const labels: Record<keyof typeof GOAL_WORDS, string | null> = {
      failure: 'failure',
      agent: 'agent',
      pay: 'pay',
      preflight: null,
      transaction: 'transaction',
      batch: 'several wallets',
      trust: 'trust',
      revert: 'revert (debugging)',
      paymentWords: 'payment (debugging)',
      decode: 'decode (transactions)',
      authenticity: 'authenticity (trust)',
    };
    for (const [list, label] of Object.entries(labels)) {
      const words = [...GOAL_WORDS[list as keyof typeof GOAL_WORDS]];
      if (label === null) {
        for (const word of words) expect(doc).toContain(`\`${word}\``);
        continue;
      }
      expect([label, row(label)?.split(' | ')[1]?.replace(/ \|$/, '').split(', ')]).toEqual([label, words]);
    }
  });

  it('shows the answer the service gives to its curl example (fields written … aside)', () => {
    const request = JSON.parse(/-d '([^']+)'/.exec(doc)![1]!) as RecommendRequest;
    const shown = JSON.parse(/answers \(schemas[^\n]*\n\n```json\n([\s\S]*?)\n```/.exec(doc)![1]!) as Record<string, unknown>;
    const actual = buildRecommendation(request, 'https://paysight.example.com') as unknown as Record<string, unknown>;
    const elided = (value: unknown): boolean => value === '…' || (typeof value === 'object' && value !== null && '…' in value);
    for (const [field, value] of Object.entries(shown)) {
      if (elided(value)) continue;
      if (field === 'sampleResponsePreview') expect({ ...(actual[field] as object), result: '…' }).toEqual(value);
      else expect([field, actual[field]]).toEqual([field, value]);
    }
    expect(Object.keys(shown).sort()).toEqual(Object.keys(actual).sort());
  });

  it('lists the cheaper tools the budget moves to', () => {
    for (const [from, to] of Object.entries(CHEAPER_FALLBACK)) expect(row(`\`${from}\``)).toBe(`| \`${from}\` | \`${to}\` |`);
  });
});
