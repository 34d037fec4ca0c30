import { CHAINS, PAYMENT, formatUnitsCompact, type ResultOf, type CatalogEntryOf } from '@paysight/contracts';
import { EIP7702_SMART_ACCOUNTS, MIXERS, SANCTIONS_ORACLES, SDN_ADDRESSES } from '@paysight/datasets';
import { parseUnits, type Address } from 'viem';
import { classifyAccountCode, proxyShape } from '../../shared/account-code.js';
import { LOOKALIKE_PREFIX_CHARS, LOOKALIKE_SUFFIX_CHARS, lookalikeKey, looksAlike } from '../../shared/lookalike.js';
import { leftOut } from '../../shared/newest-pages.js';
import type { TokenTransfer } from '../../shared/transfers.js';
import type { AnalyzeContext, ToolOutput } from '../../tool-module.js';
import type { PaymentPreflightData, PaymentPreflightInput } from './data.js';
import { counterparties, ORACLE_COUNTERPARTY_CHECKS } from './gather.js';
import { checkResourceUrl } from './url-checks.js';

type PaymentPreflightResult = ResultOf<CatalogEntryOf<'agent_payment_preflight'>>;
export type PreflightDecision = 'proceed' | 'caution' | 'block';
export type PayeeType = 'eoa' | 'contract' | 'proxy_contract' | 'delegated_smart_account';

/** Each flag and the decision it forces at least; docs/tools/trust.md lists the same rules. */
export const PREFLIGHT_RULES = {
  payee_sanctioned: 'block',
  payee_is_mixer: 'block',
  payee_lookalike_of_expected: 'block',
  payee_not_expected: 'block',
  amount_above_max: 'block',
  payee_no_visible_activity: 'caution',
  payee_is_contract: 'caution',
  payee_delegated_to_unknown_code: 'caution',
  counterparty_sanctioned: 'caution',
  counterparty_mixer: 'caution',
  resource_url_userinfo: 'caution',
  resource_url_ip_literal: 'caution',
  resource_url_punycode: 'caution',
  resource_url_not_https: 'caution',
} as const satisfies Record<string, Exclude<PreflightDecision, 'proceed'>>;
export type PreflightFlag = keyof typeof PREFLIGHT_RULES;

/** One reason behind the decision, with the chain or dataset facts that show it. */
export interface PreflightFinding {
  flag: PreflightFlag;
  severity: Exclude<PreflightDecision, 'proceed'>;
  detail: string;
  address?: Address;
  transaction_hash?: string;
  log_index?: number;
  block_number?: string;
  dataset?: { id: string; entry: string; snapshotDate: string };
}

/** Most counterparty transfers cited per listed counterparty. */
const CITED_TRANSFERS = 3;

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const usdcAmount = (raw: bigint) => formatUnitsCompact(raw, PAYMENT.decimals);

function finding(flag: PreflightFlag, detail: string, extra: Omit<PreflightFinding, 'flag' | 'severity' | 'detail'> = {}): PreflightFinding {
  return { flag, severity: PREFLIGHT_RULES[flag], detail, ...extra };
}

const transferEvidence = (t: TokenTransfer) => ({ transaction_hash: t.transactionHash, log_index: t.logIndex, block_number: t.blockNumber.toString() });

export function payeeType(data: PaymentPreflightData): { type: PayeeType; code: Record<string, unknown> } {
  const account = classifyAccountCode(data.payeeCode);
  const proxy = account.kind === 'contract' ? proxyShape(data.payeeCode) : null;
  const type: PayeeType = account.kind === 'eoa' ? 'eoa' : account.kind === 'delegated_eoa' ? 'delegated_smart_account' : proxy ? 'proxy_contract' : 'contract';
  return { type, code: { size: account.size, delegated_to: account.delegatedTo, proxy_pattern: proxy, nonce: data.payeeNonce, block_number: data.head.number.toString() } };
}

