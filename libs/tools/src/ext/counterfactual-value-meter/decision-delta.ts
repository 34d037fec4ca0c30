import { hashKey } from '../union-find.js';
import { listed } from '../listing.js';
import { micro, type Reasons } from '../verdict.js';
import { fromMicro } from './exact.js';
import { COUNTERFACTUAL_DEFAULTS, emptyAdditions, absolute, ignoredFields, judgeValueToCost, noteOutcome, realizedUtility, withinScale, type CounterfactualInput, type ModeFindings } from './rules.js';

type State = NonNullable<CounterfactualInput['baselineDecision']>;
interface Option {
  utility: bigint;
  confidence: number;
}

const LIMITATIONS = [
  'Compares two decision states the caller supplied; it makes no causal claim: the utilities, confidences and the link between the evidence and the update are taken as given.',
  'The value of the evidence is the gain of the changed choice under the updated state; evidence that only confirms a choice has no decision value, whatever it did to confidence.',
  'An observed outcome is one draw of the chosen option; the outcome of the option not chosen is never observed.',
];

const roundConfidence = (x: number) => Math.round(x * 1e6) / 1e6;

/** The highest expected utility; ties go to the lowest optionId so the order of options does not matter. */
function bestOf(options: ReadonlyMap<string, Option>): string {
  let best: string | null = null;
  for (const [id, o] of options) {
    const current = best === null ? null : options.get(best)!;
    if (!current || o.utility > current.utility || (o.utility === current.utility && id < best!)) best = id;
  }
  return best!;
}

/** A state's options by id, or the runtime check it fails (ids listed twice, selection not among them). */
function readState(name: string, state: State, reasons: Reasons): Map<string, Option> | null {
  const options = new Map<string, Option>();
  const repeated: string[] = [];
  for (const o of state.options) {
    if (options.has(o.optionId)) repeated.push(o.optionId);
    else options.set(o.optionId, { utility: micro(o.expectedUtility), confidence: o.confidence });
  }
  if (repeated.length) reasons.add('duplicate_option_ids', 'critical', `${name} lists options more than once: ${listed(repeated)}.`);
  if (!options.has(state.selectedOptionId)) reasons.add('selected_option_unknown', 'critical', `${name} selects ${state.selectedOptionId}, which is not among its options.`);
  return repeated.length || !options.has(state.selectedOptionId) ? null : options;
}

/**
 * decision_delta: the same options before and after one piece of evidence. The decision value is
 * u'(s') - u'(s): under the updated state, what the new selection s' gains over the old selection s.
 * O(options).
 */
