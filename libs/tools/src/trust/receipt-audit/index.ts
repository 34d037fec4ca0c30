import { catalogEntry, PAYMENT, resolveChain, type RequestOf, type ResultOf } from '@paysight/contracts';
import { chainsRead, requestedChain } from '../../shared/free-chain.js';
import { getAddress, isAddressEqual, parseUnits, type Address } from 'viem';
import { paymentTo, readUsdcPayment, usdcDecimal, usdcPaymentMetadata, usdcPaymentOf, type PaymentStatus, type UsdcPayment, type UsdcPaymentData } from '../../shared/usdc-payment.js';
import { defineToolModule, type AnalyzeContext, type ToolOutput, type ToolPorts } from '../../tool-module.js';

const entry = catalogEntry('receipt_audit');
type Input = RequestOf<typeof entry>;
type Result = ResultOf<typeof entry>;

export type ReceiptDecision = 'verified' | 'mismatch' | 'failed' | 'unverified';
export type ReceiptGrade = Result['receipt_grade'];

/** Blocks on top of the payment's block (itself included) before a settled payment is called final enough for high confidence. */
export const SETTLED_CONFIRMATIONS = 3;

const usdcText = (atomic: bigint) => `${usdcDecimal(atomic)} USDC`;

/** What the receipt can and cannot prove, whatever the transaction holds. */
const STANDING_LIMITS = [
  'resource_url_hash and response_hash are not on chain: an x402 payment carries no reference to the resource or the response, so they are echoed unverified and do not count in receipt_grade; only the seller can bind them to this payment.',
  'Only Transfer logs of the chain\'s canonical USDC count; a payment in another token, in native coin or through a bridge is not seen.',
  'The calldata of a pending transaction is decoded only when it calls USDC directly; a payment through a smart account or a router shows only once mined.',
];

export async function gatherReceiptAudit(input: Input, { chain }: ToolPorts): Promise<UsdcPaymentData> {
  return readUsdcPayment(chain, requestedChain(input.chain), input.transaction_hash);
}

interface Observed {
  payee: Address | null;
  amount: bigint | null;
  logIndexes: number[];
}

/** The payment the transaction made (settled) or asks for (pending, read from its USDC call). */
function observed(payment: UsdcPayment, expectedPayee: string): Observed {
  if (payment.status === 'settled') {
    const paid = paymentTo(payment, getAddress(expectedPayee));
    return { payee: paid?.to ?? null, amount: paid?.amount ?? null, logIndexes: paid?.logIndexes ?? [] };
  }
  if (payment.status === 'pending' && payment.call) return { payee: payment.call.to, amount: payment.call.amount, logIndexes: [] };
  return { payee: null, amount: null, logIndexes: [] };
}

/**
 * verified: settled, to the expected payee, exactly the expected amount. mismatch: settled, but to
 * someone else or another amount. failed: mined and reverted. unverified: pending, unknown to the
 * node, or a success that moved no canonical USDC.
 */
export function receiptDecision(status: PaymentStatus, payeeMatches: boolean | null, amountMatches: boolean | null): ReceiptDecision {
  if (status === 'failed') return 'failed';
  if (status !== 'settled') return 'unverified';
  return payeeMatches && amountMatches ? 'verified' : 'mismatch';
}

/**
 * complete: settled, payee and amount both match. partial: a USDC payment is visible (settled with a
 * mismatch, or pending with a decodable USDC call) but does not prove the expected one. weak: nothing
 * on chain pays anyone (failed, not found, unknown, or pending with no USDC call to read).
 */
export function receiptGrade(status: PaymentStatus, seen: Observed, payeeMatches: boolean | null, amountMatches: boolean | null): ReceiptGrade {
  if (status === 'settled') return payeeMatches && amountMatches ? 'complete' : 'partial';
  if (status === 'pending' && seen.amount !== null) return 'partial';
  return 'weak';
}

function riskFlags(payment: UsdcPayment, payeeMatches: boolean | null, paid: bigint | null, expected: bigint): string[] {
  const flags: string[] = [];
  if (payment.status === 'failed') flags.push('transaction_reverted');
  if (payment.status === 'pending') flags.push('transaction_pending');
  if (payment.status === 'not_found') flags.push('transaction_not_found');
  if (payment.status === 'unknown') flags.push('no_usdc_transfer');
  if (payeeMatches === false) flags.push('payee_mismatch');
  if (paid !== null && paid < expected) flags.push('underpaid');
  if (paid !== null && paid > expected) flags.push('overpaid');
  return flags;
}

