import { z } from 'zod';
import { hashString } from '../common.js';
import { dateTime, nonBlank } from '../ext.js';

/**
 * version-continuity-proof (spec document 2). The version object and the policy are as the spec
 * gives them; which top-level fields are required is ours: both versions (there is nothing to
 * compare without either), while rotationProofs (reserved) and policy (every member has a default)
 * may be left out (docs/tools/ext.md).
 */

export const VERSION_LIMITS = { ownerKeys: 50, paymentWallets: 50, routes: 200, schemaHashes: 200, permissionScopes: 200, dependencyHashes: 500, rotationProofs: 100 } as const;

export const agentVersion = z.strictObject({
  agentId: nonBlank,
  manifestHash: hashString,
  codeHash: hashString.nullable(),
  signedAt: dateTime,
  ownerKeys: z
    .array(
      z.strictObject({
        keyId: nonBlank,
        algorithm: nonBlank.meta({ description: 'eip191 (an EVM address signing with personal_sign) and ed25519 are verified; other algorithms are matched by keyId only.' }),
        publicKeyOrAddress: nonBlank,
        status: nonBlank.meta({ description: 'Only active keys count as owner keys.' }),
      }),
    )
    .max(VERSION_LIMITS.ownerKeys),
  paymentWallets: z.array(z.strictObject({ network: nonBlank, address: nonBlank })).max(VERSION_LIMITS.paymentWallets),
  routes: z.array(z.strictObject({ method: nonBlank, path: nonBlank, operationId: z.string() })).max(VERSION_LIMITS.routes),
  requestSchemaHashes: z.array(hashString).max(VERSION_LIMITS.schemaHashes),
  responseSchemaHashes: z.array(hashString).max(VERSION_LIMITS.schemaHashes),
  permissionScopes: z.array(nonBlank).max(VERSION_LIMITS.permissionScopes),
  dependencyHashes: z.array(hashString).max(VERSION_LIMITS.dependencyHashes),
  signature: z
    .strictObject({ keyId: nonBlank, algorithm: nonBlank, value: nonBlank })
    .meta({ description: 'Signature over the digest of this version without its signature: sha256: + hex of its RFC 8785 canonical JSON, signed as that string.' }),
});

export const versionContinuityRequest = z.strictObject({
  previousVersion: agentVersion.meta({ description: 'The version whose reputation would be transferred.' }),
  currentVersion: agentVersion.meta({ description: 'The version that would receive it; signed by an active owner key of the previous version.' }),
  rotationProofs: z.array(z.record(z.string(), z.unknown())).max(VERSION_LIMITS.rotationProofs).nullable().optional().meta({ description: 'Reserved: counted and recorded, not enforced.' }),
  policy: z
    .strictObject({
      requireSameOwner: z.boolean().nullable().optional().meta({ description: 'Block when no active owner key is shared (default true); review when false.' }),
      allowWalletRotationWithProof: z.boolean().optional().meta({ description: 'Reserved: recorded, not enforced.' }),
      maximumSchemaBreakPercent: z.number().min(0).max(100).nullable().optional().meta({ description: 'Most share of request, and of response, schema hashes that may disappear (each apart; default 100).' }),
      blockPrivilegeExpansionWithoutApproval: z.boolean().nullable().optional().meta({ description: 'Block added permission scopes unless a verified previous-owner signature approves the version (default true).' }),
      reputationTransferThreshold: z.int().min(0).max(100).nullable().optional().meta({ description: 'Lowest continuity score that allows the transfer (default 70).' }),
    })
    .optional(),
});
