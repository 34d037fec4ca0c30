import { REPLAY_FINDING_CODES, type CatalogEntryOf, type ReplayFinding, type ReplayFindingCode, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { percentile } from '../helpers.js';
import { readOffers, type SellerOffers } from './offers.js';
import { predictableNonces } from './nonces.js';

type Entry = CatalogEntryOf<'x402_offer_replay_hygiene_auditor'>;
export type ReplayAuditorInput = RequestOf<Entry>;
export type ReplayAuditorResult = ResultOf<Entry>;
type Decision = ReplayAuditorResult['decision'];

/** Offers that let a payment wait longer than this are lenient (design sheet §17). */
const LENIENT_TIMEOUT_SECONDS = 3600;
const MAX_EXAMPLES = 5;

type Severity = ReplayFinding['severity'];
type Example = ReplayFinding['examples'][number];

const SEVERITY: Record<ReplayFindingCode, Severity> = {
  replay_attempt: 'medium',
  double_service: 'critical',
  cross_resource_reuse: 'high',
  long_lived_authorization: 'medium',
  accepted_after_expiry: 'critical',
  accepted_before_valid: 'high',
  foreign_recipient: 'high',
  predictable_nonce: 'high',
  lenient_offer: 'medium',
  unbounded_offer: 'medium',
};
const SEVERITY_RANK: Record<Severity, number> = { critical: 0, high: 1, medium: 2 };

const FIX: Record<ReplayFindingCode, string> = {
  replay_attempt: 'Reject an authorization whose payer + nonce was seen before, before calling verify.',
  double_service:
    'Dedupe in flight on payer + nonce: hold a unique key from verify until settle has an answer, so concurrent requests with one authorization cannot both pass verify and be served.',
  cross_resource_reuse: 'Bind the authorization to the resource it was offered for and refuse it on any other path.',
  long_lived_authorization: 'Refuse authorizations whose validBefore − validAfter exceeds your window; keep maxTimeoutSeconds short.',
  accepted_after_expiry: 'Compare validBefore (plus a small skew) with your clock before serving; an expired authorization cannot settle.',
  accepted_before_valid: 'Do not serve before validAfter (minus a small skew): settlement reverts until then.',
  foreign_recipient: 'Check that `to` equals the payTo you offered before verifying or serving.',
  predictable_nonce: 'Ask payers for 32 random bytes per nonce; reject counters, constant bytes and sequences.',
  lenient_offer: `Lower maxTimeoutSeconds to ${LENIENT_TIMEOUT_SECONDS} or less.`,
  unbounded_offer: 'Sign offers with a validUntil (the offer-receipt default is 300 seconds after issue).',
};

interface Accepted {
  index: number;
  key: string;
  payer: string;
  nonce: string;
  auth: ReplayAuditorInput['authorizations'][number];
  window: number;
}

/** Hits per finding code, in input order. */
class Hits {
  private readonly byCode = new Map<ReplayFindingCode, Example[]>();
  add(code: ReplayFindingCode, example: Example): void {
    const list = this.byCode.get(code);
    if (list) list.push(example);
    else this.byCode.set(code, [example]);
  }
  findings(): ReplayFinding[] {
    const findings: ReplayFinding[] = [];
    for (const code of REPLAY_FINDING_CODES) {
      const examples = this.byCode.get(code);
      if (examples) findings.push({ code, severity: SEVERITY[code], count: examples.length, examples: examples.slice(0, MAX_EXAMPLES), fix: FIX[code] });
    }
    return findings.sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || REPLAY_FINDING_CODES.indexOf(a.code) - REPLAY_FINDING_CODES.indexOf(b.code));
  }
}

const authorizationHit = (indexes: number[], detail: string): Example => ({ authorization_indexes: indexes, offer_index: null, detail });

/** Authorizations grouped by (lower(from), lower(nonce)), groups in order of first occurrence. */
function groupByKey(records: Accepted[]): Accepted[][] {
  const groups = new Map<string, Accepted[]>();
  for (const record of records) {
    const group = groups.get(record.key);
    if (group) group.push(record);
    else groups.set(record.key, [record]);
  }
  return [...groups.values()];
}

function keyFindings(groups: Accepted[][], hits: Hits): void {
  for (const group of groups) {
    if (group.length < 2) continue;
    const indexes = group.map((r) => r.index);
    const { payer, nonce } = group[0]!;
    const delivered = group.filter((r) => r.auth.delivered).length;
    const settled = group.filter((r) => r.auth.settled === true).length;
    hits.add('replay_attempt', authorizationHit(indexes, `payer ${payer} presented nonce ${nonce} ${group.length} times (delivered ${delivered}, settled ${settled})`));
    if (delivered >= 2) hits.add('double_service', authorizationHit(indexes.filter((_, i) => group[i]!.auth.delivered), `served ${delivered} times for one authorization of payer ${payer} (settled ${settled})`));
    const paths = [...new Set(group.map((r) => r.auth.resource_path))];
    if (paths.length >= 2) hits.add('cross_resource_reuse', authorizationHit(indexes, `one authorization of payer ${payer} accepted on ${paths.length} paths: ${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', …' : ''}`));
  }
}