function summaryOf(payment: UsdcPayment, seen: Observed, decision: ReceiptDecision, input: Input): string {
  const chain = resolveChain(input.chain)!.displayName;
  switch (payment.status) {
    case 'not_found':
      return `The ${chain} node does not know transaction ${input.transaction_hash}: nothing was paid on this chain by it.`;
    case 'failed':
      return `Transaction ${input.transaction_hash} reverted in block ${payment.blockNumber}: it paid nothing.`;
    case 'unknown':
      return `Transaction ${input.transaction_hash} succeeded in block ${payment.blockNumber} but moved no ${chain} USDC.`;
    case 'pending':
      return seen.amount === null
        ? `Transaction ${input.transaction_hash} is not mined yet and its calldata is not a direct USDC payment.`
        : `Transaction ${input.transaction_hash} is not mined yet; it asks USDC to pay ${usdcText(seen.amount)} to ${seen.payee}. Nothing has moved.`;
    case 'settled': {
      const what = `paid ${usdcText(seen.amount!)} to ${seen.payee} in block ${payment.blockNumber}`;
      if (decision === 'verified') return `Transaction ${input.transaction_hash} ${what}: the expected payee and amount.`;
      return `Transaction ${input.transaction_hash} ${what}; expected ${input.expected_amount} USDC to ${getAddress(input.expected_payee)}.`;
    }
  }
}

function nextAction(decision: ReceiptDecision, payment: UsdcPayment): string {
  if (decision === 'verified') return 'Accept the payment; bind resource_url_hash and response_hash through the seller\'s own receipt.';
  if (decision === 'mismatch') return 'Do not treat this as payment of the expected amount to the expected payee; ask the seller or payer to settle the difference.';
  if (decision === 'failed') return 'Treat the payment as not made; a new payment is needed.';
  if (payment.status === 'pending') return 'Check again once the transaction is mined.';
  if (payment.status === 'not_found') return 'Check the chain and the hash; if both are right, the transaction was dropped or never broadcast.';
  return 'Ask for the transaction that moved the USDC; this one did not.';
}

function confidenceOf(decision: ReceiptDecision, payment: UsdcPayment): Result['confidence'] {
  if (decision === 'verified' || decision === 'mismatch') return (payment.confirmations ?? 0) >= SETTLED_CONFIRMATIONS ? 'high' : 'medium';
  if (decision === 'failed') return 'high';
  return payment.status === 'not_found' ? 'medium' : 'low';
}

export function analyzeReceiptAudit(input: Input, data: UsdcPaymentData, _context: AnalyzeContext): ToolOutput<Result> {
  const payment = usdcPaymentOf(data);
  const expected = parseUnits(input.expected_amount, PAYMENT.decimals);
  const seen = observed(payment, input.expected_payee);
  const payeeMatches = seen.payee === null ? null : isAddressEqual(seen.payee, getAddress(input.expected_payee));
  const amountMatches = seen.amount === null ? null : seen.amount === expected;
  const decision = receiptDecision(payment.status, payeeMatches, amountMatches);
  const limits = [...STANDING_LIMITS];
  if (payment.status === 'pending') limits.push('A pending transaction may still revert, be replaced or be dropped; what it asks for is not a payment.');
  if (payment.status === 'not_found') limits.push('A hash unknown to this node may belong to another chain, or to a transaction dropped from the mempool.');
  if (payment.status === 'settled') limits.push(`Finality is judged by confirmations only (${payment.confirmations ?? 0} here): a payment with few confirmations can still be reorganised away.`);
  if (payment.status === 'settled' && payment.transfers.length > 1) limits.push('The transaction moved USDC more than once; every Transfer is listed in evidence.usdc_transfers.');

  return {
    result: {
      decision,
      confidence: confidenceOf(decision, payment),
      summary: summaryOf(payment, seen, decision, input),
      evidence: {
        transaction_hash: input.transaction_hash,
        block_number: payment.blockNumber?.toString() ?? null,
        confirmations: payment.confirmations,
        sender: payment.sender,
        called_contract: payment.calledContract,
        usdc_contract: payment.usdc,
        paying_log_indexes: seen.logIndexes,
        usdc_transfers: payment.transfers.map((t) => ({ log_index: t.logIndex, from: t.from, to: t.to, amount: usdcText(t.amount), amount_atomic: t.amount.toString() })),
        authorizations_used: payment.authorizations.map((a) => ({ log_index: a.logIndex, authorizer: a.authorizer, nonce: a.nonce })),
        usdc_call: payment.call && { method: payment.call.method, from: payment.call.from, to: payment.call.to, amount: usdcText(payment.call.amount) },
        expected: { payee: getAddress(input.expected_payee), amount: input.expected_amount, currency: input.currency },
        off_chain_claims: { resource_url_hash: input.resource_url_hash, response_hash: input.response_hash, verified: false },
      },
      risk_flags: riskFlags(payment, payeeMatches, seen.amount, expected),
      recommended_next_action: nextAction(decision, payment),
      limits,
      payment_status: payment.status,
      chain: payment.chain,
      transaction_hash: input.transaction_hash,
      receipt_grade: receiptGrade(payment.status, seen, payeeMatches, amountMatches),
      paid_amount: payment.status === 'settled' && seen.amount !== null ? usdcDecimal(seen.amount) : null,
      currency: PAYMENT.currency,
      payee: payment.status === 'settled' ? seen.payee : null,
      payee_matches_expected: payeeMatches,
      amount_matches_expected: amountMatches,
    },
    metadata: usdcPaymentMetadata(data, limits),
  };
}

export const receiptAudit = defineToolModule(entry, {
  chains: (input) => chainsRead(input.chain),
  gather: gatherReceiptAudit,
  analyze: analyzeReceiptAudit,
});
