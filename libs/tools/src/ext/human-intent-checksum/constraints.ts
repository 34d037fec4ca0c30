import type { humanIntent, proposedAction } from '@paysight/contracts';
import type { z } from 'zod';
import { networkKey } from '../identifiers.js';
import { identifierKey } from '../union-find.js';
import { micro, usdc, type Severity } from '../verdict.js';

export type HumanIntent = z.output<typeof humanIntent>;
export type ProposedAction = z.output<typeof proposedAction>;

/** One constraint of the intent held against the proposed action. */
export interface ConstraintCheck {
  constraint: string;
  allowed: string | string[];
  actual: string | null;
  /** null when the action does not state the field, so the constraint cannot be checked. */
  ok: boolean | null;
  /** The violation code when ok is false, or the code of the gap when ok is null. */
  code?: string;
  severity?: Severity;
  message?: string;
}

/** Purposes are labels: compared without case and with runs of white space as one space. */
const purposeKey = (purpose: string) => purpose.trim().replace(/\s+/g, ' ').toLowerCase();
/** An allowed resource is exact, or a prefix when it ends in `*`. */
const resourceMatches = (pattern: string, resource: string) => (pattern.endsWith('*') ? resource.startsWith(pattern.slice(0, -1)) : resource === pattern);

/**
 * Holds the action against each constraint the intent sets. Allow-lists are hash sets (payees,
 * networks), resources a scan of at most 100 patterns: O(P + N + R x L) for P payees, N networks and
 * R resource patterns of length L.
 */
export function checkAction(intent: HumanIntent, action: ProposedAction): ConstraintCheck[] {
  const checks: ConstraintCheck[] = [];
  const violation = (constraint: string, allowed: string | string[], actual: string, ok: boolean, code: string, message: string, severity: Severity = 'critical') =>
    checks.push(ok ? { constraint, allowed, actual, ok } : { constraint, allowed, actual, ok, code, severity, message });
  const unstated = (constraint: string, allowed: string | string[], code: string, message: string) => checks.push({ constraint, allowed, actual: null, ok: null, code, severity: 'warning', message });

  const amount = micro(action.amount);
  violation('maxAmount', intent.maxAmount, action.amount, amount <= micro(intent.maxAmount), 'amount_exceeds_max', `The action pays ${action.amount} ${action.currency}; the intent allows at most ${intent.maxAmount} per action.`);
  if (intent.maxTotalAmount !== undefined) {
    const total = micro(action.spentSoFar ?? '0') + amount;
    violation('maxTotalAmount', intent.maxTotalAmount, usdc(total), total <= micro(intent.maxTotalAmount), 'total_exceeds_max', `With ${action.spentSoFar ?? '0'} already spent, the intent's total would reach ${usdc(total)}; it allows ${intent.maxTotalAmount}.`);
  }
  violation('currency', intent.currency, action.currency, intent.currency.toLowerCase() === action.currency.toLowerCase(), 'currency_not_allowed', `The action pays in ${action.currency}; the intent is in ${intent.currency}.`);

  if (intent.allowedPayees) {
    const payees = new Set(intent.allowedPayees.map(identifierKey));
    violation('allowedPayees', intent.allowedPayees, action.payee, payees.has(identifierKey(action.payee)), 'payee_not_allowed', `${action.payee} is not among the intent's ${payees.size} allowed payees.`);
  }
  if (intent.allowedNetworks) {
    const networks = new Set(intent.allowedNetworks.map(networkKey));
    violation('allowedNetworks', intent.allowedNetworks, action.network, networks.has(networkKey(action.network)), 'network_not_allowed', `The action pays on ${action.network}; the intent allows ${intent.allowedNetworks.join(', ')}.`);
  }
  if (intent.allowedResources) {
    const { resource } = action;
    if (resource === undefined) unstated('allowedResources', intent.allowedResources, 'resource_not_stated', 'The intent limits resources, but the action does not say what it buys.');
    else violation('allowedResources', intent.allowedResources, resource, intent.allowedResources.some((p) => resourceMatches(p, resource)), 'resource_not_allowed', `${resource} matches none of the intent's allowed resources.`);
  }
  if (intent.agentId !== undefined) {
    if (action.agentId === undefined) unstated('agentId', intent.agentId, 'agent_not_stated', `The intent is for agent ${intent.agentId} only, but the action does not say which agent acts.`);
    else violation('agentId', intent.agentId, action.agentId, action.agentId === intent.agentId, 'agent_not_authorized', `${action.agentId} acts, but the intent is for ${intent.agentId} only.`);
  }
  if (action.purpose === undefined) unstated('purpose', intent.purpose, 'purpose_not_stated', 'The action does not state its purpose, so it cannot be held against the intent\'s.');
  else violation('purpose', intent.purpose, action.purpose, purposeKey(action.purpose) === purposeKey(intent.purpose), 'purpose_mismatch', `The action's purpose "${action.purpose}" differs from the intent's "${intent.purpose}" (compared as labels, not by meaning).`, 'warning');
  return checks;
}
