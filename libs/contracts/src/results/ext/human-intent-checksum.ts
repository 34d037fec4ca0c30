import { z } from 'zod';
import { extendedResult, sha256Fingerprint } from '../../envelopes/extended.js';

/** What human-intent-checksum says of the authorization (docs/tools/ext.md). */
export const INTENT_SIGNATURE_STATUSES = ['valid', 'invalid', 'missing', 'signer_mismatch', 'expired', 'not_yet_valid', 'unsupported'] as const;

export const humanIntentChecksumResult = extendedResult('first', {
  intentChecksum: sha256Fingerprint.meta({ examples: [`sha256:${'c2'.repeat(32)}`], description: 'sha256: + hex of the RFC 8785 canonical JSON of the intent as sent.' }),
  checksumValid: z.boolean().meta({ description: 'verify: the intentChecksum sent equals the one recomputed. issue: true.' }),
  signatureStatus: z.enum(INTENT_SIGNATURE_STATUSES),
  violations: z.array(z.string()).meta({ description: 'Constraints of the intent the proposed action breaks (codes).' }),
});
