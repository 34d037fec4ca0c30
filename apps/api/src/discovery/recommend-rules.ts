import { toolById, type ReasonCode, type RecommendRequest, type ToolId } from '@paysight/contracts';

/**
 * The selection rules of POST /api/agents/recommend: a pure function from the caller's context to a
 * reason code and one first paid call. Documented in docs/agents.md ("Selection rules"); the table
 * there and RULES below are the same order.
 *
 * 1. Structured fields are read before the goal text. They are explicit, typed statements from the
 *    caller's program; the goal is prose matched by word lists, so it only decides when no field does.
 *    An explicit `false` (autonomousCommerce, hasTransactionHash) or a walletCount of 0 or 1 also
 *    switches off the goal-text rule that would contradict it.
 * 2. Within each tier the order is: a failure first (something already went wrong and money may have
 *    moved: the diagnosis decides what comes next), then an agent about to pay (checking before money
 *    moves), a transaction hash (the most specific subject), several wallets (a single-wallet tool
 *    cannot serve them), payment trust; the single-wallet triage is the default.
 * 3. Goal text is lower-cased and split into words (letters and digits); a rule matches whole words
 *    from its list, never parts of words. A 0x-prefixed 64-hex-digit string counts as a transaction hash.
 * 4. budgetUsd is context only: it never authorizes, blocks or changes the reason. When the chosen
 *    tool costs more than the stated budget, the recommendation moves along CHEAPER_FALLBACK (a
 *    cheaper tool on the same subject) while one exists, and says so; it never refuses.
 */

export interface Selection {
  reasonCode: ReasonCode;
  tool: ToolId;
  /** Which inputs decided: field names, and `<field>:<word>` for each matched word of goal, failureMode or riskType. */
  matchedSignals: string[];
  /** The rule that matched, in words. */
  matchedGoal: string;
  reason: string;
  /** Other tools for the same reason, cheapest first (CANDIDATES without the chosen one). */
  alternatives: ToolId[];
  /** Set when budgetUsd was given: how the first paid call relates to it. */
  budgetNote?: string;
}

const words = (...list: string[]) => new Set(list);

/** The word lists of the goal-text rules (whole words, lower case). */
export const GOAL_WORDS = {
  failure: words('fail', 'fails', 'failed', 'failing', 'failure', 'failures', 'error', 'errors', 'errored', '402', 'revert', 'reverts', 'reverted', 'stuck', 'rejected', 'declined', 'timeout', 'debug', 'debugging', 'broken', 'unpaid', 'refund'),
  agent: words('agent', 'agents', 'agentic', 'autonomous', 'autonomously', 'bot', 'bots'),
  pay: words('pay', 'pays', 'paying', 'payment', 'payments', 'spend', 'spends', 'spending', 'buy', 'buys', 'buying', 'purchase', 'checkout'),
  preflight: words('preflight'),
  transaction: words('transaction', 'transactions', 'tx', 'txn', 'txs', 'txhash', 'hash', 'confirmations', 'confirmed', 'finality', 'finalized', 'decode', 'calldata'),
  batch: words('wallets', 'addresses', 'accounts', 'batch', 'bulk', 'fleet'),
  trust: words('seller', 'sellers', 'payee', 'payees', 'merchant', 'merchants', 'vendor', 'vendors', 'x402', 'trust', 'trusted', 'trustworthy', 'legit', 'legitimate', 'reputation', 'authentic', 'authenticity'),
  // Sub-choices inside a reason.
  revert: words('revert', 'reverts', 'reverted', 'reverting'),
  paymentWords: words('pay', 'paid', 'payment', 'payments', '402', 'x402', 'receipt', 'settle', 'settled', 'settlement', 'charge', 'charged', 'usdc', 'facilitator'),
  decode: words('decode', 'decoded', 'calldata', 'method', 'function', 'arguments', 'trace', 'internal', 'logs', 'explain', 'why'),
  authenticity: words('authentic', 'authenticity', 'organic', 'fake', 'wash', 'sybil', 'inflated', 'genuine', 'bought'),
} as const;

const TX_HASH_IN_TEXT = /\b0x[0-9a-fA-F]{64}\b/;

/**
 * When budgetUsd is below a tool's price: the cheaper tool on the same subject to move to (each
 * reads what the caller already holds for the first).
 */
export const CHEAPER_FALLBACK: Partial<Record<ToolId, ToolId>> = {
  tx_decode: 'tx_status',
  authenticity_score: 'seller_profile',
  seller_profile: 'agent_payment_preflight',
  batch_wallet_snapshot: 'wallet_snapshot',
};