function codeFindings(input: PaymentPreflightInput, data: PaymentPreflightData, type: PayeeType): PreflightFinding[] {
  const block = data.head.number.toString();
  if (type === 'contract' || type === 'proxy_contract') {
    const what = type === 'proxy_contract' ? 'an upgradeable proxy contract: whoever controls upgrades can change what happens to funds it receives' : 'a contract: what happens to funds it receives depends on its code';
    return [finding('payee_is_contract', `The payee ${input.payee} is ${what}. x402 sellers are usually paid at an EOA or a known wallet contract.`, { address: input.payee, block_number: block })];
  }
  if (type === 'delegated_smart_account') {
    const target = classifyAccountCode(data.payeeCode).delegatedTo!;
    const known = EIP7702_SMART_ACCOUNTS.find(data.chain, target);
    if (!known) {
      return [finding('payee_delegated_to_unknown_code', `The payee delegates its code (EIP-7702) to ${target}, which is not a known smart-account implementation: that code decides what happens to funds it receives.`, { address: target, block_number: block })];
    }
  }
  return [];
}

function listingFindings(input: PaymentPreflightInput, data: PaymentPreflightData): PreflightFinding[] {
  const out: PreflightFinding[] = [];
  const sdn = SDN_ADDRESSES.find(data.chain, input.payee);
  if (sdn) out.push(finding('payee_sanctioned', `The payee is in the OFAC SDN snapshot of ${SDN_ADDRESSES.header.snapshotDate} under ${sdn.label}.`, { address: input.payee, dataset: SDN_ADDRESSES.cite(sdn) }));
  if (data.oracle?.listed[input.payee.toLowerCase()]) {
    out.push(finding('payee_sanctioned', `The sanctions oracle ${data.oracle.address} answered isSanctioned(payee) = true at block ${data.head.number}.`, { address: data.oracle.address, block_number: data.head.number.toString() }));
  }
  const mixer = MIXERS.find(data.chain, input.payee);
  if (mixer) out.push(finding('payee_is_mixer', `The payee is ${mixer.label}, a mixer ${mixer.role}: a payment to it cannot be traced to a seller.`, { address: input.payee, dataset: MIXERS.cite(mixer) }));

  for (const other of counterparties(input.payee, data.transfers)) {
    const listed = SDN_ADDRESSES.find(data.chain, other);
    const byOracle = data.oracle?.listed[other.toLowerCase()] === true;
    const pool = MIXERS.find(data.chain, other);
    // Transfers are scanned only for a listed counterparty: a scan per counterparty would be quadratic on a busy payee.
    if (!listed && !byOracle && !pool) continue;
    const moves = data.transfers.filter((t) => sameAddress(t.from, other) || sameAddress(t.to, other)).slice(0, CITED_TRANSFERS);
    for (const t of listed || byOracle ? moves : []) {
      const source = listed ? `the OFAC SDN snapshot (${listed.label})` : `the sanctions oracle ${data.oracle!.address}`;
      out.push(finding('counterparty_sanctioned', `USDC ${flowPhrase(input.payee, t)} ${other}, listed by ${source}.`, { address: other, ...transferEvidence(t), ...(listed && { dataset: SDN_ADDRESSES.cite(listed) }) }));
    }
    for (const t of pool ? moves : []) {
      out.push(finding('counterparty_mixer', `USDC ${flowPhrase(input.payee, t)} ${other} (${pool!.label}).`, { address: other, ...transferEvidence(t), dataset: MIXERS.cite(pool!) }));
    }
  }
  return out;
}

function flowPhrase(payee: Address, t: TokenTransfer): string {
  return sameAddress(t.to, payee) ? `${usdcAmount(t.amount)} received by the payee from` : `${usdcAmount(t.amount)} sent by the payee to`;
}

function expectationFindings(input: PaymentPreflightInput): PreflightFinding[] {
  const out: PreflightFinding[] = [];
  const expected = input.expected_payee;
  if (expected && looksAlike(input.payee, expected)) {
    out.push(
      finding(
        'payee_lookalike_of_expected',
        `The payee ${input.payee} is not the expected payee ${expected}, yet both read ${lookalikeKey(expected)} once shortened (first ${LOOKALIKE_PREFIX_CHARS} and last ${LOOKALIKE_SUFFIX_CHARS} hex characters): the pattern of address poisoning.`,
        { address: input.payee },
      ),
    );
  } else if (expected && !sameAddress(input.payee, expected)) {
    out.push(finding('payee_not_expected', `The payee ${input.payee} is not the expected payee ${expected}.`, { address: input.payee }));
  }
  if (input.max_amount !== undefined && parseUnits(input.amount, PAYMENT.decimals) > parseUnits(input.max_amount, PAYMENT.decimals)) {
    out.push(finding('amount_above_max', `The amount ${input.amount} USDC is above the caller's max_amount of ${input.max_amount} USDC.`));
  }
  return out;
}

