import { z } from 'zod';
import { NOTARY_RETENTION_CLASSES } from '../../ports/notary.js';
import { x402Result } from '../../x402/envelope.js';

/** In the sheet's order; the spec's enum. */
export const PROVENANCE_NOTARY_DECISIONS = ['record_created', 'record_replayed', 'record_verified', 'hash_mismatch'] as const;
export const NOTARY_COMPARED_FIELDS = ['challenge_hash', 'receipt_hash', 'response_hash', 'metadata_hash', 'context_hash'] as const;

const storedHash = z.string().nullable();

export const responseProvenanceNotaryResult = x402Result({
  decision: z.enum(PROVENANCE_NOTARY_DECISIONS),
  notary_id: z.string(),
  stored_hashes: z
    .strictObject({ challenge_hash: storedHash, receipt_hash: storedHash, response_hash: storedHash, metadata_hash: storedHash, context_hash: storedHash })
    .meta({ description: 'The hashes of the record (on a create that wrote nothing, of the record already there).' }),
  retention: z.strictObject({
    class: z.enum(NOTARY_RETENTION_CLASSES),
    days: z.number().int(),
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
  }),
  lookup_secret: z.string().optional().meta({ description: 'Only on record_created, this one time: the server keeps only its SHA-256. Needed to verify.' }),
  compared_fields: z
    .array(z.strictObject({ field: z.enum(NOTARY_COMPARED_FIELDS), match: z.boolean() }))
    .optional()
    .meta({ description: 'verify only: each supplied hash (and context_hash when labels were sent) against the record, in the order of NOTARY_COMPARED_FIELDS.' }),
});
