import { z } from 'zod';
import { uniqueIds } from '../ext/references.js';
import { MOR_PARTY_KINDS } from '../../x402/merchant-of-record.js';

/** Bounds of x402-merchant-of-record-boundary-explainer's request (design sheet §42; the party_id length is ours). */
export const MOR_EXPLAINER_LIMITS = { parties: 10, partyId: 64, label: 120, merchantName: 200 } as const;

const partyId = z.string().trim().min(1).max(MOR_EXPLAINER_LIMITS.partyId);
const holder = (what: string) => partyId.optional().meta({ description: `The party_id of the party that ${what}.` });

export const morParty = z.strictObject({
  party_id: partyId,
  label: z.string().trim().min(1).max(MOR_EXPLAINER_LIMITS.label),
  kind: z.enum(MOR_PARTY_KINDS),
});

/** Each role names a party_id; a role left out is taken to be the funds recipient's (confidence medium). */
export const morRoles = z.strictObject({
  funds_recipient: partyId.meta({ description: 'The party_id that receives the funds (x402 payTo).' }),
  price_setter: holder('sets the price'),
  receipt_issuer: holder('issues the receipt'),
  refund_handler: holder('handles refunds'),
  terms_owner: holder('owns the terms of sale'),
  support_contact: holder('answers the buyer'),
});

/** x402-merchant-of-record-boundary-explainer (design sheet §42). */
export const merchantOfRecordBoundaryExplainerRequest = z.strictObject({
  parties: z
    .array(morParty)
    .min(1)
    .max(MOR_EXPLAINER_LIMITS.parties)
    .superRefine(uniqueIds('party_id', (p: { party_id: string }) => p.party_id)),
  roles: morRoles,
  cart_merchant_name: z.string().trim().min(1).max(MOR_EXPLAINER_LIMITS.merchantName).optional().meta({ description: 'The merchant name the buyer saw in the cart or checkout.' }),
  disclosed_to_buyer: z.array(partyId).max(MOR_EXPLAINER_LIMITS.parties).optional().meta({ description: 'party_ids the buyer was told about; absent means disclosure is not known.' }),
});