export function visibleActivity(input: PaymentPreflightInput, data: PaymentPreflightData) {
  const received = data.transfers.filter((t) => sameAddress(t.to, input.payee) && !sameAddress(t.from, input.payee));
  const sent = data.transfers.filter((t) => sameAddress(t.from, input.payee) && !sameAddress(t.to, input.payee));
  const point = (t: TokenTransfer | undefined) =>
    t ? { block_number: t.blockNumber.toString(), timestamp: data.blockTimestamps[t.blockNumber.toString()] ?? null, transaction_hash: t.transactionHash, log_index: t.logIndex } : null;
  const total = (list: TokenTransfer[]) => usdcAmount(list.reduce((sum, t) => sum + t.amount, 0n));
  const sampled = leftOut(data.read, data.transfers.length);
  return {
    token: data.usdc,
    window: { from_block: data.window.fromBlock.toString(), to_block: data.window.toBlock.toString(), complete: data.window.complete, read_from_block: data.read.readFromBlock.toString() },
    // When sampled, the counts, totals, payers and first_seen below describe the newest transfers kept, not the whole window.
    transfers_seen: data.read.seen,
    transfers_kept: data.transfers.length,
    sampled,
    // Oldest transfer kept: the true first USDC activity only when the window reaches genesis and nothing was left out.
    first_seen: point(data.transfers[data.transfers.length - 1]),
    first_seen_is_window_bound: !data.window.complete || sampled,
    last_activity: point(data.transfers[0]),
    usdc_received: { transfers: received.length, total: total(received) },
    usdc_sent: { transfers: sent.length, total: total(sent) },
    distinct_payers: new Set(received.map((t) => t.from.toLowerCase())).size,
    transaction_count: data.payeeNonce,
  };
}

function activityFindings(input: PaymentPreflightInput, data: PaymentPreflightData, type: PayeeType): PreflightFinding[] {
  // A contract never sends transactions itself, so its nonce says nothing about use.
  const unused = data.transfers.length === 0 && (type !== 'eoa' || data.payeeNonce === 0);
  if (!unused) return [];
  const span = data.window.complete ? 'ever' : `in blocks ${data.window.fromBlock}-${data.window.toBlock}`;
  const nonce = type === 'eoa' ? ' and has never sent a transaction' : '';
  return [finding('payee_no_visible_activity', `The payee has received or sent no USDC ${span}${nonce}: nothing on chain shows it is a working seller.`, { address: input.payee, block_number: data.head.number.toString() })];
}

function decide(findings: readonly PreflightFinding[]): PreflightDecision {
  if (findings.some((f) => f.severity === 'block')) return 'block';
  return findings.length ? 'caution' : 'proceed';
}

export function analyzePaymentPreflight(input: PaymentPreflightInput, data: PaymentPreflightData, _context: AnalyzeContext): ToolOutput<PaymentPreflightResult> {
  const { type, code } = payeeType(data);
  const findings = [...listingFindings(input, data), ...expectationFindings(input), ...codeFindings(input, data, type), ...activityFindings(input, data, type), ...checkResourceUrl(input.resource_url).map((u) => finding(u.flag, u.detail))];
  const decision = decide(findings);
  const activity = visibleActivity(input, data);
  const limits = preflightLimits(input, data);
  const confidence = decision === 'block' ? 'high' : data.coverage.dataSourceStatus === 'Partial' ? 'low' : data.window.complete && !activity.sampled ? 'high' : 'medium';
  return {
    result: {
      decision,
      confidence,
      summary: summarize(decision, type, activity, findings),
      evidence: {
        chain: data.chain,
        payee: input.payee,
        head_block: data.head.number.toString(),
        code,
        findings,
        sanctions_oracle: data.oracle && { address: data.oracle.address, deployed: data.oracle.deployed, checked: Object.keys(data.oracle.listed).length },
        datasets: [SDN_ADDRESSES, MIXERS, EIP7702_SMART_ACCOUNTS].map((d) => ({ id: d.header.id, snapshotDate: d.header.snapshotDate, complete: d.header.complete })),
      },
      risk_flags: [...new Set(findings.map((f) => f.flag))],
      recommended_next_action: nextAction(decision, findings),
      limits,
      payee_type: type,
      visible_activity: activity,
    },
    metadata: {
      chain: data.chain,
      dataSourceStatus: data.coverage.dataSourceStatus,
      dataNotes: [`USDC (${data.usdc}) Transfer logs of the payee read in blocks ${data.window.fromBlock}-${data.window.toBlock}.`, ...data.coverage.notes],
      limitations: limits,
    },
  };
}

