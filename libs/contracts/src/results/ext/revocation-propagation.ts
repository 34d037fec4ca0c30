import { z } from 'zod';
import { extendedResult, sha256Fingerprint } from '../../envelopes/extended.js';

/** Whether the revoker was shown to be the grantor (docs/tools/ext.md). */
export const REVOCATION_AUTHORIZATION_STATUSES = ['authorized', 'authorized_without_grant_proof', 'grant_proof_missing', 'grant_proof_invalid', 'not_grantor', 'invalid_signature', 'unsupported_signer'] as const;
export const TARGET_PLAN_STATUSES = ['planned', 'skipped', 'refused'] as const;
export const COMPLETION_STATUSES = ['completed', 'partial', 'failed'] as const;

export const revocationPropagationResult = extendedResult('first', {
  authorizationStatus: z.enum(REVOCATION_AUTHORIZATION_STATUSES),
  revocationId: sha256Fingerprint.meta({ examples: [`sha256:${'c2'.repeat(32)}`], description: 'sha256: + hex of the RFC 8785 canonical JSON of the revocation as sent.' }),
  targetResults: z.array(
    z.object({
      targetId: z.string(),
      status: z.enum(TARGET_PLAN_STATUSES),
      reason: z.string().nullable().meta({ description: 'Why the target was skipped or refused; null when planned.' }),
      endpoint: z.string().nullable().meta({ description: 'The target\'s endpoint label as sent; never contacted.' }),
      notice: z.record(z.string(), z.unknown()).nullable().meta({ description: 'The notice to deliver, when planned.' }),
      noticeHash: z.string().nullable().meta({ description: 'sha256: + hex of the notice\'s canonical JSON, when planned.' }),
    }),
  ),
  completionStatus: z.enum(COMPLETION_STATUSES),
});
