import type { CatalogEntryOf, RequestOf, ResultOf } from '@paysight/contracts';
import { listed } from '../listing.js';
import { micro, type Reasons } from '../verdict.js';
import { UNIT, fractionToDecimal, fromMicro } from './exact.js';

type Entry = CatalogEntryOf<'counterfactual_value_meter'>;
export type CounterfactualInput = RequestOf<Entry>;
export type CounterfactualResult = ResultOf<Entry>;
type Policy = NonNullable<CounterfactualInput['policy']>;
type Purchase = NonNullable<CounterfactualInput['purchase']>;

/** The policy's default where minimumConfidenceChange is null or left out (docs/tools/ext.md). */
export const COUNTERFACTUAL_DEFAULTS = { minimumConfidenceChange: 0.1 } as const;

/** What one mode found; index.ts turns it into the envelope fields. */
export interface ModeFindings {
  /** The runtime checks refused the request's states: nothing was measured. */
  failed: boolean;
  /** The mode's inputs are missing or incomplete. */
  insufficient: boolean;
  additions: Pick<CounterfactualResult, 'decisionChanged' | 'utilityDelta' | 'confidenceChange' | 'valueToCostRatio' | 'material' | 'attributions' | 'completeness'>;
  evidence: Record<string, unknown>;
  limitations: string[];
}

/** The additions of a mode that measured nothing yet. */
export const emptyAdditions = (): ModeFindings['additions'] => ({
  decisionChanged: null,
  utilityDelta: null,
  confidenceChange: null,
  valueToCostRatio: null,
  material: null,
  attributions: [],
  completeness: null,
});

/**
 * Every utility must lie on utilityScale, which must have a range. Adds a critical reason and
 * returns false when it does not. Without a scale nothing is checked; null values are skipped, and
 * only the utilities reported are labelled.
 */
export function withinScale(scale: CounterfactualInput['utilityScale'], utilities: readonly (bigint | null)[], labelOf: (index: number) => string, reasons: Reasons): boolean {
  if (!scale) return true;
  const [minimum, maximum] = [micro(scale.minimum), micro(scale.maximum)];
  if (minimum >= maximum) {
    reasons.add('utility_scale_invalid', 'critical', `utilityScale has no range: minimum ${scale.minimum} is not below maximum ${scale.maximum}.`);
    return false;
  }
  const outside: number[] = [];
  utilities.forEach((u, index) => {
    if (u !== null && (u < minimum || u > maximum)) outside.push(index);
  });
  if (outside.length) {
    reasons.add('utility_outside_scale', 'critical', `Utilities outside the scale [${scale.minimum}, ${scale.maximum}] (${outside.length}): ${listed(outside, 10, labelOf)}.`);
    return false;
  }
  return true;
}

/** The realized utility, when the outcome is available and carries one. */
export const realizedUtility = (input: CounterfactualInput): bigint | null =>
  input.observedOutcome?.available === true && input.observedOutcome.realizedUtility != null ? micro(input.observedOutcome.realizedUtility) : null;

/**
 * Records the observed outcome beside the expectation it can be compared with. One outcome is one
 * draw: it is reported, never used to judge the evidence, and it says nothing about what the other
 * option would have given.
 */
export function noteOutcome(input: CounterfactualInput, expected: { label: string; utility: bigint } | null, reasons: Reasons): Record<string, unknown> | null {
  const outcome = input.observedOutcome;
  if (!outcome) return null;
  if (outcome.available !== true) {
    reasons.add('outcome_not_available', 'info', 'No outcome is available yet; the measure rests on expected utilities alone.');
    return { available: outcome.available ?? null };
  }
  const realized = realizedUtility(input);
  if (realized === null || !expected) {
    reasons.add('outcome_observed', 'info', `An outcome was observed (${outcome.outcomeHash}) without a realized utility to compare.`);
    return { available: true, outcomeHash: outcome.outcomeHash, realizedUtility: null };
  }
  const gap = realized - expected.utility;
  reasons.add(
    'outcome_observed',
    'info',
    `The realized utility ${fromMicro(realized)} is ${fromMicro(gap)} from the ${fromMicro(expected.utility)} expected of ${expected.label}. One outcome neither confirms the estimate nor shows what another choice would have given.`,
  );
  return { available: true, outcomeHash: outcome.outcomeHash, realizedUtility: fromMicro(realized), expectedUtility: fromMicro(expected.utility), realizedMinusExpected: fromMicro(gap) };
}

/** The value of the evidence in millionths, as an exact fraction: scaled / per (per > 0). */
export interface ExactValue {
  scaled: bigint;
  per: bigint;
}

/**
 * value / purchase.cost against policy.minimumValueToCostRatio, compared exactly (in millionths:
 * scaled x 10^6 >= minimum x cost x per). Returns the ratio, or null without a purchase.
 */
export function judgeValueToCost(value: ExactValue, valueLabel: string, purchase: Purchase | undefined, policy: Policy, reasons: Reasons): string | null {
  if (!purchase) {
    reasons.add('no_purchase', 'info', 'No purchase was given: the value is not weighed against a cost.');
    return null;
  }
  const cost = micro(purchase.cost);
  const minimum = micro(policy.minimumValueToCostRatio);
  const ratio = fractionToDecimal(value.scaled, cost * value.per);
  const shown = `${valueLabel} is ${fractionToDecimal(value.scaled, value.per * UNIT)} for ${purchase.cost} USDC: ${ratio} per USDC`;
  if (value.scaled * UNIT >= minimum * cost * value.per) reasons.add('value_to_cost_met', 'info', `${shown}, at least the ${policy.minimumValueToCostRatio} the policy asks.`);
  else reasons.add('value_to_cost_below_minimum', 'warning', `${shown}, below the ${policy.minimumValueToCostRatio} the policy asks.`);
  return ratio;
}

export const absolute = (x: bigint): bigint => (x < 0n ? -x : x);

/** Members of the request the mode does not read, so the caller knows they had no effect. */
export function ignoredFields(input: CounterfactualInput, fields: readonly (keyof CounterfactualInput)[], reasons: Reasons): void {
  const present = fields.filter((f) => input[f] !== undefined);
  if (present.length) reasons.add('fields_ignored_for_mode', 'info', `${input.mode} does not use ${present.join(', ')}.`);
}