/** The tools that answer each reason; the rules pick one, the others are published as alternatives (cheapest first). */
export const CANDIDATES: Record<ReasonCode, readonly ToolId[]> = {
  debug_failed_request: ['receipt_audit', 'tx_status', 'tx_decode'],
  guard_autonomous_commerce: ['agent_payment_preflight', 'agent_wallet_profile', 'seller_profile'],
  transaction_check: ['tx_status', 'tx_decode'],
  batch_wallet_screening: ['wallet_snapshot', 'batch_wallet_snapshot', 'wallet_audit'],
  payment_trust: ['agent_payment_preflight', 'seller_profile', 'authenticity_score'],
  default_wallet_triage: ['wallet_snapshot', 'agent_wallet_profile', 'wallet_audit'],
};

/** What the rules read: the request's fields, and the words of its texts. */
interface Signals {
  request: RecommendRequest;
  goal: ReadonlySet<string>;
  goalHasHash: boolean;
  failureMode: ReadonlySet<string>;
  riskType: ReadonlySet<string>;
}

type TextField = 'goal' | 'failureMode' | 'riskType';

function wordsOf(text: string | undefined): Set<string> {
  return new Set(text?.toLowerCase().match(/[a-z0-9]+/g) ?? []);
}

const matched = (text: ReadonlySet<string>, list: ReadonlySet<string>) => [...list].filter((w) => text.has(w));
const goalSignals = (found: string[]) => found.map((w) => `goal:${w}`);

/** The words of `list` found in the given text fields, as `<field>:<word>` signals. */
function wordSignals(s: Signals, list: ReadonlySet<string>, fields: readonly TextField[]): string[] {
  return fields.flatMap((field) => matched(s[field], list).map((w) => `${field}:${w}`));
}

interface Rule {
  reasonCode: ReasonCode;
  matchedGoal: string;
  /** The signals that fire the rule, or null when it does not apply. */
  when: (s: Signals) => string[] | null;
  /** The tool for this reason, from the same signals, and the signals that chose it among the reason's tools. */
  tool: (s: Signals) => { tool: ToolId; signals: string[] };
}

const fixed = (tool: ToolId) => () => ({ tool, signals: [] });


const nonEmpty = (found: string[]) => (found.length ? found : null);

/** Debugging: the decoded revert reason for a revert, a receipt audit for a payment, the status of a stuck transaction. */
function debugTool(s: Signals) {
  const revert = wordSignals(s, GOAL_WORDS.revert, ['failureMode', 'goal']);
  if (revert.length) return { tool: 'tx_decode' as const, signals: revert };
  const payment = wordSignals(s, GOAL_WORDS.paymentWords, ['failureMode', 'goal']);
  if (s.request.failureMode?.trim() || payment.length) return { tool: 'receipt_audit' as const, signals: payment };
  return { tool: 'tx_status' as const, signals: [] };
}

function transactionTool(s: Signals) {
  const decode = wordSignals(s, GOAL_WORDS.decode, ['goal']);
  return { tool: decode.length ? ('tx_decode' as const) : ('tx_status' as const), signals: decode };
}

function trustTool(s: Signals) {
  const authenticity = wordSignals(s, GOAL_WORDS.authenticity, ['riskType', 'goal']);
  return { tool: authenticity.length ? ('authenticity_score' as const) : ('seller_profile' as const), signals: authenticity };
}

/** The caller's situation per reason; the reason text goes on with the chosen tool's catalog description. */
const SITUATIONS: Record<ReasonCode, string> = {
  debug_failed_request: 'A paid request, its payment or a transaction failed or looks stuck',
  guard_autonomous_commerce: 'An agent is about to pay on its own, so the payment target is checked before any money moves',
  transaction_check: 'The caller holds a transaction hash',
  batch_wallet_screening: 'Several wallets are to be looked at',
  payment_trust: 'The question is whether an x402 seller or payee deserves trust',
  default_wallet_triage: 'One public wallet, or no more specific signal',
};

function reasonText(reasonCode: ReasonCode, tool: ToolId): string {
  const entry = toolById(tool)!;
  return `${SITUATIONS[reasonCode]}: the first paid call is ${entry.id} (${entry.title}). ${entry.description}`;
}

