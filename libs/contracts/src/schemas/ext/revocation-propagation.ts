import { z } from 'zod';
import { hashString } from '../common.js';
import { dateTime, nonBlank } from '../ext.js';
import { eip191Authorization, evmAddressText, signedAuthorization } from './signed-authorization.js';

/**
 * revocation-propagation (spec document 2). The spec names the four top-level fields and bounds the
 * targets at 25; the inner shapes are ours (docs/tools/ext.md). Authority to revoke comes from the
 * signatures in authorizationProof only: paying for the call proves nothing about it.
 */

export const REVOCATION_LIMITS = { targets: 25, label: 200, reason: 500, nonce: 128, endpoint: 2048 } as const;
export const GRANT_TYPES = ['human_intent', 'delegation', 'spend_permission', 'session_key', 'api_credential', 'other'] as const;

const label = nonBlank.max(REVOCATION_LIMITS.label);

export const revocation = z.strictObject({
  grantId: label.meta({ description: 'The grant being revoked, as its grantor names it.' }),
  grantType: z.enum(GRANT_TYPES),
  grantor: evmAddressText.meta({ description: 'Who gave the grant: the only address that may revoke it.' }),
  grantee: label.meta({ description: 'Who holds the grant (an agent, a key, a service).' }),
  grantChecksum: hashString.optional().meta({ description: 'Checksum of the grant, such as the intentChecksum of a human intent; needed for a grant proof.' }),
  effectiveAt: dateTime.meta({ description: 'From when the grant no longer holds.' }),
  reason: nonBlank.max(REVOCATION_LIMITS.reason).optional(),
  nonce: nonBlank.max(REVOCATION_LIMITS.nonce).meta({ description: 'Makes two otherwise equal revocations distinct.' }),
});

export const revocationTarget = z.strictObject({
  targetId: label.meta({ description: 'Who should learn of the revocation (a service, an agent, a registry): a label.' }),
  endpoint: nonBlank.max(REVOCATION_LIMITS.endpoint).optional().meta({ description: 'Where the target takes notices: a label only, Paysight never contacts it.' }),
  identityVerified: z.boolean().meta({ description: 'Whether the caller verified that the target is who it says it is.' }),
  optIn: z
    .strictObject({
      evidenceHash: hashString.meta({ description: 'Hash of the target\'s opt-in record, kept by the caller.' }),
      verified: z.boolean().meta({ description: 'Whether the caller verified the opt-in record.' }),
      optedInAt: dateTime,
      expiresAt: dateTime.nullable(),
      grantTypes: z.array(z.enum(GRANT_TYPES)).min(1).max(GRANT_TYPES.length).optional().meta({ description: 'Grant types the target takes notices for; all when omitted.' }),
    })
    .nullable()
    .optional()
    .meta({ description: 'The target\'s opt-in to revocation notices; null or omitted: not opted in.' }),
});

export const revocationPropagationRequest = z
  .strictObject({
    authorizationProof: z
      .strictObject({
        revokerSignature: signedAuthorization.meta({ description: 'The revoker\'s signature over the revocation: eip191 of the revocationId, or the Revocation typed data.' }),
        grantSignature: eip191Authorization.optional().meta({ description: 'The grantor\'s personal_sign of revocation.grantChecksum (sha256: + lower-case hex), made when the grant was given: shows the revoker gave the grant.' }),
      })
      .meta({ description: 'Shows that the revoker is the grantor of the revoked grant.' }),
    revocation,
    targets: z.array(revocationTarget).max(REVOCATION_LIMITS.targets),
    policy: z.strictObject({
      maxTargets: z.int().min(1).max(REVOCATION_LIMITS.targets).nullable().optional().meta({ description: 'Most notices prepared (fan-out); 25 when omitted.' }),
      requireGrantProof: z.boolean().nullable().optional().meta({ description: 'Without a grant proof, fail (default true) or prepare notices with a warning (false).' }),
      requireVerifiedIdentity: z.boolean().nullable().optional().meta({ description: 'Skip targets whose identity is not verified (default true).' }),
    }),
  })
  .superRefine((request, context) => {
    if (request.authorizationProof.grantSignature && request.revocation.grantChecksum === undefined) {
      context.addIssue({ code: 'custom', path: ['revocation', 'grantChecksum'], message: 'a grantSignature signs the revocation\'s grantChecksum, which is missing' });
    }
  });
