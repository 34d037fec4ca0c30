import { catalogEntry, PAYMENT, type RequestOf, type ResultOf } from '@paysight/contracts';
import { chainsRead, requestedChain } from '../../shared/free-chain.js';
import { getAddress, isAddressEqual, parseUnits, type Address } from 'viem';
import { paymentTo, readUsdcPayment, usdcDecimal, usdcPaymentMetadata, usdcPaymentOf, type UsdcPayment, type UsdcPaymentData } from '../../shared/usdc-payment.js';
import { defineToolModule, type AnalyzeContext, type ToolOutput, type ToolPorts } from '../../tool-module.js';

const entry = catalogEntry('mandate_chain_evidence');
type Input = RequestOf<typeof entry>;
type Result = ResultOf<typeof entry>;
type Mandate = Input['mandate_context'];

export type MandateDecision = 'within_mandate' | 'outside_mandate' | 'not_observed';

/** Confirmations (the payment's block included) before an observed payment is judged with high confidence. */
export const OBSERVED_CONFIRMATIONS = 3;

const STANDING_LIMITS = [
  'purpose and human_present are declarations: the chain shows neither what the payment was for nor whether a person approved it.',
  'The mandate itself (who issued it, its signature, its expiry) is not on chain; only the payment is checked against the limits the request states.',
  'Only Transfer logs of the chain\'s canonical USDC count; value moved in native coin or another token is not seen.',
];

export async function gatherMandateChainEvidence(input: Input, { chain }: ToolPorts): Promise<UsdcPaymentData> {
  return readUsdcPayment(chain, requestedChain(input.chain), input.transaction_hash);
}

/** The payment the mandate is about, and any USDC its payer sent elsewhere in the same transaction. */
interface Observed {
  payer: Address;
  payee: Address;
  payeeMatches: boolean;
  amount: bigint;
  logIndexes: number[];
  /** Other transfers from the payer to anyone but the expected payee. */
  otherOutflows: UsdcPayment['transfers'];
}

function observe(payment: UsdcPayment, mandate: Mandate): Observed | null {
  if (payment.status !== 'settled') return null;
  const expected = getAddress(mandate.expected_payee);
  const paid = paymentTo(payment, expected);
  if (!paid) return null;
  const payer = payment.transfers.find((t) => t.logIndex === paid.logIndexes[0])!.from;
  const otherOutflows = payment.transfers.filter(
    (t) => isAddressEqual(t.from, payer) && !isAddressEqual(t.to, expected) && !paid.logIndexes.includes(t.logIndex),
  );
  return { payer, payee: paid.to, payeeMatches: isAddressEqual(paid.to, expected), amount: paid.amount, logIndexes: paid.logIndexes, otherOutflows };
}

/**
 * not_observed: no settled USDC payment (pending, failed, not found, or no canonical USDC moved).
 * within_mandate: the payee is the expected one, the amount is at most authorized_max_amount and the
 * payer sent no USDC to anyone else in the transaction. outside_mandate: any of those fails.
 */
export function mandateDecision(observed: Observed | null, max: bigint): MandateDecision {
  if (!observed) return 'not_observed';
  const inside = observed.payeeMatches && observed.amount <= max && observed.otherOutflows.length === 0;
  return inside ? 'within_mandate' : 'outside_mandate';
}

function intentSummary(mandate: Mandate): string {
  const who = mandate.human_present ? 'with a person present' : 'by an agent acting without a person present';
  return `Pay at most ${mandate.authorized_max_amount} ${mandate.currency} to ${getAddress(mandate.expected_payee)} for "${mandate.purpose}", ${who}.`;
}

function chainEvidence(payment: UsdcPayment): Record<string, unknown>[] {
  const at = { transaction_hash: payment.hash, block_number: payment.blockNumber?.toString() ?? null };
  return [
    { kind: 'transaction', ...at, status: payment.status, sender: payment.sender, called_contract: payment.calledContract, confirmations: payment.confirmations },
    ...payment.transfers.map((t) => ({ kind: 'usdc_transfer', ...at, log_index: t.logIndex, token: payment.usdc, from: t.from, to: t.to, amount: usdcDecimal(t.amount) })),
    ...payment.authorizations.map((a) => ({ kind: 'authorization_used', ...at, log_index: a.logIndex, token: payment.usdc, authorizer: a.authorizer, nonce: a.nonce })),
  ];
}