/** The rule table, first match wins. Tier 1: structured fields; tier 2: goal text; then the default. */
const RULES: readonly Rule[] = [
  { reasonCode: 'debug_failed_request', matchedGoal: 'debug a failed paid request (failureMode given)', when: (s) => (s.request.failureMode?.trim() ? ['failureMode'] : null), tool: debugTool },
  { reasonCode: 'guard_autonomous_commerce', matchedGoal: 'guard an agent that pays on its own (autonomousCommerce: true)', when: (s) => (s.request.autonomousCommerce === true ? ['autonomousCommerce'] : null), tool: fixed('agent_payment_preflight') },
  { reasonCode: 'transaction_check', matchedGoal: 'check a transaction (hasTransactionHash: true)', when: (s) => (s.request.hasTransactionHash === true ? ['hasTransactionHash'] : null), tool: transactionTool },
  { reasonCode: 'batch_wallet_screening', matchedGoal: 'screen several wallets (walletCount above 1)', when: (s) => ((s.request.walletCount ?? 0) > 1 ? ['walletCount'] : null), tool: fixed('batch_wallet_snapshot') },
  { reasonCode: 'payment_trust', matchedGoal: 'judge a seller or payee (riskType about payment trust)', when: (s) => nonEmpty([...wordSignals(s, GOAL_WORDS.trust, ['riskType']), ...wordSignals(s, GOAL_WORDS.authenticity, ['riskType'])]), tool: trustTool },

  { reasonCode: 'debug_failed_request', matchedGoal: 'debug a failed or stuck request or payment (goal text)', when: (s) => nonEmpty(goalSignals(matched(s.goal, GOAL_WORDS.failure))), tool: debugTool },
  {
    reasonCode: 'guard_autonomous_commerce',
    matchedGoal: 'guard an agent about to pay (goal text)',
    when: (s) => {
      if (s.request.autonomousCommerce === false) return null;
      const preflight = matched(s.goal, GOAL_WORDS.preflight);
      const agent = matched(s.goal, GOAL_WORDS.agent);
      const pay = matched(s.goal, GOAL_WORDS.pay);
      return nonEmpty(goalSignals(preflight.length ? preflight : agent.length && pay.length ? [...agent, ...pay] : []));
    },
    tool: fixed('agent_payment_preflight'),
  },
  {
    reasonCode: 'transaction_check',
    matchedGoal: 'check a transaction (goal text)',
    when: (s) => (s.request.hasTransactionHash === false ? null : nonEmpty([...(s.goalHasHash ? ['goal:transactionHash'] : []), ...goalSignals(matched(s.goal, GOAL_WORDS.transaction))])),
    tool: transactionTool,
  },
  { reasonCode: 'batch_wallet_screening', matchedGoal: 'screen several wallets (goal text)', when: (s) => (s.request.walletCount !== undefined && s.request.walletCount <= 1 ? null : nonEmpty(goalSignals(matched(s.goal, GOAL_WORDS.batch)))), tool: fixed('batch_wallet_snapshot') },
  { reasonCode: 'payment_trust', matchedGoal: 'judge an x402 seller or payee (goal text)', when: (s) => nonEmpty(goalSignals(matched(s.goal, GOAL_WORDS.trust))), tool: trustTool },

  { reasonCode: 'default_wallet_triage', matchedGoal: 'triage one public wallet (default)', when: () => [], tool: fixed('wallet_snapshot') },
];

function priceNumber(tool: ToolId): number {
  return Number(toolById(tool)!.price);
}

/** Moves to cheaper tools on the same subject while the price is above the budget; never refuses. */
function applyBudget(tool: ToolId, budgetUsd: number | undefined): { tool: ToolId; note?: string } {
  if (budgetUsd === undefined) return { tool };
  let chosen = tool;
  while (priceNumber(chosen) > budgetUsd && CHEAPER_FALLBACK[chosen]) chosen = CHEAPER_FALLBACK[chosen]!;
  const price = toolById(chosen)!.price;
  const context = 'budgetUsd is context only: it neither authorizes nor limits any payment; the 402 answer of the paid call states the exact price.';
  if (priceNumber(chosen) > budgetUsd) return { tool: chosen, note: `${chosen} costs ${price} USDC, more than the stated budget of ${budgetUsd} USD, and no cheaper tool answers the same question. ${context}` };
  if (chosen !== tool) return { tool: chosen, note: `${tool} (${toolById(tool)!.price} USDC) is above the stated budget of ${budgetUsd} USD: the cheaper ${chosen} (${price} USDC) on the same subject is recommended instead. ${context}` };
  return { tool: chosen, note: `${chosen} costs ${price} USDC, within the stated budget of ${budgetUsd} USD. ${context}` };
}

/** The reason code and first paid call for a recommendation request (already validated). */
export function selectRecommendation(request: RecommendRequest): Selection {
  const signals: Signals = {
    request,
    goal: wordsOf(request.goal),
    goalHasHash: TX_HASH_IN_TEXT.test(request.goal ?? ''),
    failureMode: wordsOf(request.failureMode),
    riskType: wordsOf(request.riskType),
  };
  for (const rule of RULES) {
    const fired = rule.when(signals);
    if (!fired) continue;
    const choice = rule.tool(signals);
    const budget = applyBudget(choice.tool, request.budgetUsd);
    const decided = [...fired, ...choice.signals, ...(budget.tool === choice.tool ? [] : ['budgetUsd'])];
    return {
      reasonCode: rule.reasonCode,
      tool: budget.tool,
      matchedSignals: [...new Set(decided)],
      matchedGoal: rule.matchedGoal,
      reason: reasonText(rule.reasonCode, budget.tool),
      alternatives: CANDIDATES[rule.reasonCode].filter((t) => t !== budget.tool),
      ...(budget.note ? { budgetNote: budget.note } : {}),
    };
  }
  throw new Error('recommend: the default rule always matches');
}
