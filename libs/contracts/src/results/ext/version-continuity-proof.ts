import { z } from 'zod';
import { extendedResult } from '../../envelopes/extended.js';

/** What version-continuity-proof says of the current version's signature (docs/tools/ext.md). */
export const VERSION_SIGNATURE_STATUSES = ['verified', 'invalid', 'key_not_found', 'key_not_active', 'algorithm_mismatch', 'unverifiable_algorithm', 'no_previous_keys'] as const;

export const versionContinuityResult = extendedResult('newer', {
  continuityScore: z.int().min(0).max(100).meta({ description: 'Weighted continuity of owner keys, signature, wallets, routes, schemas, scopes and dependencies.' }),
  signatureStatus: z.enum(VERSION_SIGNATURE_STATUSES),
  sameOwner: z.boolean().meta({ description: 'At least one active owner key is in both versions.' }),
  schemaBreakPercent: z.object({ request: z.number(), response: z.number() }).meta({ description: 'Share of the previous request and response schema hashes missing from the current version.' }),
  addedPermissionScopes: z.array(z.string()),
});