function summarize(decision: PreflightDecision, type: PayeeType, activity: ReturnType<typeof visibleActivity>, findings: readonly PreflightFinding[]): string {
  const among = activity.sampled ? ` (among the newest ${activity.transfers_kept} of its ${activity.transfers_seen} USDC transfers there)` : '';
  const seen = activity.usdc_received.transfers
    ? `received ${activity.usdc_received.total} USDC from ${activity.distinct_payers} payer(s) in ${activity.usdc_received.transfers} transfer(s) inside the window${among}`
    : `received no USDC inside the window${among}`;
  const reasons = findings.filter((f) => f.severity === decision).map((f) => f.flag);
  const because = reasons.length ? `: ${[...new Set(reasons)].join(', ')}` : '';
  return `${decision}${because}. The payee is ${type === 'eoa' ? 'an EOA' : `a ${type.replaceAll('_', ' ')}`} and ${seen}.`;
}

function nextAction(decision: PreflightDecision, findings: readonly PreflightFinding[]): string {
  if (decision === 'block') return 'Do not pay. Confirm the payee address through a channel other than the payment request (the seller\'s published documentation) before any payment.';
  if (decision === 'caution') {
    const flags = new Set(findings.map((f) => f.flag));
    const profile = flags.has('payee_no_visible_activity') || flags.has('payee_is_contract') ? ' Call seller_profile or authenticity_score on this payee for more history.' : '';
    return `Pay only if a human or policy accepts the flagged risks; keep the amount at the minimum.${profile}`;
  }
  return 'Proceed with the payment, then verify the settlement with receipt_audit.';
}

function preflightLimits(input: PaymentPreflightInput, data: PaymentPreflightData): string[] {
  const blocks = data.window.toBlock - data.window.fromBlock + 1n;
  const days = ((Number(blocks) * CHAINS[data.chain].averageBlockSeconds) / 86_400).toFixed(1);
  return [
    data.window.complete
      ? `USDC activity was read from genesis to block ${data.window.toBlock}.`
      : `Only USDC Transfer logs in the last ${blocks} blocks (about ${days} days on ${CHAINS[data.chain].displayName}) were read; older activity, first_seen included, is not seen.`,
    ...data.sampling,
    'Only USDC is counted: native coin and other tokens the payee receives are not seen, and there is no indexer behind this check.',
    `Sanctions and mixer checks use the shipped SDN (${SDN_ADDRESSES.header.snapshotDate}${SDN_ADDRESSES.header.complete ? '' : ', partial'}) and mixer (${MIXERS.header.snapshotDate}) lists, one hop only${
      data.oracle?.deployed ? `, and the sanctions oracle for the payee and up to ${ORACLE_COUNTERPARTY_CHECKS} counterparties` : SANCTIONS_ORACLES.onChain(data.chain).length ? '; the sanctions oracle has no code on this chain' : ''
    }. A clean result is not a sanctions clearance.`,
    'resource_url is checked as a string only; it was never fetched, so what it serves and who runs it are not verified.',
    ...(input.expected_payee ? [] : ['No expected_payee was given: the payee could not be compared with an address the caller trusts.']),
    ...(input.max_amount ? [] : ['No max_amount was given: the amount was not checked against a limit.']),
    'caller_context is not used in the decision.',
  ];
}