export function analyzeDecisionDelta(input: CounterfactualInput, reasons: Reasons): ModeFindings {
  ignoredFields(input, ['evidenceItems', 'coalitionUtilities'], reasons);
  const { baselineDecision: baseline, updatedDecision: updated, policy, purchase } = input;
  const missing = (['baselineDecision', 'updatedDecision'] as const).filter((f) => !input[f]);
  if (!baseline || !updated) {
    reasons.add('decision_states_missing', 'warning', `decision_delta compares two decision states; missing: ${missing.join(', ')}.`);
    return { failed: false, insufficient: true, additions: emptyAdditions(), evidence: { missingFields: missing }, limitations: LIMITATIONS };
  }

  const before = readState('baselineDecision', baseline, reasons);
  const after = readState('updatedDecision', updated, reasons);
  if (before && after) {
    const onlyBefore = [...before.keys()].filter((id) => !after.has(id)).sort();
    const onlyAfter = [...after.keys()].filter((id) => !before.has(id)).sort();
    if (onlyBefore.length || onlyAfter.length) {
      reasons.add('option_sets_differ', 'critical', `The two states must rank the same options. Only in baselineDecision: ${listed(onlyBefore) || 'none'}; only in updatedDecision: ${listed(onlyAfter) || 'none'}.`);
    }
  }
  const realized = realizedUtility(input);
  const checked: [label: string, utility: bigint | null][] = [
    ...[...(before ?? [])].map(([id, o]): [string, bigint] => [`baselineDecision.${id}`, o.utility]),
    ...[...(after ?? [])].map(([id, o]): [string, bigint] => [`updatedDecision.${id}`, o.utility]),
    ['observedOutcome.realizedUtility', realized],
  ];
  const scaled = withinScale(input.utilityScale, checked.map(([, u]) => u), (i) => checked[i]![0], reasons);
  if (!before || !after || reasons.has('critical') || !scaled) {
    return { failed: true, insufficient: false, additions: emptyAdditions(), evidence: { baselineSnapshotHash: baseline.snapshotHash, updatedSnapshotHash: updated.snapshotHash }, limitations: LIMITATIONS };
  }

  const s = baseline.selectedOptionId;
  const s2 = updated.selectedOptionId;
  const [best, best2] = [bestOf(before), bestOf(after)];
  const u = (options: Map<string, Option>, id: string) => options.get(id)!.utility;
  const selectedDelta = u(after, s2) - u(before, s);
  const bestDelta = u(after, best2) - u(before, best);
  const decisionValue = u(after, s2) - u(after, s);
  const gapToBest = u(after, best2) - u(after, s2);
  const confidenceChange = roundConfidence(after.get(s2)!.confidence - before.get(s)!.confidence);
  const changed = s !== s2;

  if (hashKey(baseline.snapshotHash) === hashKey(updated.snapshotHash)) {
    reasons.add('snapshot_unchanged', 'warning', 'Both states carry the same snapshotHash: the update may not reflect the evidence.');
  }
  if (changed) reasons.add('decision_changed', 'info', `The evidence changed the selection from ${s} to ${s2}; under the updated state ${s2} is worth ${fromMicro(decisionValue)} more than ${s}.`);
  else reasons.add('decision_unchanged', 'info', `The selection stayed ${s}; its expected utility moved by ${fromMicro(selectedDelta)} and its confidence by ${confidenceChange}.`);

  const outcome = noteOutcome(input, { label: `the updated selection ${s2}`, utility: u(after, s2) }, reasons);
  const optionDeltas = [...after.keys()].sort().map((id) => ({
    optionId: id,
    baselineUtility: fromMicro(u(before, id)),
    updatedUtility: fromMicro(u(after, id)),
    delta: fromMicro(u(after, id) - u(before, id)),
    baselineConfidence: before.get(id)!.confidence,
    updatedConfidence: after.get(id)!.confidence,
  }));
  const evidence: Record<string, unknown> = {
    baselineSelection: s,
    updatedSelection: s2,
    baselineBest: best,
    updatedBest: best2,
    gapToBest: fromMicro(gapToBest),
    baselineSnapshotHash: baseline.snapshotHash,
    updatedSnapshotHash: updated.snapshotHash,
    optionDeltas,
    utilityScale: input.utilityScale ?? null,
    purchase: purchase ? { purchaseId: purchase.purchaseId, cost: purchase.cost, evidenceItemId: purchase.evidenceItemId, evidenceHash: purchase.evidenceHash, sourceReceiptHash: purchase.sourceReceiptHash } : null,
    outcome,
  };
  const measured = {
    ...emptyAdditions(),
    decisionChanged: changed,
    utilityDelta: { selected: fromMicro(selectedDelta), best: fromMicro(bestDelta), decisionValue: fromMicro(decisionValue) },
    confidenceChange,
  };
  const limitations = input.utilityScale ? LIMITATIONS : [...LIMITATIONS, 'No utilityScale was given: utilities were not checked against a range.'];

  if (!policy) {
    reasons.add('policy_missing', 'warning', 'Without a policy the change cannot be judged material or worth its cost.');
    return { failed: false, insufficient: true, additions: measured, evidence, limitations };
  }
  const minimumUtility = micro(policy.minimumMaterialUtilityChange);
  const minimumConfidence = policy.minimumConfidenceChange ?? COUNTERFACTUAL_DEFAULTS.minimumConfidenceChange;
  if (changed && decisionValue < 0n && -decisionValue >= minimumUtility) {
    reasons.add('decision_regression', 'critical', `By the updated state's own utilities, the new selection ${s2} is ${fromMicro(-decisionValue)} worse than the old selection ${s} (material from ${policy.minimumMaterialUtilityChange}).`);
  }
  if (gapToBest > 0n && gapToBest >= minimumUtility) {
    reasons.add('updated_selection_not_best', 'warning', `The updated state ranks ${best2} ${fromMicro(gapToBest)} above the selected ${s2}.`);
  }
  const grounds = [
    ...(changed ? ['the selection changed'] : []),
    ...(absolute(selectedDelta) >= minimumUtility ? [`the selected option's expected utility moved by ${fromMicro(selectedDelta)} (material from ${policy.minimumMaterialUtilityChange})`] : []),
    ...(Math.abs(confidenceChange) >= minimumConfidence ? [`its confidence moved by ${confidenceChange} (material from ${minimumConfidence})`] : []),
  ];
  if (grounds.length) reasons.add('evidence_material', 'info', `The evidence is material: ${grounds.join('; ')}.`);
  else reasons.add('evidence_not_material', 'warning', `The evidence moved neither the selection, nor its utility by ${policy.minimumMaterialUtilityChange}, nor its confidence by ${minimumConfidence}.`);
  const valueToCostRatio = judgeValueToCost({ scaled: decisionValue, per: 1n }, 'The decision value', purchase, policy, reasons);

  return {
    failed: false,
    insufficient: false,
    additions: { ...measured, valueToCostRatio, material: grounds.length > 0 },
    evidence: { ...evidence, policyApplied: { ...policy, minimumConfidenceChange: minimumConfidence } },
    limitations,
  };
}
