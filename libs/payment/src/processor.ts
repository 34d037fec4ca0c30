import { randomUUID } from 'node:crypto';
import { type CatalogEntry, type LedgerEntry, type LedgerPatch, PAYMENT, type PaymentIdBinding, type PaymentIdentifierStore, type PaymentLedger, fingerprint, isChainUnavailable, isNotFoundAnswer, isStoreUnavailable } from '@paysight/contracts';
import type { Address, Hex } from 'viem';
import type { AuthorizationReader } from './authorization-reader.js';
import type { Challenge, ChallengeReason } from './challenge.js';
import { createChallengeCache } from './challenge-cache.js';
import type { DecodeResult } from './decode.js';
import { type FacilitatorClient, isFacilitatorUnavailable } from './facilitator-client.js';
import { matchPayment } from './match.js';
import { payeeAddress, paymentRequirements } from './offer.js';
import { DEFAULT_CLAIM_LEASE_MS, renewingLease } from './claim-lease.js';
import { SETTLE_CHAIN_CHECK_TIMEOUT_MS, SETTLE_INTERRUPTED, defaultStaleAfterMs, withDeadline } from './settling-window.js';
import type {
  PaidCallOutcome,
  PaidOutcome,
  PaymentBoundElsewhereOutcome,
  PaymentIdentifierConflictOutcome,
  PaymentIdentifierRefusedOutcome,
  PaymentReceipt,
  PaymentInProgressOutcome,
  PaymentRejectedOutcome,
  ResultExpiredOutcome,
  RejectionReason,
  Settlement,
  SettlementPendingOutcome,
  UnavailableOutcome,
  UnavailableSource,
} from './outcome.js';
import { paymentSignatureHash, x402RequestIdOf } from './payment-id.js';
import { clientPaymentIdOf, paymentIdentifierDeclaration } from './payment-identifier.js';
import { type ReceiptExtensions, type ReceiptSigner, type ReceiptSignerIdentity, receiptSignerIdentity, responseHashOfResultHash } from './signed-receipts.js';
import type { Eip3009Authorization, PaymentPayloadV2, PaymentRequirements, SettleResponse } from './wire.js';

export interface PaidCallProcessorOptions {
  /** The payee of every offer. */
  payTo: string;
  ledger: PaymentLedger;
  /** Client payment identifiers (x402 `payment-identifier`): the offers declare the extension. */
  paymentIds: PaymentIdentifierStore;
  /** Refuse x402 v2 payments that name no payment identifier (400); default false. v1 payments cannot name one. */
  requirePaymentIdentifier?: boolean;
  facilitator: FacilitatorClient;
  /** Reconciles settlements the facilitator could not report (see createViemAuthorizationReader). */
  authorizations: AuthorizationReader;
  clock?: () => Date;
  /** Request ids for calls that arrive without one. */
  newRequestId?: () => string;
  /** Retry-After of a payment held as settle_pending (default 30 s): about the reconciler's interval. */
  pendingRetryAfterSeconds?: number;
  /**
   * A payment in `settling` untouched longer than this was left by a process that died (no live
   * instance stays there longer: see settling-window.ts); it is answered as pending settlement, and
   * the reconciler decides it on chain. Default: defaultStaleAfterMs().
   */
  staleAfterMs?: number;
  /**
   * A claimed payment's lease (default DEFAULT_CLAIM_LEASE_MS): its claimant renews it while the tool
   * runs, so a claim untouched longer was left by a process that died, and presenting the same payment
   * again takes it over and serves it (when the authorization is still good).
   */
  claimLeaseMs?: number;
  /** Signs offers and receipts (x402 offer-receipt, EIP-712); without it neither carries a signature. */
  receiptSigner?: ReceiptSigner;
}

