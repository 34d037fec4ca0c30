import { z } from 'zod';
import { x402Result } from '../../x402/envelope.js';
import { SCHEMA_CHANGE_KINDS } from '../../x402/schema-change.js';

export const RELEASE_GATE_DECISIONS = ['blocked', 'release_with_warnings', 'release_ready'] as const;
export const RELEASE_GATE_RULES = [
  'name_invalid',
  'description_invalid',
  'version_invalid',
  'package_registry_type_unknown',
  'package_version_unpinned',
  'package_registry_base_url_not_allowed',
  'mcpb_integrity_missing',
  'remote_url_unsafe',
  'secret_env_not_marked',
  'secret_has_default',
  'meta_key_dropped',
  'publisher_meta_too_large',
  'namespace_repository_mismatch',
  'tool_name_invalid',
  'version_not_bumped',
  'semver_understates_breaking',
] as const;
export type ReleaseGateRule = (typeof RELEASE_GATE_RULES)[number];
export const RELEASE_GATE_BUMPS = ['major', 'minor', 'patch', 'prerelease', 'none', 'downgrade', 'unparseable'] as const;

export const releaseGateCheck = z.object({
  rule: z.enum(RELEASE_GATE_RULES),
  severity: z.enum(['error', 'warning']),
  path: z.string().meta({ description: 'JSON pointer into the request (/server_json/packages/0/version, /tools/3/name, ...).' }),
  detail: z.string(),
});

export const mcpRegistryReleaseQualityGateResult = x402Result({
  decision: z.enum(RELEASE_GATE_DECISIONS),
  checks: z.array(releaseGateCheck).meta({ description: 'Failed checks only, in rule order, ties by path in document order.' }),
  semver: z
    .object({
      previous: z.string().nullable(),
      current: z.string().nullable(),
      bump: z.enum(RELEASE_GATE_BUMPS),
      required_bump: z.enum(['major', 'minor', 'none']).meta({ description: 'major for a breaking tool change (minor while the previous major is 0); none when no change needs one.' }),
      breaking_changes: z
        .array(z.object({ tool: z.string(), kind: z.enum([...SCHEMA_CHANGE_KINDS, 'tool_removed']), path: z.string() }))
        .meta({ description: 'The breaking tool changes SDIFF found, by tool in previous order (at most 50).' }),
    })
    .nullable()
    .meta({ description: 'The version check; null without previous.' }),
});
