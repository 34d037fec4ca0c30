import { RECEIPT_SCORE_COMPONENTS, type CatalogEntryOf, type ReceiptScoreComponent, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { LABEL, ND } from '../helpers.js';
import { authorizedSignersOf, signerKey, type ReceiptClaims, type SignatureCheck } from './signature.js';

type Entry = CatalogEntryOf<'x402_signed_receipt_delivery_confidence_scorer'>;
export type ReceiptScorerInput = RequestOf<Entry>;
export type ReceiptScorerResult = ResultOf<Entry>;
type Decision = ReceiptScorerResult['decision'];
type Component = ReceiptScorerResult['components'][number];

const CONFIRMED_SCORE = 80;
const LIKELY_SCORE = 45;
const EVM_TX = /^0x[0-9a-fA-F]{64}$/;
const SOLANA_TX = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
/** Payers and transactions compare case-insensitively when they are EVM hex, exactly otherwise (Solana is case-sensitive). */
const sameId = (a: string, b: string) => (/^0x[0-9a-fA-F]+$/.test(a) && /^0x[0-9a-fA-F]+$/.test(b) ? a.toLowerCase() === b.toLowerCase() : a === b);
const sameUrl = (a: string, b: string) => {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
};

interface Scoring {
  components: Component[];
  flags: Set<string>;
  hardFails: string[];
}

function award(s: Scoring, name: ReceiptScoreComponent, earned: boolean, detail: string, flag?: string): void {
  const max = RECEIPT_SCORE_COMPONENTS[name];
  s.components.push({ name, points: earned ? max : 0, max, detail });
  if (!earned && flag) s.flags.add(flag);
}

function scoreSettlement(input: ReceiptScorerInput, s: Scoring, expectedNetwork: string): void {
  const settlement = input.settlement;
  if (!settlement) {
    for (const name of ['settlement_success', 'settlement_payer', 'network_matches', 'transaction'] as const) award(s, name, false, 'No settlement response was supplied.');
    s.flags.add('no_settlement');
    return;
  }
  award(s, 'settlement_success', settlement.success === true, `settlement.success is ${JSON.stringify(settlement.success ?? null)}.`, 'settlement_not_successful');
  const payer = text(settlement.payer);
  award(s, 'settlement_payer', payer !== null && sameId(payer, input.expected.payer), payer === null ? 'The settlement names no payer.' : `The settlement's payer is ${payer}.`, 'settlement_payer_mismatch');
  const network = text(settlement.network);
  const nd = network === null ? null : ND(network);
  if (nd && !nd.known) s.flags.add('unknown_network');
  award(s, 'network_matches', nd !== null && nd.network === expectedNetwork, nd === null ? 'The settlement names no network.' : `The settlement is on ${nd.network}; expected ${expectedNetwork}.`, 'network_mismatch');
  const tx = text(settlement.transaction);
  const wellFormed = tx !== null && (EVM_TX.test(tx) || SOLANA_TX.test(tx));
  const expectedTx = text(input.expected.transaction);
  const equal = expectedTx === null || (tx !== null && sameId(tx, expectedTx));
  award(
    s,
    'transaction',
    wellFormed && equal,
    tx === null ? 'The settlement names no transaction.' : !wellFormed ? `The settlement's transaction ${tx} is not an EVM or Solana transaction id.` : equal ? `Transaction ${tx}${expectedTx ? ', as expected' : ''}.` : `Transaction ${tx}, expected ${expectedTx}.`,
    !wellFormed ? 'transaction_malformed' : 'transaction_mismatch',
  );
}

/** The receipt's own statements against what was paid; payer or network disagreeing is a hard fail. */
function scoreClaims(input: ReceiptScorerInput, s: Scoring, claims: ReceiptClaims | null, expectedNetwork: string): void {
  if (!claims) {
    award(s, 'receipt_fields_match', false, input.receipt ? 'The receipt\'s payload could not be read.' : 'No receipt was supplied.');
    return;
  }
  const problems: string[] = [];
  if (claims.payer === null || !sameId(claims.payer, input.expected.payer)) {
    problems.push(`payer ${claims.payer ?? '(none)'}`);
    s.flags.add('receipt_payer_mismatch');
    s.hardFails.push('the receipt names another payer');
  }
  if (claims.network === null || ND(claims.network).network !== expectedNetwork) {
    problems.push(`network ${claims.network ?? '(none)'}`);
    s.flags.add('receipt_network_mismatch');
    s.hardFails.push('the receipt is for another network');
  }
  if (claims.resourceUrl === null || !sameUrl(claims.resourceUrl, input.expected.resource_url)) {
    problems.push(`resourceUrl ${claims.resourceUrl ?? '(none)'}`);
    s.flags.add('receipt_resource_mismatch');
  }
  const knownTx = text(input.expected.transaction) ?? text(input.settlement?.transaction);
  const receiptTx = text(claims.transaction);
  if (receiptTx !== null && knownTx !== null && !sameId(receiptTx, knownTx)) {
    problems.push(`transaction ${receiptTx}`);
    s.flags.add('receipt_transaction_mismatch');
  }
  award(s, 'receipt_fields_match', problems.length === 0, problems.length ? `The receipt states ${problems.join(', ')}, not what was paid.` : `The receipt's payer, network and resource match${receiptTx === null ? ' (no transaction: privacy-minimal)' : ''}.`);
}

const NEXT_ACTION: Record<Decision, string> = {
  receipt_invalid: 'Treat the receipt as no proof: its signature is invalid or it names another payer or network. Ask the seller for a correct receipt before relying on delivery, and keep the settlement as evidence.',
  delivered_confirmed: 'Keep the signed receipt with the settlement response as proof of delivery; nothing else is needed.',
  likely_delivered: 'The settlement supports delivery, but no authorized signed receipt confirms it: ask the seller for a signed x402 receipt (offer-receipt extension), or supply its signer list or JWK.',
  unconfirmed: 'Do not treat the payment as delivered: supply the settlement response and the seller\'s signed receipt, or contact the seller with the transaction.',
};

const LIMITATIONS = [
  'Nothing on chain was read: whether the transaction settled is taken from the settlement response as supplied.',
  'EIP-712 receipts are checked by ECDSA recovery (EOA signers); a smart-account (EIP-1271) signer cannot be verified offline and does not recover to its address.',
  'JWS receipts are verified only with a supplied JWK; did:web, did:key and other key ids are not resolved.',
  'Signer authorization is judged against authorized_signers (default: the offer\'s pay_to), not against the seller\'s published discovery documents.',
];

/** x402-signed-receipt-delivery-confidence-scorer (design sheet §23): the score's components, the hard fails, then the decision in the sheet's order. */
export function analyzeReceiptDelivery(input: ReceiptScorerInput, check: SignatureCheck): ToolOutput<ReceiptScorerResult> {
  const s: Scoring = { components: [], flags: new Set(), hardFails: [] };
  const expected = ND(input.expected.network);
  if (!expected.known) s.flags.add('unknown_network');
  if (!LABEL(input.expected.resource_url).safe) s.flags.add('unsafe_resource_url');

  scoreSettlement(input, s, expected.network);
  award(s, 'delivery_exposed', input.delivery?.exposed_to_client === true, input.delivery ? `Delivered by ${input.delivery.channel}, ${input.delivery.exposed_to_client ? '' : 'not '}exposed to the client.` : 'No delivery facts were supplied.', 'not_exposed_to_client');
  award(s, 'receipt_present', input.receipt !== undefined, input.receipt ? `A ${input.receipt.format} receipt was supplied.` : 'No receipt was supplied.', 'no_receipt');
  award(s, 'signature_valid', check.status === 'valid', check.detail);
  if (check.status === 'invalid') {
    s.flags.add('signature_invalid');
    s.hardFails.push('the signature is invalid');
  }
  if (check.status === 'unverifiable') s.flags.add('signature_unverifiable');
  const authorized = check.status === 'valid' && check.signer !== null && authorizedSignersOf(input).has(signerKey(check.signer));
  award(
    s,
    'signer_authorized',
    authorized,
    check.status !== 'valid' ? 'No verified signer.' : `${check.signer} is ${authorized ? '' : 'not '}one of the authorized signers${input.authorized_signers ? '' : ' (default: expected.pay_to)'}.`,
    check.status === 'valid' ? 'signer_not_authorized' : undefined,
  );
  scoreClaims(input, s, check.claims, expected.network);

  const score = s.components.reduce((sum, c) => sum + c.points, 0);
  const decision: Decision = s.hardFails.length ? 'receipt_invalid' : score >= CONFIRMED_SCORE && authorized ? 'delivered_confirmed' : score >= LIKELY_SCORE ? 'likely_delivered' : 'unconfirmed';
  const confidence = check.status === 'valid' ? 'high' : input.settlement ? 'medium' : 'low';
  const why = decision === 'receipt_invalid' ? `: ${s.hardFails.join('; ')}` : '';
  const summary = `${decision.replace('_', ' ')}${why}. Score ${score}/100; signature ${check.status}${check.signer ? ` (${check.signer}${authorized ? ', authorized' : ', not authorized'})` : ''}.`;
  return x402Answer(
    { decision, confidence, summary, riskFlags: s.flags, nextAction: NEXT_ACTION[decision], limitations: [...LIMITATIONS] },
    { score, components: s.components, signature_status: check.status, recovered_signer: check.signer },
  );
}
