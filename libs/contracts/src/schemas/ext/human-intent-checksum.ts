import { z } from 'zod';
import { decimalString, hashString } from '../common.js';
import { dateTime, nonBlank } from '../ext.js';
import { SIGNATURE_SCHEMES, evmAddressText, signedAuthorization } from './signed-authorization.js';

/**
 * human-intent-checksum (spec document 2). The spec names the top-level fields; the inner shapes of
 * intent, authorization, proposedAction and policy are ours (docs/tools/ext.md): closed objects with
 * bounded strings and lists, so a misspelt constraint is refused instead of silently not enforced.
 */

export const INTENT_LIMITS = { id: 128, label: 200, purpose: 500, resource: 1024, currency: 16, network: 64, payees: 100, resources: 100, networks: 20 } as const;

const label = nonBlank.max(INTENT_LIMITS.label);
const currency = nonBlank.max(INTENT_LIMITS.currency).meta({ description: 'Currency symbol, compared case-insensitively (USDC).' });
const network = nonBlank.max(INTENT_LIMITS.network).meta({ description: 'Network name, chain id or CAIP-2 id (base, 8453, eip155:8453 are one network).' });
const allowList = <T extends z.ZodType>(item: T, max: number, description: string) => z.array(item).min(1).max(max).optional().meta({ description });

export const humanIntent = z.strictObject({
  intentId: nonBlank.max(INTENT_LIMITS.id).meta({ description: 'The caller\'s id of this intent.' }),
  principal: evmAddressText.meta({ description: 'The person whose intent it is: the address expected to sign it.' }),
  agentId: label.optional().meta({ description: 'The only agent allowed to act on the intent; any agent when omitted.' }),
  purpose: nonBlank.max(INTENT_LIMITS.purpose).meta({ description: 'What the money is for, as the person approved it.' }),
  maxAmount: decimalString.meta({ description: 'Most one action may spend.' }),
  maxTotalAmount: decimalString.optional().meta({ description: 'Most all actions under the intent may spend together.' }),
  currency,
  allowedPayees: allowList(label, INTENT_LIMITS.payees, 'Payees the agent may pay (addresses compare case-insensitively); any payee when omitted.'),
  allowedResources: allowList(nonBlank.max(INTENT_LIMITS.resource), INTENT_LIMITS.resources, 'Resources the agent may buy: exact, or a prefix ending in *; any resource when omitted.'),
  allowedNetworks: allowList(network, INTENT_LIMITS.networks, 'Networks the agent may pay on; any network when omitted.'),
  notBefore: dateTime.optional().meta({ description: 'The intent is not in force before this instant.' }),
  expiresAt: dateTime.meta({ description: 'The intent is not in force from this instant on.' }),
  nonce: nonBlank.max(INTENT_LIMITS.id).meta({ description: 'Makes two otherwise equal intents distinct; signed with the EIP-712 form.' }),
});

export const proposedAction = z.strictObject({
  actionId: nonBlank.max(INTENT_LIMITS.id).optional(),
  agentId: label.optional().meta({ description: 'The agent about to act.' }),
  payee: label,
  resource: nonBlank.max(INTENT_LIMITS.resource).optional(),
  amount: decimalString,
  currency,
  network,
  purpose: nonBlank.max(INTENT_LIMITS.purpose).optional().meta({ description: 'Compared with the intent\'s purpose as a label (case and spacing ignored), not by meaning.' }),
  spentSoFar: decimalString.optional().meta({ description: 'What earlier actions under this intent spent, for maxTotalAmount; 0 when omitted.' }),
});

export const INTENT_MODES = ['issue', 'verify'] as const;

export const humanIntentChecksumRequest = z
  .strictObject({
    mode: z.enum(INTENT_MODES).meta({ description: 'issue: compute the checksum to sign. verify: check a checksum, its signature and, optionally, an action against the intent.' }),
    intent: humanIntent,
    intentChecksum: hashString.optional().meta({ description: 'verify: the checksum the caller holds (required in verify mode).' }),
    authorization: signedAuthorization.optional().meta({ description: 'verify: the principal\'s signature over the checksum.' }),
    proposedAction: proposedAction.optional().meta({ description: 'verify: the action an agent is about to take under the intent.' }),
    policy: z
      .strictObject({
        evaluatedAt: dateTime.nullable().optional().meta({ description: 'The instant expiry is judged at; the server clock when omitted.' }),
        requireSignature: z.boolean().nullable().optional().meta({ description: 'verify: a missing authorization blocks (default true) or is reviewed (false).' }),
        allowedSchemes: z.array(z.enum(SIGNATURE_SCHEMES)).min(1).max(SIGNATURE_SCHEMES.length).nullable().optional().meta({ description: 'Signature schemes accepted; both when omitted.' }),
      })
      .optional(),
  })
  .superRefine((request, context) => {
    if (request.mode === 'verify') {
      if (request.intentChecksum === undefined) context.addIssue({ code: 'custom', path: ['intentChecksum'], message: 'verify mode needs the intentChecksum to verify' });
      return;
    }
    for (const field of ['intentChecksum', 'authorization', 'proposedAction'] as const) {
      if (request[field] !== undefined) context.addIssue({ code: 'custom', path: [field], message: `issue mode takes the intent and policy only; ${field} belongs to verify mode` });
    }
  });
