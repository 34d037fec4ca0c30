import { z } from 'zod';
import { x402Hash } from '../../x402/request-rules.js';
import { dateTime } from '../ext.js';

/** Bounds of x402-authorized-payee-rotation-notary's request (spec document 2; design sheet §5). */
export const PAYEE_ROTATION_LIMITS = { text: 500, sequence: 10_000 } as const;

/** The facts create requires (design sheet §5, per-mode rules); verify requires them and PAYEE_ROTATION_VERIFY_FIELDS. */
export const PAYEE_ROTATION_CREATE_FIELDS = ['seller_id_hash', 'previous_payee_hash', 'new_payee_hash', 'rotation_evidence_hash', 'effective_at', 'chain_id', 'currency', 'rotation_sequence'] as const;
export const PAYEE_ROTATION_VERIFY_FIELDS = ['record_id', 'observed_payee_hash', 'observed_at'] as const;

const hash = (description: string) => x402Hash.optional().meta({ description });
const text = (description: string) => z.string().min(1).max(PAYEE_ROTATION_LIMITS.text).optional().meta({ description });

const payeeRotationFacts = z.strictObject({
  seller_id_hash: hash('The seller\'s identity, hashed by the seller.'),
  previous_payee_hash: hash('sha256:hex(sha256(ND(chain_id) + ":" + lowercase(address))) of the payee being retired.'),
  new_payee_hash: hash('The same hash of the payee taking over.'),
  rotation_evidence_hash: hash('Hash of the seller\'s evidence for the rotation (a signed announcement, a ticket).'),
  listing_hash: hash('Hash of the listing or discovery document that publishes the record.'),
  challenge_hash: hash('Hash of the 402 challenge the payee was observed in (context; not part of the record).'),
  effective_at: dateTime.max(PAYEE_ROTATION_LIMITS.text).optional().meta({ description: 'When the new payee takes over (date-time with Z or an offset; normalized to UTC in the record).' }),
  service_url_label: text('The service, as a label: classified, never fetched (context; not part of the record).'),
  chain_id: text('The network: CAIP-2 or an x402 v1 alias; normalized by ND in the record.'),
  currency: text('USDC.'),
  rotation_sequence: z.int().min(1).max(PAYEE_ROTATION_LIMITS.sequence).optional().meta({ description: '1 for the seller\'s first rotation, then one more per rotation.' }),
  prior_record_id: hash('record_id of the previous rotation; required exactly when rotation_sequence > 1.'),
  announced_at: dateTime.optional().meta({ description: 'When the rotation was announced.' }),
  grace_until: dateTime.optional().meta({ description: 'Until when the previous payee is still paid.' }),
  record_id: hash('Verify only: the record_id the seller published.'),
  observed_payee_hash: hash('Verify only: the payee hash of the 402 the buyer is looking at.'),
  observed_at: dateTime.optional().meta({ description: 'Verify only: when that payee was observed.' }),
});

/** x402-authorized-payee-rotation-notary (spec document 2 fields, design sheet §5 additions and per-mode rules). */
export const authorizedPayeeRotationNotaryRequest = z
  .strictObject({
    mode: z.enum(['create', 'verify']).meta({ description: 'create: issue the self-certifying record. verify: check an observed payee against a re-presented record.' }),
    facts: payeeRotationFacts,
  })
  .superRefine(({ mode, facts }, ctx) => {
    const required = mode === 'create' ? PAYEE_ROTATION_CREATE_FIELDS : [...PAYEE_ROTATION_CREATE_FIELDS, ...PAYEE_ROTATION_VERIFY_FIELDS];
    for (const field of required) if (facts[field] === undefined) ctx.addIssue({ code: 'custom', path: ['facts', field], message: `required in mode ${mode}` });
    if (mode === 'create') for (const field of PAYEE_ROTATION_VERIFY_FIELDS) if (facts[field] !== undefined) ctx.addIssue({ code: 'custom', path: ['facts', field], message: 'not allowed in mode create (verify only)', params: { errorCode: 'field_not_allowed_in_mode' } });
  });