export interface PaidCall<T, R = T> {
  entry: CatalogEntry;
  /** The tool input, already validated against the tool's request schema. */
  input: unknown;
  /** The payment as the transport decoded it (HTTP headers, MCP arguments): absent, malformed or decoded. */
  payment: DecodeResult;
  /** Absolute URL of the paid resource, for the offer. */
  resourceUrl: string;
  requestId?: string;
  /** Produces the result. Runs at most once per payment, and only after the payment is verified and claimed. */
  run: () => Promise<T>;
  /**
   * What the payer is served for the result once the payment settled (default: the result itself).
   * It is kept with the ledger row as JSON and served again, as it is, when the same payment is
   * presented again for the same request (a replay).
   */
  serve?: (result: T, paid: { settlement: Settlement; x402RequestId: string }) => R;
  /**
   * The form the ledger keeps a served answer in (default: as served), for an answer that holds
   * something the payer is shown but the store must not keep (a secret). `restore` rebuilds the
   * served answer from that form for a replay; one that does not hash as the answer first served did
   * (the receipt binds that hash) is not served: the replay then gets only the hash.
   */
  kept?: KeptAnswer<R>;
}

export interface KeptAnswer<R> {
  keep: (served: R) => unknown;
  restore: (kept: unknown) => Promise<R>;
}

/** No KeptAnswer: the ledger keeps the answer as served. */
const keptForm = <R>(kept: KeptAnswer<R> | null, served: R): unknown => (kept ? kept.keep(served) : served);

export interface PaidCallProcessor {
  handle<T, R = T>(call: PaidCall<T, R>): Promise<PaidCallOutcome<R>>;
  /** The 402 challenge an unpaid call of `entry` at `resourceUrl` gets, without its signed offers: the one source of offers for discovery documents. */
  challenge(entry: CatalogEntry, resourceUrl: string): Challenge;
  /** Who signs offers and receipts (published in the discovery documents); null when nothing is signed. */
  receiptSigner: ReceiptSignerIdentity | null;
}

type SettleVerdict =
  | { status: 'settled'; transaction: Hex | null }
  /** The facilitator refused to settle, and the chain does not contradict it: nothing moved. */
  | { status: 'failed'; reason: string }
  /** The facilitator gave no final answer and the chain does not show the transfer (yet): it may still land. */
  | { status: 'unknown'; reason: string };

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
/** A cut-off settlement is resumed only with at least this long left before validBefore (room to mine it). */
const RESUME_MARGIN_SECONDS = 15n;

const inProgress = (x402RequestId: string): PaymentInProgressOutcome => ({ kind: 'payment_in_progress', x402RequestId });
const unavailable = (source: UnavailableSource, message: string, x402RequestId: string | null): UnavailableOutcome => ({ kind: 'unavailable', source, message, x402RequestId });
const asTxHash = (value: string | undefined): Hex | null => (value && TX_HASH.test(value) ? (value as Hex) : null);

/** The settle response given to the payer: the same for the first answer and every replay of it. */
function receiptOf(settlement: Settlement, protocolVersion: 1 | 2, extensions: ReceiptExtensions | null): PaymentReceipt {
  return {
    success: true,
    transaction: settlement.transaction ?? '',
    payer: settlement.payer,
    network: protocolVersion === 2 ? PAYMENT.network : PAYMENT.networkName,
    ...(extensions ? { extensions } : {}),
  };
}

function rejected(reason: RejectionReason, challenge: PaymentRejectedOutcome['challenge'], x402RequestId: string | null): PaymentRejectedOutcome {
  return { kind: 'payment_rejected', reason, challenge, x402RequestId };
}

/**
 * The paid-call state machine, shared by REST and MCP. It takes the payment as the transport
 * decoded it and returns a typed outcome; headers and status codes are the transports' business.
 * Steps: match the offer -> (ledger look-up) -> facilitator verify -> ledger claim -> run the
 * handler -> settle -> record. A payment runs the handler at most once and is settled at most
 * once; a handler failure settles nothing and releases the payment for another try.
 */
