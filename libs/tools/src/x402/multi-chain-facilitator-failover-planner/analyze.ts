import type { CatalogEntryOf, RequestOf, ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { distinctNetworks } from '../networks.js';
import { signersFor, supportedKinds, supportsKind, type SupportedKind } from '../supported.js';

type Entry = CatalogEntryOf<'x402_multi_chain_facilitator_failover_planner'>;
export type FailoverPlannerInput = RequestOf<Entry>;
export type FailoverPlannerResult = ResultOf<Entry>;
type Decision = FailoverPlannerResult['decision'];
type PlanEntry = FailoverPlannerResult['plan'][number];
type Facilitator = FailoverPlannerInput['facilitators'][number];

/** The availability assumed when a facilitator states none (design sheet §26). */
const ASSUMED_AVAILABILITY = 0.99;

interface Candidate {
  index: number;
  facilitator: Facilitator;
  availability: number;
  signers: string[];
  /** Failure domain id: the smallest input index of the facilitators it shares a signer with, transitively. */
  domain: number;
}

/** Facilitators sharing any signer for the network are one failure domain (the same operator keys); union-find over the eligible set. */
function assignDomains(candidates: Candidate[]): void {
  const parent = new Map(candidates.map((c) => [c.index, c.index]));
  const root = (i: number): number => {
    let r = i;
    while (parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  const owner = new Map<string, number>();
  for (const c of candidates) {
    for (const signer of c.signers) {
      const other = owner.get(signer);
      if (other === undefined) owner.set(signer, c.index);
      else {
        const [a, b] = [root(other), root(c.index)];
        if (a !== b) parent.set(Math.max(a, b), Math.min(a, b));
      }
    }
  }
  for (const c of candidates) c.domain = root(c.index);
}

/** Availability desc, then settle p95 asc (absent last), then label, then input order. */
function byPreference(x: Candidate, y: Candidate): number {
  if (x.availability !== y.availability) return y.availability - x.availability;
  const px = x.facilitator.settle_p95_ms ?? Number.POSITIVE_INFINITY;
  const py = y.facilitator.settle_p95_ms ?? Number.POSITIVE_INFINITY;
  if (px !== py) return px < py ? -1 : 1;
  const [lx, ly] = [x.facilitator.label, y.facilitator.label];
  return lx < ly ? -1 : lx > ly ? 1 : x.index - y.index;
}

/** Fallbacks after the primary: the first member of every other domain, then the rest of the other domains, then the primary's own domain (all in preference order). */
function fallbackOrder(primary: Candidate, rest: Candidate[]): Candidate[] {
  const others = rest.filter((c) => c.domain !== primary.domain);
  const firsts = others.filter((c, i) => others.findIndex((o) => o.domain === c.domain) === i);
  return [...firsts, ...others.filter((c) => !firsts.includes(c)), ...rest.filter((c) => c.domain === primary.domain)];
}

function planNetwork(input: FailoverPlannerInput, kindsOf: readonly (SupportedKind[] | null)[], network: string, flags: Set<string>): PlanEntry {
  const candidates: Candidate[] = [];
  input.facilitators.forEach((facilitator, index) => {
    const kinds = kindsOf[index]!;
    if (kinds === null || !supportsKind(kinds, input.x402_version, input.scheme, network)) return;
    const signers = signersFor(facilitator.supported, network);
    if (signers.length === 0) flags.add('signers_unlisted');
    candidates.push({ index, facilitator, availability: facilitator.availability_ratio ?? ASSUMED_AVAILABILITY, signers, domain: index });
  });
  if (candidates.length === 0) return { network, primary: null, fallbacks: [], domains: 0, spof: false, shared_signer_with: [] };
  assignDomains(candidates);
  candidates.sort(byPreference);
  const [primary, ...rest] = candidates as [Candidate, ...Candidate[]];
  const domains = new Set(candidates.map((c) => c.domain)).size;
  return {
    network,
    primary: primary.facilitator.label,
    fallbacks: fallbackOrder(primary, rest)
      .slice(0, input.max_fallbacks)
      .map((c) => c.facilitator.label),
    domains,
    spof: domains === 1,
    shared_signer_with: rest.filter((c) => c.domain === primary.domain).map((c) => c.facilitator.label),
  };
}

/** When failing over is safe, by stage (design sheet §26, rule 5). */
const FAILOVER_RULES: FailoverPlannerResult['failover_rules'] = [
  { stage: 'verify_error_or_timeout', action: 'Fail over now: nothing was submitted on chain, so the same signed payment can go to the next facilitator.' },
  {
    stage: 'settle_timeout',
    action: 'Fail over only after authorizationState(from, nonce) on the token reads unused, or once valid_before has passed; until then the first facilitator may still settle it and a second settle would fail or double-charge a fresh authorization.',
  },
];

const NEXT_ACTION: Record<Decision, string> = {
  uncovered_network: 'Some networks have no facilitator that supports them for this version and scheme: add one, or stop accepting those networks.',
  single_points_of_failure: 'Every network depends on one failure domain: add a facilitator with its own signer keys on each network before relying on failover.',
  partially_resilient: 'Add a facilitator in an independent failure domain on the networks marked spof; keep the others as planned.',
  resilient: 'Configure the primaries and fallbacks as planned and apply the failover rules: settle timeouts fail over only once the authorization is provably unused or expired.',
};

const LIMITATIONS = [
  'The /supported answers are taken as submitted: nothing was fetched, so support may have changed.',
  'Failure domains are inferred from shared signer addresses only; shared hosting, RPC providers or operators with distinct keys are not visible.',
  'The settle-timeout rule is stated for EIP-3009 authorizations (authorizationState); for Permit2 or Solana payments check that method\'s own nonce or transaction status.',
];

/** x402-multi-chain-facilitator-failover-planner (design sheet §26). */
export function analyzeFailoverPlan(input: FailoverPlannerInput): ToolOutput<FailoverPlannerResult> {
  const flags = new Set<string>();
  const networks = distinctNetworks(input.networks, flags);
  const kindsOf = input.facilitators.map((f) => supportedKinds(f.supported));
  if (kindsOf.includes(null)) flags.add('supported_unreadable');
  const plan = networks.map((network) => planNetwork(input, kindsOf, network, flags));
  for (const entry of plan) {
    if (entry.primary === null) flags.add('uncovered_network');
    else if (entry.spof) flags.add('single_point_of_failure');
  }
  if (input.facilitators.some((f) => f.availability_ratio === undefined)) flags.add('availability_assumed');

  const covered = plan.filter((p) => p.primary !== null);
  const decision: Decision = covered.length < plan.length ? 'uncovered_network' : plan.every((p) => p.spof) ? 'single_points_of_failure' : plan.some((p) => p.spof) ? 'partially_resilient' : 'resilient';
  const confidence = input.facilitators.every((f) => f.availability_ratio !== undefined) && !flags.has('signers_unlisted') ? 'high' : 'medium';
  const list = (entries: PlanEntry[]) => entries.map((p) => p.network).join(', ');
  const uncovered = plan.filter((p) => p.primary === null);
  const spof = plan.filter((p) => p.spof);
  const summary = `${decision.replaceAll('_', ' ')} across ${plan.length} network${plan.length === 1 ? '' : 's'} and ${input.facilitators.length} facilitator${input.facilitators.length === 1 ? '' : 's'}: ${uncovered.length} uncovered${uncovered.length ? ` (${list(uncovered)})` : ''}, ${spof.length} single point${spof.length === 1 ? '' : 's'} of failure${spof.length ? ` (${list(spof)})` : ''}.`;
  return x402Answer({ decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations: [...LIMITATIONS] }, { plan, failover_rules: FAILOVER_RULES });
}
