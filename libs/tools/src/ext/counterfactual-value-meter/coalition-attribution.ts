import { hashKey } from '../union-find.js';
import { listed } from '../listing.js';
import { micro, type Reasons } from '../verdict.js';
import { UNIT, fractionToDecimal, fromMicro, reducedFraction } from './exact.js';
import { emptyAdditions, absolute, ignoredFields, judgeValueToCost, noteOutcome, realizedUtility, withinScale, type CounterfactualInput, type ModeFindings } from './rules.js';
import { LISTED, coalitionTable, membersOf, shapley } from './shapley.js';

const LIMITATIONS = [
  'Attributes the utilities the caller gave for each coalition; it makes no causal claim: how each coalition utility was obtained is taken as given.',
  'Shapley values average each item\'s marginal contribution over every order of arrival; they say how the total gain is shared under that rule, not what any item would add to one particular set.',
  'Shown values are rounded to six fractional digits; exactValue carries each one exactly, and the efficiency check is made on the exact values.',
];

const coalitionLabel = (ids: string[]) => `{${ids.join(', ')}}`;

/**
 * coalition_attribution: exact Shapley values of 2 to 12 evidence items from v(S), the utility of
 * the decision made with each coalition S of them. Every coalition, the empty one (no evidence)
 * included, must be given exactly once: the Shapley value needs all 2^n of them.
 */
