import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { MOR_ISSUE_CODES, MOR_PARTY_KINDS, MOR_ROLES } from '../../x402/merchant-of-record.js';

export const MOR_EXPLAINER_DECISIONS = ['undetermined', 'single_clear_mor', 'platform_mor', 'split_roles'] as const;

export const merchantOfRecordBoundaryExplainerResult = x402Result({
  decision: z.enum(MOR_EXPLAINER_DECISIONS),
  role_table: z
    .array(
      z.strictObject({
        role: z.enum(MOR_ROLES),
        party_id: z.string(),
        label: z.string().nullable().meta({ description: 'Null when the party_id is not among the parties.' }),
        kind: z.enum(MOR_PARTY_KINDS).nullable(),
        disclosed: z.boolean().nullable().meta({ description: 'Null when disclosed_to_buyer was not given.' }),
        stated: z.boolean().meta({ description: 'False when the role was left out and taken to be the funds recipient\'s.' }),
      }),
    )
    .meta({ description: 'One row per role, in the order of MOR_ROLES.' }),
  mor_candidate: z
    .strictObject({ party_id: z.string(), label: z.string(), kind: z.enum(MOR_PARTY_KINDS), clear: z.boolean() })
    .nullable()
    .meta({ description: 'The funds recipient; clear when it also issues the receipt and owns the terms. Null when it is not among the parties.' }),
  issues: z.array(z.strictObject({ code: z.enum(MOR_ISSUE_CODES), detail: z.string() })).meta({ description: 'By code (the order of MOR_ISSUE_CODES), then role order.' }),
});