function riskFlags(payment: UsdcPayment, observed: Observed | null, max: bigint): string[] {
  const flags: string[] = [];
  if (payment.status === 'pending') flags.push('transaction_pending');
  if (payment.status === 'failed') flags.push('transaction_reverted');
  if (payment.status === 'not_found') flags.push('transaction_not_found');
  if (payment.status === 'unknown') flags.push('no_usdc_transfer');
  if (observed && !observed.payeeMatches) flags.push('payee_mismatch');
  if (observed && observed.amount > max) flags.push('amount_exceeds_mandate');
  if (observed && observed.otherOutflows.length > 0) flags.push('other_usdc_outflow');
  return flags;
}

function summaryOf(decision: MandateDecision, payment: UsdcPayment, observed: Observed | null, flags: string[]): string {
  if (!observed) return `No settled USDC payment in transaction ${payment.hash} (status ${payment.status}): nothing to hold against the mandate.`;
  const what = `Transaction ${payment.hash} paid ${usdcDecimal(observed.amount)} USDC from ${observed.payer} to ${observed.payee} in block ${payment.blockNumber}`;
  if (decision === 'within_mandate') return `${what}: within the mandate's payee and limit.`;
  return `${what}: outside the mandate (${flags.join(', ')}).`;
}

function nextAction(decision: MandateDecision, payment: UsdcPayment): string {
  if (decision === 'within_mandate') return 'Record the payment against the mandate; keep the cited logs as its evidence.';
  if (decision === 'outside_mandate') return 'Escalate to the mandate\'s owner: the payment went beyond what was authorized.';
  if (payment.status === 'pending') return 'Check again once the transaction is mined.';
  return 'Ask the agent for the transaction that actually paid; this one shows no USDC payment.';
}

function confidenceOf(decision: MandateDecision, payment: UsdcPayment): Result['confidence'] {
  if (decision === 'within_mandate') return (payment.confirmations ?? 0) >= OBSERVED_CONFIRMATIONS ? 'high' : 'medium';
  if (decision === 'outside_mandate') return 'high';
  return payment.status === 'failed' || payment.status === 'not_found' ? 'medium' : 'low';
}

export function analyzeMandateChainEvidence(input: Input, data: UsdcPaymentData, _context: AnalyzeContext): ToolOutput<Result> {
  const mandate = input.mandate_context;
  const payment = usdcPaymentOf(data);
  const max = parseUnits(mandate.authorized_max_amount, PAYMENT.decimals);
  const observed = observe(payment, mandate);
  const decision = mandateDecision(observed, max);
  const flags = riskFlags(payment, observed, max);
  const limits = [...STANDING_LIMITS];
  if (payment.status === 'pending') limits.push('A pending transaction may still revert, be replaced or be dropped.');
  if (payment.status === 'not_found') limits.push('A hash unknown to this node may belong to another chain, or to a transaction dropped from the mempool.');
  if (observed) limits.push(`Finality is judged by confirmations only (${payment.confirmations ?? 0} here).`);

  return {
    result: {
      decision,
      confidence: confidenceOf(decision, payment),
      summary: summaryOf(decision, payment, observed, flags),
      evidence: {
        payment_status: payment.status,
        payer: observed?.payer ?? null,
        payee: observed?.payee ?? null,
        paid_amount: observed ? usdcDecimal(observed.amount) : null,
        paying_log_indexes: observed?.logIndexes ?? [],
        other_outflow_log_indexes: observed?.otherOutflows.map((t) => t.logIndex) ?? [],
        mandate: { ...mandate, expected_payee: getAddress(mandate.expected_payee), verified_on_chain: ['expected_payee', 'authorized_max_amount', 'currency'] },
      },
      risk_flags: flags,
      recommended_next_action: nextAction(decision, payment),
      limits,
      intent_summary: intentSummary(mandate),
      payment_observed: observed !== null,
      chain_evidence: chainEvidence(payment),
      amount_within_declared_limit: observed ? observed.amount <= max : null,
      payee_matches_expected: observed?.payeeMatches ?? null,
    },
    metadata: usdcPaymentMetadata(data, limits),
  };
}

export const mandateChainEvidence = defineToolModule(entry, {
  chains: (input) => chainsRead(input.chain),
  gather: gatherMandateChainEvidence,
  analyze: analyzeMandateChainEvidence,
});