export function analyzeCoalitions(input: CounterfactualInput, reasons: Reasons): ModeFindings {
  ignoredFields(input, ['baselineDecision', 'updatedDecision'], reasons);
  const { evidenceItems: items, coalitionUtilities: entries, policy, purchase } = input;
  if (!items || !entries) {
    const missing = (['evidenceItems', 'coalitionUtilities'] as const).filter((f) => !input[f]);
    reasons.add('coalition_inputs_missing', 'warning', `coalition_attribution needs evidenceItems and coalitionUtilities; missing: ${missing.join(', ')}.`);
    return { failed: false, insufficient: true, additions: emptyAdditions(), evidence: { missingFields: missing }, limitations: LIMITATIONS };
  }

  const ids = items.map((i) => i.evidenceItemId);
  const repeatedItems = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (repeatedItems.length) {
    reasons.add('duplicate_evidence_items', 'critical', `evidenceItems lists ids more than once: ${listed([...new Set(repeatedItems)])}.`);
    return { failed: true, insufficient: false, additions: emptyAdditions(), evidence: { evidenceItems: ids.length }, limitations: LIMITATIONS };
  }

  const table = coalitionTable(ids, entries.map((e) => ({ coalitionIds: e.coalitionIds, utility: micro(e.utility) })));
  const completeness = {
    complete: !table.missing.length && !table.duplicates.length && !table.unknownIds.length && !table.malformed.length,
    expectedCoalitions: 2 ** ids.length,
    suppliedCoalitions: entries.length,
    missingCount: table.missing.length,
    missingCoalitions: table.missing.slice(0, LISTED).map((m) => membersOf(m, ids)),
    duplicateCoalitions: table.duplicates.slice(0, LISTED).map((m) => membersOf(m, ids)),
    unknownEvidenceItemIds: table.unknownIds.slice(0, LISTED),
    malformedEntries: table.malformed.slice(0, LISTED),
  };
  if (table.unknownIds.length) reasons.add('unknown_evidence_item_ids', 'critical', `coalitionIds name items that are not in evidenceItems: ${listed(table.unknownIds)}.`);
  if (table.malformed.length) reasons.add('malformed_coalitions', 'critical', `coalitionUtilities entries that list one id twice, by index: ${listed(table.malformed)}.`);
  if (table.duplicates.length) reasons.add('duplicate_coalitions', 'critical', `Coalitions given more than once (${table.duplicates.length}): ${listed(table.duplicates, 10, (m) => coalitionLabel(membersOf(m, ids)))}.`);

  const purchased = purchase ? items.findIndex((i) => i.evidenceItemId === purchase.evidenceItemId) : -1;
  if (purchase && purchased < 0) reasons.add('purchase_item_not_in_evidence', 'critical', `The purchased item ${purchase.evidenceItemId} is not one of the evidence items.`);
  else if (purchase && hashKey(items[purchased]!.evidenceHash) !== hashKey(purchase.evidenceHash)) {
    reasons.add('purchase_evidence_hash_mismatch', 'critical', `The purchase's evidenceHash differs from that of evidence item ${purchase.evidenceItemId}.`);
  }
  const realized = realizedUtility(input);
  // Coalition masks, then the realized utility at index 2^n.
  const scaled = withinScale(input.utilityScale, [...table.values, realized], (i) => (i === table.values.length ? 'observedOutcome.realizedUtility' : coalitionLabel(membersOf(i, ids))), reasons);
  if (reasons.has('critical') || !scaled) {
    return { failed: true, insufficient: false, additions: { ...emptyAdditions(), completeness }, evidence: { evidenceItems: ids.length }, limitations: LIMITATIONS };
  }
  if (table.missing.length) {
    reasons.add('coalitions_missing', 'warning', `Coalitions without a utility: ${table.missing.length} of ${2 ** ids.length}, so no Shapley value can be computed. Missing: ${listed(table.missing, 10, (m) => coalitionLabel(membersOf(m, ids)))}.`);
    return { failed: false, insufficient: true, additions: { ...emptyAdditions(), completeness }, evidence: { evidenceItems: ids.length }, limitations: LIMITATIONS };
  }

  const v = table.values as bigint[];
  const all = (1 << ids.length) - 1;
  const totalGain = v[all]! - v[0]!;
  const phi = shapley(ids.length, v);
  const denominator = phi.denominator * UNIT;
  const sum = phi.scaled.reduce((a, b) => a + b, 0n);
  const attributions = ids.map((id, i) => ({
    evidenceItemId: id,
    shapleyValue: fractionToDecimal(phi.scaled[i]!, denominator),
    exactValue: reducedFraction(phi.scaled[i]!, denominator),
    share: totalGain === 0n ? null : Number(fractionToDecimal(phi.scaled[i]!, phi.denominator * totalGain, 4)),
    standaloneValue: fromMicro(v[1 << i]! - v[0]!),
    marginalRange: { min: fromMicro(phi.minMarginal[i]!), max: fromMicro(phi.maxMarginal[i]!) },
  }));
  const ranked = ids.map((id, i) => ({ id, scaled: phi.scaled[i]! })).sort((a, b) => (b.scaled > a.scaled ? 1 : b.scaled < a.scaled ? -1 : a.id < b.id ? -1 : 1));
  reasons.add('attribution_computed', 'info', `All ${2 ** ids.length} coalitions given; the evidence together moves utility by ${fromMicro(totalGain)}, and ${ranked[0]!.id} contributes most (${fractionToDecimal(ranked[0]!.scaled, denominator)}).`);

  const outcome = noteOutcome(input, { label: 'the decision with all evidence items', utility: v[all]! }, reasons);
  const evidence: Record<string, unknown> = {
    evidenceItems: ids.length,
    emptyCoalitionUtility: fromMicro(v[0]!),
    grandCoalitionUtility: fromMicro(v[all]!),
    efficiency: { totalGain: fromMicro(totalGain), sumOfShapleyValues: reducedFraction(sum, denominator), holds: sum === phi.denominator * totalGain },
    marginalContributions: ids.length * 2 ** (ids.length - 1),
    utilityScale: input.utilityScale ?? null,
    purchase: purchase ? { purchaseId: purchase.purchaseId, cost: purchase.cost, evidenceItemId: purchase.evidenceItemId, sourceReceiptHash: purchase.sourceReceiptHash } : null,
    outcome,
  };
  const measured = { ...emptyAdditions(), attributions, completeness };
  const limitations = input.utilityScale ? LIMITATIONS : [...LIMITATIONS, 'No utilityScale was given: utilities were not checked against a range.'];
  if (!policy) {
    reasons.add('policy_missing', 'warning', 'Without a policy the attribution cannot be judged material or worth its cost.');
    return { failed: false, insufficient: true, additions: measured, evidence, limitations };
  }
  if (policy.minimumConfidenceChange != null) limitations.push('minimumConfidenceChange is not used in coalition_attribution: coalitions carry no confidence.');

  const minimum = micro(policy.minimumMaterialUtilityChange);
  // A value scaled / per (in millionths) is material when |scaled / per| >= minimum: |scaled| >= minimum x per, exactly.
  const isMaterial = (scaled: bigint, per: bigint) => absolute(scaled) >= minimum * per;
  const negative = ids.filter((_, i) => phi.scaled[i]! < 0n && isMaterial(phi.scaled[i]!, phi.denominator) && i !== purchased);
  if (negative.length) reasons.add('negative_contribution', 'warning', `Items whose Shapley value lowers utility by at least ${policy.minimumMaterialUtilityChange}: ${listed(negative)}.`);

  // The value judged: the purchased item's Shapley value, or without a purchase the gain of all the evidence.
  const judged =
    purchased >= 0
      ? { scaled: phi.scaled[purchased]!, per: phi.denominator, label: `The Shapley value of the purchased item ${purchase!.evidenceItemId}` }
      : { scaled: totalGain, per: 1n, label: 'The gain of all the evidence together' };
  const value = fractionToDecimal(judged.scaled, judged.per * UNIT);
  const material = isMaterial(judged.scaled, judged.per);
  if (purchased >= 0 && judged.scaled < 0n && material) reasons.add('purchased_evidence_lowered_utility', 'critical', `${judged.label} is ${value}: on average over coalitions it lowers the decision's utility.`);
  else if (material) reasons.add('evidence_material', 'info', `${judged.label} is ${value}, at least ${policy.minimumMaterialUtilityChange} in size.`);
  else reasons.add('evidence_not_material', 'warning', `${judged.label} is ${value}, below the ${policy.minimumMaterialUtilityChange} the policy calls material.`);
  const valueToCostRatio = judgeValueToCost(judged, judged.label, purchase, policy, reasons);
  return {
    failed: false,
    insufficient: false,
    additions: { ...measured, valueToCostRatio, material },
    evidence: { ...evidence, policyApplied: policy },
    limitations,
  };
}