function recordFindings(records: Accepted[], input: ReplayAuditorInput, offers: SellerOffers, hits: Hits): void {
  const { max_window_seconds: maxWindow, clock_skew_seconds: skew } = input.policy;
  for (const { index, auth, window } of records) {
    if (window > maxWindow) hits.add('long_lived_authorization', authorizationHit([index], `window ${window} s > ${maxWindow} s`));
    if (auth.delivered && auth.received_at > auth.valid_before + skew) hits.add('accepted_after_expiry', authorizationHit([index], `served ${auth.received_at - auth.valid_before} s after validBefore (skew ${skew} s)`));
    if (auth.delivered && auth.received_at < auth.valid_after - skew) hits.add('accepted_before_valid', authorizationHit([index], `served ${auth.valid_after - auth.received_at} s before validAfter (skew ${skew} s)`));
    if (offers.payTos.size > 0 && !offers.payTos.has(auth.to.toLowerCase())) hits.add('foreign_recipient', authorizationHit([index], `to ${auth.to} is not the payTo of any offer`));
  }
}

function nonceFindings(groups: Accepted[][], hits: Hits): void {
  const reasons = predictableNonces(groups.map((group) => ({ payer: group[0]!.payer, nonce: group[0]!.nonce })));
  groups.forEach((group, i) => {
    const reason = reasons[i];
    if (reason) hits.add('predictable_nonce', authorizationHit(group.map((r) => r.index), `payer ${group[0]!.payer}, nonce ${group[0]!.nonce}: ${reason}`));
  });
}

function offerFindings(offers: SellerOffers, hits: Hits): void {
  for (const offer of offers.offers) {
    if (offer.max_timeout_seconds !== null && offer.max_timeout_seconds > LENIENT_TIMEOUT_SECONDS) {
      hits.add('lenient_offer', { authorization_indexes: [], offer_index: offer.index, detail: `maxTimeoutSeconds ${offer.max_timeout_seconds} > ${LENIENT_TIMEOUT_SECONDS}` });
    }
    if (offer.signed !== null && !offer.signed.bounded) hits.add('unbounded_offer', { authorization_indexes: [], offer_index: offer.index, detail: `signed offer (${offer.signed.format}) without a validUntil` });
  }
}

const NEXT_ACTION: Record<Decision, string> = {
  replay_exposed:
    'Stop serving one payment twice: dedupe in flight on payer + nonce from verify until settle, and refuse to serve once validBefore plus the skew has passed; then apply each finding\'s fix.',
  needs_attention: 'Apply each finding\'s fix (shorter windows, reject reused or foreign-recipient authorizations, bounded offers); nothing was served twice or after expiry.',
  hygienic: 'Nothing to fix in these records; audit again after changing the payment middleware or with a larger sample.',
};

const LIMITATIONS = [
  'Authorizations are as the seller\'s records state them: signatures are not verified and nothing is read on chain, so whether a nonce was used on chain is not checked.',
  'EIP-3009 scopes a nonce to one payer and one token contract; the records carry no token, so a payer reusing a nonce on two tokens counts as a replay.',
  'Offers are linked to authorizations only through payTo; signed offers are read without verifying their signature.',
  'The arithmetic-progression test looks at three consecutive values of each payer\'s sorted nonces: a counter with uneven gaps is not detected.',
];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** x402-offer-replay-hygiene-auditor (design sheet §17). */
export function analyzeReplayAuditor(input: ReplayAuditorInput): ToolOutput<ReplayAuditorResult> {
  const records: Accepted[] = input.authorizations.map((auth, index) => {
    const payer = auth.from.toLowerCase();
    const nonce = auth.nonce.toLowerCase();
    return { index, key: `${payer}|${nonce}`, payer, nonce, auth, window: auth.valid_before - auth.valid_after };
  });
  const offers = readOffers(input.offers ?? []);
  const groups = groupByKey(records);
  const hits = new Hits();
  keyFindings(groups, hits);
  recordFindings(records, input, offers, hits);
  nonceFindings(groups, hits);
  offerFindings(offers, hits);
  const findings = hits.findings();

  const flags = new Set<string>(findings.map((f) => f.code));
  const limitations = [...LIMITATIONS];
  if (offers.payTos.size === 0) limitations.push('No offer with a payTo was given, so foreign_recipient was not checked.');
  if (offers.withoutPayTo.length > 0) {
    flags.add('offer_unreadable');
    limitations.push(`Offers ${offers.withoutPayTo.map((i) => `#${i}`).join(', ')} give no readable payTo and take no part in the recipient check.`);
  }

  const critical = findings.filter((f) => f.severity === 'critical');
  const decision: Decision = critical.length > 0 ? 'replay_exposed' : findings.length > 0 ? 'needs_attention' : 'hygienic';
  const n = records.length;
  const confidence = n >= 100 ? 'high' : n >= 10 ? 'medium' : 'low';
  const duplicateKeys = groups.filter((g) => g.length > 1).length;
  const stats = { authorizations: n, unique_keys: groups.length, duplicate_keys: duplicateKeys, median_window_seconds: percentile(records.map((r) => r.window), 0.5)! };
  const listed = (list: ReplayFinding[]) => list.map((f) => `${f.code} (${f.count})`).join(', ');
  const scope = `${plural(n, 'authorization')}, ${plural(groups.length, 'payer+nonce key')}, ${duplicateKeys} reused`;
  const summary =
    decision === 'replay_exposed'
      ? `Replay exposed: ${listed(critical)}${findings.length > critical.length ? `; also ${listed(findings.filter((f) => f.severity !== 'critical'))}` : ''} across ${scope}.`
      : decision === 'needs_attention'
        ? `Needs attention: ${listed(findings)} across ${scope}.`
        : `Hygienic: ${scope}; no late, early, long-lived or foreign-recipient acceptance and no lenient offer.`;
  return x402Answer({ decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations }, { findings, stats });
}