export function createPaidCallProcessor(options: PaidCallProcessorOptions): PaidCallProcessor {
  const payTo = payeeAddress(options.payTo);
  const { ledger, facilitator, authorizations } = options;
  const clock = options.clock ?? (() => new Date());
  const newRequestId = options.newRequestId ?? randomUUID;
  const requireId = options.requirePaymentIdentifier ?? false;
  const { paymentIds, receiptSigner } = options;
  const offers = createChallengeCache(payTo, receiptSigner ?? null, paymentIdentifierDeclaration(requireId));

  type Reject = (reason: RejectionReason, why: ChallengeReason) => PaymentRejectedOutcome;
  const pendingRetryAfterSeconds = options.pendingRetryAfterSeconds ?? 30;
  const settlementPending = (x402RequestId: string): SettlementPendingOutcome => ({ kind: 'settlement_pending', x402RequestId, retryAfterSeconds: pendingRetryAfterSeconds });
  const staleAfterMs = options.staleAfterMs ?? defaultStaleAfterMs();
  const abandoned = (entry: LedgerEntry) => entry.state === 'settling' && clock().getTime() - entry.updatedAt.getTime() > staleAfterMs;
  const claimLeaseMs = options.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS;
  const leaseCutoff = () => new Date(clock().getTime() - claimLeaseMs);
  const leaseExpired = (entry: LedgerEntry) => entry.state === 'claimed' && entry.updatedAt < leaseCutoff();
  type Seen<R> = PaymentInProgressOutcome | SettlementPendingOutcome | PaymentRejectedOutcome | PaymentBoundElsewhereOutcome | ResultExpiredOutcome | PaidOutcome<R>;
  const idConflict = (binding: PaymentIdBinding): PaymentIdentifierConflictOutcome => ({ kind: 'payment_identifier_conflict', paymentId: binding.paymentId, x402RequestId: binding.x402RequestId });
  /** An earlier payment that charged nothing (refused, failed, released, or never claimed) hands its identifier on. */
  const chargedNothing = (entry: LedgerEntry | null) => entry === null || entry.state === 'released' || entry.state === 'settle_failed';

  /**
   * The signed receipt of a paid answer, binding its hash; null without a signer, or when signing
   * failed: the answer was paid for and is served even then, with the unsigned settle response.
   */
  async function signedReceipt(resourceUrl: string, settlement: Settlement, x402RequestId: string, resultHash: string): Promise<ReceiptExtensions | null> {
    if (!receiptSigner) return null;
    const { payer, transaction } = settlement;
    return receiptSigner.signReceipt({ resourceUrl, payer, transaction, x402RequestId, responseHash: responseHashOfResultHash(resultHash) }).catch(() => null);
  }

  /** The answer a row keeps, as served; null when none is kept, or it can no longer be rebuilt as served. */
  async function keptAnswer<R>(entry: LedgerEntry, kept: KeptAnswer<R> | null): Promise<R | null> {
    if (entry.resultJson === null) return null;
    if (!kept) return entry.resultJson as R;
    const answer = await kept.restore(entry.resultJson).catch(() => null);
    return answer !== null && fingerprint(answer) === entry.resultHash ? answer : null;
  }

  /** The receipt kept with a settled row; one is signed and kept now for a row settled without one (by the reconciler). */
  async function keptReceipt(entry: LedgerEntry, settlement: Settlement, resourceUrl: string): Promise<ReceiptExtensions | null> {
    if (entry.signedReceipt !== null) return entry.signedReceipt as ReceiptExtensions;
    if (entry.resultHash === null) return null;
    const signed = await signedReceipt(resourceUrl, settlement, entry.x402RequestId, entry.resultHash);
    if (signed) await ledger.transition(entry.x402RequestId, ['settled'], 'settled', { signedReceipt: signed }).catch(() => null);
    return signed;
  }

  /**
   * A payment the ledger already holds (not released). Settled for this very request (same tool and
   * input): its kept answer again, with its receipt, or result_expired once only the hash is left.
   */
  async function previouslySeen<R>(entry: LedgerEntry, requestFingerprint: string, resourceUrl: string, reject: Reject, kept: KeptAnswer<R> | null): Promise<Seen<R>> {
    if (entry.state === 'settle_pending' || abandoned(entry)) return settlementPending(entry.x402RequestId);
    if (entry.state === 'claimed' || entry.state === 'settling') return inProgress(entry.x402RequestId);
    if (entry.state === 'settled') {
      const { x402RequestId } = entry;
      if (entry.requestFingerprint !== requestFingerprint) return { kind: 'payment_bound_to_other_request', x402RequestId, toolId: entry.toolId };
      const settlement: Settlement = { transaction: entry.settlementTx, network: PAYMENT.network, payer: entry.payer };
      const result = await keptAnswer(entry, kept);
      if (result === null) return { kind: 'result_expired', x402RequestId, settlement, resultHash: entry.resultHash };
      const { protocolVersion } = entry;
      const receipt = receiptOf(settlement, protocolVersion, await keptReceipt(entry, settlement, resourceUrl));
      return { kind: 'paid', replay: true, result, settlement, receipt, x402RequestId, protocolVersion, ledgerEntry: entry };
    }
    return reject('already_used', {
      code: 'payment_already_used',
      message: 'This payment was already presented and could not be settled. Sign a new payment for this request.',
      details: { reason: 'already_used', x402RequestId: entry.x402RequestId, state: entry.state, settlementTx: entry.settlementTx },
    });
  }

  function idRefused(code: PaymentIdentifierRefusedOutcome['code'], problem: string, x402RequestId: string): PaymentIdentifierRefusedOutcome {
    return { kind: 'payment_identifier_refused', code, problem, x402RequestId };
  }

  /**
   * Binds the client's identifier to this (claimed) payment. Null when it now answers for it; otherwise
   * what this payment gets instead: a concurrent payment with the same identifier won the binding (its
   * outcome), or the identifier belongs to another request (conflict), or the store failed.
   */
  async function bindPaymentId<R>(wanted: Omit<PaymentIdBinding, 'createdAt' | 'updatedAt'>, resourceUrl: string, reject: Reject, kept: KeptAnswer<R> | null): Promise<Seen<R> | PaymentIdentifierConflictOutcome | UnavailableOutcome | null> {
    const storeDown = () => unavailable('store', 'The payment identifier store is temporarily unavailable. Nothing was charged; retry later.', wanted.x402RequestId);
    // Each round either binds, or finds a live holder, or moves the binding off a dead one: rounds only repeat under contention.
    for (let round = 0; round < 3; round++) {
      try {
        const bind = await paymentIds.bind(wanted);
        if (bind.bound || bind.existing.x402RequestId === wanted.x402RequestId) return null;
        if (bind.existing.requestFingerprint !== wanted.requestFingerprint) return idConflict(bind.existing);
        const holder = await ledger.get(bind.existing.x402RequestId);
        if (!chargedNothing(holder)) return await previouslySeen<R>(holder!, wanted.requestFingerprint, resourceUrl, reject, kept);
        if (await paymentIds.rebind(wanted.payer, wanted.paymentId, bind.existing.x402RequestId, wanted.x402RequestId)) return null;
      } catch {
        return storeDown();
      }
    }
    return storeDown();
  }

  async function settle(paymentPayload: PaymentPayloadV2, requirements: PaymentRequirements, authorization: Eip3009Authorization, payer: Address): Promise<SettleVerdict> {
    let answer: SettleResponse | null = null;
    try {
      answer = await facilitator.settle(paymentPayload, requirements);
    } catch {
      // No answer: the transfer may or may not have happened; the chain decides below.
    }
    if (answer?.success) return { status: 'settled', transaction: asTxHash(answer.transaction) };
    // Only a refusal is a final word. No answer (time-out, 5xx, garbage) or `settlement_pending` (broadcast,
    // not confirmed in time) may still end in a transfer, so "not used yet" on chain proves nothing then.
    const definite = answer !== null && answer.errorReason !== 'settlement_pending';
    const reason = answer?.errorReason ?? (answer ? 'settlement_failed' : 'facilitator_unavailable');
    // Bounded, so that no live instance stays in settling past settlingBoundMs (the reconciler's staleness window rests on it).
    const onChain = await withDeadline(
      authorizations.authorizationState({ asset: requirements.asset, authorizer: payer, nonce: authorization.nonce, payTo, amount: requirements.amount }),
      SETTLE_CHAIN_CHECK_TIMEOUT_MS,
    ).catch(() => null);
    // Unreadable, unused or too old to tell: a refusal is still final; anything else waits for the reconciler.
    if (onChain?.status === 'transferred') return { status: 'settled', transaction: onChain.transaction };
    if (onChain?.status === 'cancelled') return { status: 'failed', reason: 'authorization_cancelled' };
    if (onChain?.status === 'mismatched') return { status: 'failed', reason: 'transfer_mismatch' };
    return definite ? { status: 'failed', reason } : { status: 'unknown', reason };
  }

  interface Settling<R> {
    x402RequestId: string;
    protocolVersion: 1 | 2;
    payer: Address;
    resourceUrl: string;
    /** The answer served for the settlement. */
    answer: (settlement: Settlement) => R;
    /** Keeps that answer with the row in this form (null: the row keeps the answer it has). */
    keep: ((served: R) => unknown) | null;
  }

  /** Records the settle verdict of a row in settling and gives the payer its outcome. */
  async function concludeSettlement<R>(paid: Settling<R>, verdict: SettleVerdict, reject: Reject): Promise<PaidCallOutcome<R>> {
    const { x402RequestId, protocolVersion, payer } = paid;
    if (verdict.status === 'failed') {
      await ledger.transition(x402RequestId, ['settling'], 'settle_failed', { errorCode: verdict.reason, resultJson: null }).catch(() => null);
      return reject('settlement_failed', {
        code: 'settlement_failed',
        message: `The payment could not be settled (${verdict.reason}). Nothing was charged and the result is withheld; sign a new payment to retry.`,
        details: { reason: 'settlement_failed', facilitatorReason: verdict.reason, x402RequestId },
      });
    }
    if (verdict.status === 'unknown') {
      // The answer kept since settling waits with the row: once the reconciler finds the transfer,
      // presenting the payment again serves it; no second run, no second charge.
      const held = await ledger.transition(x402RequestId, ['settling'], 'settle_pending', { errorCode: verdict.reason }).catch(() => null);
      if (held) return settlementPending(x402RequestId);
      return unavailable('store', 'The settlement of this payment is not confirmed yet and the ledger could not record it; the result is withheld. The payment will not be charged twice.', x402RequestId);
    }

    const settlement: Settlement = { transaction: verdict.transaction, network: PAYMENT.network, payer };
    const served = paid.answer(settlement);
    const resultHash = fingerprint(served);
    const extensions = await signedReceipt(paid.resourceUrl, settlement, x402RequestId, resultHash);
    const settledPatch = { settlementTx: settlement.transaction, resultHash, ...(extensions ? { signedReceipt: extensions } : {}) };
    // An answer the store refuses to keep (not JSON, too large) must not leave the payment looking in progress.
    const settled = (patch: LedgerPatch) => ledger.transition(x402RequestId, ['settling'], 'settled', patch);
    const ledgerEntry = await (paid.keep ? settled({ ...settledPatch, resultJson: paid.keep(served) }).catch(() => settled(settledPatch)) : settled(settledPatch)).catch(() => null);
    return { kind: 'paid', replay: false, result: served, settlement, receipt: receiptOf(settlement, protocolVersion, extensions), x402RequestId, protocolVersion, ledgerEntry };
  }

  /**
   * A settlement a dead process cut off (its row abandoned in settling, or moved to settle_pending by
   * the reconciler for that reason) whose answer is kept: the same payment presented again, while its
   * authorization is still good, settles it now and is served the kept answer. One presentation takes
   * it (a guarded move back to settling); a transfer the cut-off attempt made after all is found on
   * chain by settle's check, so it is never paid twice.
   */
  const resumable = (entry: LedgerEntry, nowSeconds: bigint) =>
    (abandoned(entry) || (entry.state === 'settle_pending' && entry.errorCode === SETTLE_INTERRUPTED)) &&
    entry.resultJson !== null &&
    entry.validBefore !== null &&
    BigInt(entry.validBefore) > nowSeconds + RESUME_MARGIN_SECONDS;

  async function resumeSettlement<R>(entry: LedgerEntry, answer: R, payment: { payload: PaymentPayloadV2; requirements: PaymentRequirements; authorization: Eip3009Authorization }, resourceUrl: string, reject: Reject): Promise<PaidCallOutcome<R>> {
    const { x402RequestId, payer } = entry;
    const guard = entry.state === 'settling' ? { updatedBefore: new Date(clock().getTime() - staleAfterMs) } : {};
    const taken = await ledger.transition(x402RequestId, [entry.state], 'settling', { errorCode: null }, guard).catch(() => null);
    if (!taken) return settlementPending(x402RequestId);
    const verdict = await settle(payment.payload, payment.requirements, payment.authorization, payer);
    return concludeSettlement({ x402RequestId, protocolVersion: entry.protocolVersion, payer, resourceUrl, answer: () => answer, keep: null }, verdict, reject);
  }

  return {
    challenge: (entry, resourceUrl) => offers.unsigned(entry, resourceUrl),
    receiptSigner: receiptSigner ? receiptSignerIdentity(receiptSigner) : null,
    async handle<T, R = T>(call: PaidCall<T, R>): Promise<PaidCallOutcome<R>> {
      const { entry } = call;
      const decoded = call.payment;
      if (decoded.status === 'absent') return { kind: 'payment_required', challenge: await offers.unpaid(entry, call.resourceUrl) };

      const requirements = paymentRequirements(entry, payTo);
      const challenge = await offers.refusal(entry, call.resourceUrl);
      if (decoded.status === 'malformed') {
        return rejected(
          'malformed',
          challenge({
            code: 'payment_invalid',
            message: `The payment in the ${decoded.carrier} is malformed: ${decoded.problem}.`,
            details: { reason: 'malformed', carrier: decoded.carrier, problem: decoded.problem },
          }),
          null,
        );
      }

      const match = matchPayment(decoded.payment, requirements, call.resourceUrl);
      if (!match.matched) {
        const [first] = match.mismatches;
        return rejected(
          'mismatch',
          challenge({
            code: 'payment_mismatch',
            message: `The payment does not match the offer: ${first?.field} is ${first?.received}, expected ${first?.expected}.`,
            details: { reason: 'mismatch', mismatches: match.mismatches },
          }),
          null,
        );
      }

      const { paymentPayload, authorization, payer } = match;
      const protocolVersion = decoded.payment.version;
      const x402RequestId = x402RequestIdOf({ network: PAYMENT.network, asset: requirements.asset, payer, nonce: authorization.nonce });
      const reject: Reject = (reason, why) => rejected(reason, challenge(why), x402RequestId);
      const storeDown = () => unavailable('store', 'The payment ledger is temporarily unavailable. Nothing was charged; retry later.', x402RequestId);
      const requestFingerprint = fingerprint({ tool: entry.id, input: call.input });
      const signatureHash = paymentSignatureHash(paymentPayload.payload.signature);
      const kept = call.kept ?? null;

      const clientId = clientPaymentIdOf(decoded.payment);
      if (clientId.status === 'invalid') return idRefused('payment_identifier_invalid', clientId.problem, x402RequestId);
      if (clientId.status === 'absent' && requireId && protocolVersion === 2) {
        return idRefused('payment_identifier_required', 'this service requires a payment identifier (the payment-identifier extension declared in the 402) in every x402 v2 payment', x402RequestId);
      }
      const paymentId = clientId.status === 'present' ? clientId.id : null;

      let known: LedgerEntry | null;
      let binding: PaymentIdBinding | null = null;
      try {
        known = await ledger.get(x402RequestId);
        if (paymentId) binding = await paymentIds.get(payer, paymentId);
      } catch {
        return storeDown();
      }
      if (binding && binding.requestFingerprint !== requestFingerprint) return idConflict(binding);
      const nowSeconds = BigInt(Math.floor(clock().getTime() / 1000));
      if (known && known.state !== 'released') {
        if (known.signatureHash !== null && known.signatureHash !== signatureHash) {
          return reject('invalid', {
            code: 'payment_invalid',
            message: 'This authorization was claimed with another signature; only the signed payment itself gets its answer again.',
            details: { reason: 'signature_mismatch', x402RequestId },
          });
        }
        // A kept answer that can no longer be rebuilt is not resumed: the reconciler concludes the row.
        const resumed = known.requestFingerprint === requestFingerprint && resumable(known, nowSeconds) ? await keptAnswer(known, kept) : null;
        if (resumed !== null) return resumeSettlement<R>(known, resumed, { payload: paymentPayload, requirements, authorization }, call.resourceUrl, reject);
        if (known.requestFingerprint !== requestFingerprint || !leaseExpired(known)) return previouslySeen(known, requestFingerprint, call.resourceUrl, reject, kept);
        // Its claimant died while the tool ran (nothing was sent for settlement): this presentation takes
        // it over. The guard lets one taker through; the others find the row claimed again, in progress.
        let freed: LedgerEntry | null;
        try {
          freed = await ledger.transition(x402RequestId, ['claimed'], 'released', { errorCode: 'claim_abandoned' }, { updatedBefore: leaseCutoff() });
        } catch {
          return storeDown();
        }
        if (!freed) return inProgress(x402RequestId);
      }

      if (BigInt(authorization.validBefore) <= nowSeconds || BigInt(authorization.validAfter) > nowSeconds) {
        const expired = BigInt(authorization.validBefore) <= nowSeconds;
        return reject('invalid', {
          code: 'payment_invalid',
          message: expired ? 'The payment authorization has expired. Sign a new payment.' : 'The payment authorization is not valid yet.',
          details: { reason: expired ? 'authorization_expired' : 'authorization_not_yet_valid', validAfter: authorization.validAfter, validBefore: authorization.validBefore },
        });
      }

      // The identifier answers for an earlier payment of this request: its outcome, once this payment
      // proves (verify) that the payer signed it; this payment is neither claimed nor settled.
      let answeredBy: LedgerEntry | null = null;
      if (binding && binding.x402RequestId !== x402RequestId) {
        try {
          answeredBy = await ledger.get(binding.x402RequestId);
        } catch {
          return storeDown();
        }
        if (chargedNothing(answeredBy)) answeredBy = null;
      }

      let verdict;
      try {
        verdict = await facilitator.verify(paymentPayload, requirements);
      } catch (error) {
        const retryAfterMs = isFacilitatorUnavailable(error) ? error.retryAfterMs : undefined;
        return {
          ...unavailable('facilitator', 'Payments are temporarily unavailable: the payment facilitator did not answer. Nothing was charged; retry later.', x402RequestId),
          ...(retryAfterMs === undefined ? {} : { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) }),
        };
      }
      if (!verdict.isValid) {
        // A copy of this payment may have been claimed and settled while this one was verified
        // (the facilitator then sees a used nonce): report it as the ledger knows it.
        const meanwhile = await ledger.get(x402RequestId).catch(() => null);
        if (meanwhile && meanwhile.state !== 'released') return previouslySeen(meanwhile, requestFingerprint, call.resourceUrl, reject, kept);
        const facilitatorReason = verdict.invalidReason ?? 'invalid_payment';
        // An identifier's earlier answer is not given for a payment the facilitator refuses.
        return reject('invalid', {
          code: 'payment_invalid',
          message: `The payment facilitator refused the payment: ${facilitatorReason}.`,
          details: { reason: 'invalid', facilitatorReason },
        });
      }
      if (answeredBy) return previouslySeen(answeredBy, requestFingerprint, call.resourceUrl, reject, kept);

      let claim;
      try {
        claim = await ledger.claim({
          x402RequestId,
          requestId: call.requestId ?? newRequestId(),
          toolId: entry.id,
          network: PAYMENT.network,
          asset: requirements.asset,
          payer,
          payTo,
          nonce: authorization.nonce,
          amount: requirements.amount,
          protocolVersion,
          requestFingerprint,
          signatureHash,
          validBefore: String(authorization.validBefore),
        });
      } catch {
        return storeDown();
      }
      if (!claim.claimed) return previouslySeen(claim.existing, requestFingerprint, call.resourceUrl, reject, kept);
      if (paymentId) {
        const elsewhere = await bindPaymentId<R>({ payer, paymentId, requestFingerprint, x402RequestId }, call.resourceUrl, reject, kept);
        if (elsewhere) {
          await ledger.transition(x402RequestId, ['claimed'], 'released', { errorCode: 'payment_identifier_answered' }).catch(() => null);
          return elsewhere;
        }
      }

      const claimant = { requestId: claim.entry.requestId };
      let result: T;
      try {
        result = await renewingLease(call.run, () => ledger.transition(x402RequestId, ['claimed'], 'claimed', {}, claimant), claimLeaseMs);
      } catch (error) {
        const chainDown = isChainUnavailable(error);
        const storeDown = isStoreUnavailable(error);
        const notFound = isNotFoundAnswer(error) ? error : null;
        const errorCode = chainDown ? 'chain_unavailable' : storeDown ? 'store_unavailable' : notFound ? notFound.code : 'handler_failed';
        await ledger.transition(x402RequestId, ['claimed'], 'released', { errorCode }, claimant).catch(() => null);
        if (notFound) return { kind: 'not_found', code: notFound.code, message: notFound.message, x402RequestId };
        if (chainDown) return unavailable('chain', 'Blockchain data is temporarily unavailable. Nothing was charged; retry later with the same payment.', x402RequestId);
        if (storeDown) return unavailable('store', 'Stored data this tool reads is temporarily unavailable. Nothing was charged; retry later with the same payment.', x402RequestId);
        return { kind: 'failed', error, x402RequestId };
      }

      const serveWith = (settlement: Settlement): R => (call.serve ? call.serve(result, { settlement, x402RequestId }) : (result as unknown as R));
      // The answer goes with the row into settling (its transaction not known yet): if this process dies
      // after the transfer, the reconciler settles the row and presenting the payment again serves it.
      const provisional = serveWith({ transaction: null, network: PAYMENT.network, payer });
      const settling = await ledger
        .transition(x402RequestId, ['claimed'], 'settling', { resultJson: keptForm(kept, provisional), resultHash: fingerprint(provisional) }, claimant)
        // An answer the store refuses to keep (not JSON, too large) is still served, once.
        .catch(() => ledger.transition(x402RequestId, ['claimed'], 'settling', {}, claimant))
        .catch(() => undefined);
      // null: the claim is no longer ours (its lease lapsed and another presentation took it over, which serves it).
      if (settling === null) return inProgress(x402RequestId);
      if (!settling) return storeDown();

      const verdictOfSettle = await settle(paymentPayload, requirements, authorization, payer);
      return concludeSettlement({ x402RequestId, protocolVersion, payer, resourceUrl: call.resourceUrl, answer: serveWith, keep: (served) => keptForm(kept, served) }, verdictOfSettle, reject);
    },
  };
}
