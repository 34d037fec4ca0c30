import type { CatalogEntryOf, RequestOf, ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { parseExact } from '../exact-decimal.js';
import { pointer } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_partial_work_charge_boundary_tester'>;
export type ChargeBoundaryInput = RequestOf<Entry>;
export type ChargeBoundaryResult = ResultOf<Entry>;
type Decision = ChargeBoundaryResult['decision'];
type Verdict = ChargeBoundaryResult['cases'][number]['verdict'];
type Policy = ChargeBoundaryInput['policy'];
type CaseIn = ChargeBoundaryInput['cases'][number];

/** What the declared rule earns for one case, and why. */
interface Expectation {
  charge: bigint;
  reason: string;
}

const is2xx = (status: number) => status >= 200 && status < 300;

/**
 * The rule applied to one case. A threshold rule without partial_threshold is read as 1 (full
 * completion), the strictest reading; the decision is policy_ambiguous either way.
 */
function expectedCharge(policy: Policy, c: CaseIn): Expectation {
  const price = BigInt(c.price_atomic);
  if (!is2xx(c.http_status)) return { charge: 0n, reason: `status ${c.http_status} is not 2xx` };
  const share = `${c.completed_units}/${c.total_units} units`;
  switch (policy.charge_rule) {
    case 'any_2xx':
      return { charge: price, reason: `status ${c.http_status}` };
    case 'full_success_only': {
      if (c.completed_units < c.total_units) return { charge: 0n, reason: `${share}: not complete` };
      const flags = c.flags ?? [];
      return flags.length > 0 ? { charge: 0n, reason: `flagged ${flags.join(', ')}` } : { charge: price, reason: `${share}, no flags` };
    }
    case 'threshold': {
      const limit = parseExact(String(policy.partial_threshold ?? 1))!;
      const met = BigInt(c.completed_units) * 10n ** BigInt(limit.scale) >= limit.n * BigInt(c.total_units);
      return { charge: met ? price : 0n, reason: `${share} ${met ? 'meets' : 'is below'} threshold ${policy.partial_threshold ?? '1 (assumed)'}` };
    }
    case 'proportional':
      return { charge: (price * BigInt(c.completed_units)) / BigInt(c.total_units), reason: `floor(${c.price_atomic} × ${share})` };
  }
}

/** What the settlement moved: the stated amount, the price when a settled case omits it, else nothing. */
function observedCharge(c: CaseIn, flags: Set<string>): { charge: bigint; note: string | null } {
  if (!c.settled) {
    if (c.settled_amount_atomic !== undefined && BigInt(c.settled_amount_atomic) > 0n) {
      flags.add('amount_without_settlement');
      return { charge: 0n, note: `unsettled, its settled_amount_atomic ${c.settled_amount_atomic} ignored` };
    }
    return { charge: 0n, note: null };
  }
  if (c.settled_amount_atomic === undefined) {
    flags.add('settled_amount_missing');
    return { charge: BigInt(c.price_atomic), note: 'settled amount not given, the price assumed' };
  }
  return { charge: BigInt(c.settled_amount_atomic), note: null };
}

function verdictOf(c: CaseIn, expected: bigint, observed: bigint): Verdict {
  if (!is2xx(c.http_status) && observed > 0n) return 'charged_on_error';
  return observed > expected ? 'overcharge' : observed < expected ? 'undercharge' : 'correct';
}

/** Why the declared policy cannot be applied as written (empty when it can). */
function policyProblems(policy: Policy, flags: Set<string>): string[] {
  const problems: string[] = [];
  if (policy.charge_rule === 'proportional' && policy.scheme === 'exact') {
    flags.add('proportional_with_exact');
    problems.push('proportional charging with scheme exact, which settles the whole price or nothing');
  }
  if (policy.charge_rule === 'threshold' && policy.partial_threshold === undefined) {
    flags.add('threshold_missing');
    problems.push('charge_rule threshold without partial_threshold (cases judged against 1)');
  }
  if (policy.charge_rule !== 'threshold' && policy.partial_threshold !== undefined) flags.add('partial_threshold_ignored');
  return problems;
}

const NEXT_ACTION: Record<Decision, string> = {
  policy_ambiguous: 'Fix the charge rule first: use scheme upto for proportional charging, or declare partial_threshold for a threshold rule; then test the cases again.',
  overcharges_found: 'Refund the overcharged and charged_on_error cases, and stop settling before the handler knows the outcome (settle after a complete 2xx under exact).',
  undercharges_only: 'No buyer was overcharged; check the undercharged cases for settlements that failed or were skipped, and whether the rule is what you meant to declare.',
  boundary_respected: 'Every charge matches the declared rule; keep these cases as regression tests for the charging path.',
};

export function analyzeChargeBoundary(input: ChargeBoundaryInput): ToolOutput<ChargeBoundaryResult> {
  const flags = new Set<string>();
  const problems = policyProblems(input.policy, flags);
  let overcharged = 0n;
  let undercharged = 0n;
  const counts: Record<Verdict, number> = { correct: 0, overcharge: 0, undercharge: 0, charged_on_error: 0 };
  const cases = input.cases.map((c, index) => {
    const expected = expectedCharge(input.policy, c);
    const observed = observedCharge(c, flags);
    const verdict = verdictOf(c, expected.charge, observed.charge);
    counts[verdict] += 1;
    if (observed.charge > expected.charge) overcharged += observed.charge - expected.charge;
    else undercharged += expected.charge - observed.charge;
    if (verdict !== 'correct') flags.add(verdict);
    if (input.policy.scheme === 'exact' && c.settled && observed.charge !== 0n && observed.charge !== BigInt(c.price_atomic)) flags.add('exact_amount_not_price');
    const reason = [`${pointer('cases', index)}: ${expected.reason}`, observed.note].filter(Boolean).join('; ');
    return { case_id: c.case_id, expected_charge_atomic: expected.charge.toString(), observed_charge_atomic: observed.charge.toString(), verdict, reason };
  });

  const decision: Decision = problems.length > 0 ? 'policy_ambiguous' : counts.overcharge + counts.charged_on_error > 0 ? 'overcharges_found' : counts.undercharge > 0 ? 'undercharges_only' : 'boundary_respected';
  const limitations = [
    'Outcomes and settlements are the caller\'s records; no response body or chain is read.',
    'Units and flags are judged as recorded: whether the work was really complete is not visible here.',
  ];
  if (problems.length > 0) limitations.push(`The policy is ambiguous: ${problems.join('; ')}.`);
  if (flags.has('settled_amount_missing')) limitations.push('Some settled cases carry no settled amount; the price was assumed for them.');
  const tally = (Object.entries(counts) as [Verdict, number][]).filter(([, n]) => n > 0).map(([v, n]) => `${n} ${v}`);
  return x402Answer(
    {
      decision,
      confidence: 'high',
      summary: `${input.cases.length} case(s) under ${input.policy.charge_rule}/${input.policy.scheme}: ${tally.join(', ')}; overcharged ${overcharged} atomic, undercharged ${undercharged} atomic (${decision}).`,
      riskFlags: flags,
      nextAction: NEXT_ACTION[decision],
      limitations,
    },
    { cases, totals: { overcharged_atomic: overcharged.toString(), undercharged_atomic: undercharged.toString() } },
  );
}
