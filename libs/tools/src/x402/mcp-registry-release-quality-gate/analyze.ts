import {
  MCP_MCPB_RELEASE_URLS,
  MCP_REGISTRY_BASE_URLS,
  MCP_REGISTRY_PUBLISHER_META,
  MCP_REGISTRY_TYPES,
  MCP_SECRET_ENV_NAME,
  MCP_SERVER_JSON_RULES,
  MCP_TOOL_NAME,
  serializedBytes,
  type CatalogEntryOf,
  type McpRegistryType,
  type ReleaseGateRule,
  type RequestOf,
  type ResultOf,
} from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { LABEL, isJsonObject, pointer, type JsonObject } from '../helpers.js';
import { schemaDiff } from '../schema-diff.js';

type Entry = CatalogEntryOf<'x402_mcp_registry_release_quality_gate'>;
export type ReleaseGateInput = RequestOf<Entry>;
export type ReleaseGateResult = ResultOf<Entry>;
type Decision = ReleaseGateResult['decision'];
type Check = ReleaseGateResult['checks'][number];
type Semver = NonNullable<ReleaseGateResult['semver']>;
type BreakingChange = Semver['breaking_changes'][number];
type Tool = NonNullable<ReleaseGateInput['tools']>[number];

/** The sheet's rule table: every rule's severity. */
const SEVERITY: Record<ReleaseGateRule, Check['severity']> = {
  name_invalid: 'error',
  description_invalid: 'error',
  version_invalid: 'error',
  package_registry_type_unknown: 'error',
  package_version_unpinned: 'error',
  package_registry_base_url_not_allowed: 'error',
  mcpb_integrity_missing: 'error',
  remote_url_unsafe: 'error',
  secret_env_not_marked: 'error',
  secret_has_default: 'error',
  meta_key_dropped: 'warning',
  publisher_meta_too_large: 'error',
  namespace_repository_mismatch: 'warning',
  tool_name_invalid: 'error',
  version_not_bumped: 'error',
  semver_understates_breaking: 'error',
};
const RULE_ORDER = new Map(Object.keys(SEVERITY).map((rule, i) => [rule, i]));
const MAX_BREAKING_CHANGES = 50;
const SERVER = '/server_json';

class Checks {
  readonly list: Check[] = [];
  fail(rule: ReleaseGateRule, path: string, detail: string): void {
    this.list.push({ rule, severity: SEVERITY[rule], path, detail });
  }
  /** Rule order, ties by the order the walk found them (document order). */
  sorted(): Check[] {
    return this.list.map((check, i) => ({ check, i })).sort((a, b) => RULE_ORDER.get(a.check.rule)! - RULE_ORDER.get(b.check.rule)! || a.i - b.i).map(({ check }) => check);
  }
}

const show = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value) : value === undefined ? 'absent' : `a ${Array.isArray(value) ? 'array' : typeof value}`);

/** Why a version string is not one specific version, or null when it is. */
export function versionProblem(version: unknown): string | null {
  const rule = MCP_SERVER_JSON_RULES.version;
  if (typeof version !== 'string' || version.trim() === '') return `is ${show(version)}: a version is required`;
  if (version.length > rule.maxLength) return `is longer than ${rule.maxLength} characters`;
  if (version === rule.forbidden) return 'is "latest": name one specific version';
  if (rule.range.test(version)) return `${show(version)} is a range: name one specific version`;
  return null;
}

function checkIdentity(server: JsonObject, checks: Checks): void {
  const { name, description, version } = server;
  const nameRule = MCP_SERVER_JSON_RULES.name;
  if (typeof name !== 'string' || name.length < nameRule.minLength || name.length > nameRule.maxLength || !nameRule.pattern.test(name))
    checks.fail('name_invalid', `${SERVER}/name`, `${show(name)} is not a reverse-DNS namespace, one slash and a server name of ${nameRule.minLength} to ${nameRule.maxLength} characters`);
  const descriptionRule = MCP_SERVER_JSON_RULES.description;
  if (typeof description !== 'string' || description.length < descriptionRule.minLength || description.length > descriptionRule.maxLength)
    checks.fail('description_invalid', `${SERVER}/description`, `is ${typeof description === 'string' ? `${description.length} characters` : show(description)}: it must be 1 to ${descriptionRule.maxLength}`);
  const problem = versionProblem(version);
  if (problem) checks.fail('version_invalid', `${SERVER}/version`, problem);
}

/** Whether a registryBaseUrl is on the official list of its registry type (exact, or a "*." host suffix with no path). */
export function baseUrlAllowed(type: McpRegistryType, url: string): boolean {
  const trimmed = url.replace(/\/+$/, '').toLowerCase();
  return MCP_REGISTRY_BASE_URLS[type].some((allowed) => {
    if (!allowed.includes('*.')) return trimmed === allowed;
    const suffix = allowed.slice('https://*'.length);
    return /^https:\/\/[a-z0-9.-]+$/.test(trimmed) && trimmed.endsWith(suffix) && trimmed.length > 'https://'.length + suffix.length;
  });
}

const isRegistryType = (value: unknown): value is McpRegistryType => typeof value === 'string' && (MCP_REGISTRY_TYPES as readonly string[]).includes(value);

function checkEnvironment(variables: unknown, path: string, checks: Checks): void {
  if (!Array.isArray(variables)) return;
  variables.forEach((variable, i) => {
    if (!isJsonObject(variable) || typeof variable.name !== 'string') return;
    const at = `${path}/${i}`;
    const secret = variable.isSecret === true;
    if (!secret && MCP_SECRET_ENV_NAME.test(variable.name)) checks.fail('secret_env_not_marked', `${at}/isSecret`, `${variable.name} names a credential but is not marked isSecret: clients would show and store it in clear`);
    if ((secret || MCP_SECRET_ENV_NAME.test(variable.name)) && variable.default !== undefined) checks.fail('secret_has_default', `${at}/default`, `${variable.name} is a secret with a default value: a shared credential ships with the server`);
  });
}

function checkPackage(pkg: JsonObject, path: string, checks: Checks): void {
  const type = pkg.registryType;
  if (!isRegistryType(type)) checks.fail('package_registry_type_unknown', `${path}/registryType`, `${show(type)} is not one of ${MCP_REGISTRY_TYPES.join(', ')}`);
  const problem = versionProblem(pkg.version);
  if (problem) checks.fail('package_version_unpinned', `${path}/version`, problem);
  if (isRegistryType(type) && typeof pkg.registryBaseUrl === 'string' && !baseUrlAllowed(type, pkg.registryBaseUrl))
    checks.fail('package_registry_base_url_not_allowed', `${path}/registryBaseUrl`, `${show(pkg.registryBaseUrl)} is not an official ${type} registry (${MCP_REGISTRY_BASE_URLS[type].join(', ')})`);
  if (type === 'mcpb') {
    if (typeof pkg.fileSha256 !== 'string' || !MCP_SERVER_JSON_RULES.fileSha256.test(pkg.fileSha256)) checks.fail('mcpb_integrity_missing', `${path}/fileSha256`, `is ${show(pkg.fileSha256)}: an mcpb package needs the 64-hex SHA-256 of its file`);
    if (typeof pkg.identifier !== 'string' || !MCP_MCPB_RELEASE_URLS.some((release) => release.test(pkg.identifier as string)))
      checks.fail('mcpb_integrity_missing', `${path}/identifier`, `${show(pkg.identifier)} is not a GitHub or GitLab release download URL`);
  }
  checkEnvironment(pkg.environmentVariables, `${path}/environmentVariables`, checks);
}

function checkDistribution(server: JsonObject, checks: Checks): void {
  const { packages, remotes } = server;
  if (Array.isArray(packages)) packages.forEach((pkg, i) => isJsonObject(pkg) && checkPackage(pkg, `${SERVER}/packages/${i}`, checks));
  if (!Array.isArray(remotes)) return;
  remotes.forEach((remote, i) => {
    const url = isJsonObject(remote) ? remote.url : undefined;
    const verdict = typeof url === 'string' ? LABEL(url) : { safe: false as const, reason: 'no URL' };
    if (!verdict.safe) checks.fail('remote_url_unsafe', `${SERVER}/remotes/${i}/url`, `${show(url)}: ${verdict.reason}`);
  });
}

function checkMeta(server: JsonObject, checks: Checks): void {
  if (!isJsonObject(server._meta)) return;
  for (const [key, value] of Object.entries(server._meta)) {
    const path = `${SERVER}/_meta${pointer(key)}`;
    if (key !== MCP_REGISTRY_PUBLISHER_META.key) checks.fail('meta_key_dropped', path, `the official registry keeps only ${MCP_REGISTRY_PUBLISHER_META.key}; this key is dropped on publish`);
    else if (serializedBytes(value) > MCP_REGISTRY_PUBLISHER_META.maxBytes) checks.fail('publisher_meta_too_large', path, `${serializedBytes(value)} bytes of JSON; the registry refuses more than ${MCP_REGISTRY_PUBLISHER_META.maxBytes}`);
  }
}

/** An io.github.<owner>/ name should come from github.com/<owner>'s repository (GitHub names are case-insensitive). */
function checkNamespace(server: JsonObject, checks: Checks): void {
  const owner = typeof server.name === 'string' ? /^io\.github\.([^/]+)\//.exec(server.name)?.[1] : undefined;
  const url = isJsonObject(server.repository) ? server.repository.url : undefined;
  if (owner === undefined || typeof url !== 'string') return;
  const repoOwner = /^https:\/\/github\.com\/([^/]+)\//i.exec(url)?.[1];
  if (repoOwner?.toLowerCase() !== owner.toLowerCase()) checks.fail('namespace_repository_mismatch', `${SERVER}/repository/url`, `the io.github.${owner} namespace does not match repository ${show(url)}`);
}

function checkToolNames(tools: readonly Tool[] | undefined, checks: Checks): void {
  tools?.forEach((tool, i) => {
    if (!MCP_TOOL_NAME.pattern.test(tool.name)) checks.fail('tool_name_invalid', `/tools/${i}/name`, `${show(tool.name)} breaks the MCP tool-name rule (1 to ${MCP_TOOL_NAME.maxLength} of A-Z a-z 0-9 _ - .)`);
  });
}

interface Version {
  major: number;
  minor: number;
  patch: number;
  pre: string | null;
}

const SEMVER = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseSemver(version: unknown): Version | null {
  const match = typeof version === 'string' ? SEMVER.exec(version) : null;
  return match ? { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), pre: match[4] ?? null } : null;
}

/** The kind of step from one version to the next (a prerelease sorts before its release). */
export function bumpOf(before: Version | null, after: Version | null): Semver['bump'] {
  if (!before || !after) return 'unparseable';
  const order = (['major', 'minor', 'patch'] as const).find((part) => before[part] !== after[part]);
  if (order) return after[order] > before[order] ? order : 'downgrade';
  if (before.pre === after.pre) return 'none';
  if (after.pre === null) return 'prerelease';
  return before.pre === null || after.pre < before.pre ? 'downgrade' : 'prerelease';
}

/** Breaking changes between two tool lists: a removed tool, or what SDIFF calls breaking in its input or output schema. */
function breakingChanges(before: readonly Tool[], after: readonly Tool[]): { changes: BreakingChange[]; truncated: boolean } {
  const current = new Map(after.map((tool) => [tool.name, tool]));
  const changes: BreakingChange[] = [];
  let truncated = false;
  for (const tool of before) {
    const next = current.get(tool.name);
    if (!next) {
      changes.push({ tool: tool.name, kind: 'tool_removed', path: '' });
      continue;
    }
    for (const [field, side] of [
      ['inputSchema', 'input'],
      ['outputSchema', 'output'],
    ] as const) {
      const diff = schemaDiff(tool[field], next[field], side);
      truncated ||= diff.truncated;
      for (const change of diff.changes) if (change.class === 'breaking') changes.push({ tool: tool.name, kind: change.kind, path: `/${field}${change.schema_path}` });
    }
  }
  return { changes, truncated };
}

/** Whether the bump is at least the required one (a minor bump is enough while the previous major is 0). */
function bumpCovers(before: Version, after: Version, required: Semver['required_bump']): boolean {
  if (required === 'none') return true;
  if (after.major !== before.major) return after.major > before.major;
  return required === 'minor' && after.minor > before.minor;
}

function checkSemver(input: ReleaseGateInput, checks: Checks, limitations: string[]): Semver | null {
  const { previous } = input;
  if (!previous) return null;
  const [was, is] = [previous.server_json.version, input.server_json.version];
  const [before, after] = [parseSemver(was), parseSemver(is)];
  const bump = bumpOf(before, after);
  if (typeof is === 'string' && is === was) checks.fail('version_not_bumped', `${SERVER}/version`, `${show(is)} is the version already published: the registry does not overwrite a published version`);
  const compared = previous.tools !== undefined && input.tools !== undefined;
  const { changes, truncated } = compared ? breakingChanges(previous.tools!, input.tools!) : { changes: [], truncated: false };
  if (!compared) limitations.push('previous.tools or tools is missing: breaking tool changes were not looked for, so required_bump is none.');
  if (truncated) limitations.push('A schema was larger than SDIFF\'s budget: changes beyond it were not seen.');
  const required: Semver['required_bump'] = changes.length === 0 ? 'none' : before && before.major === 0 ? 'minor' : 'major';
  if (required !== 'none') {
    if (!before || !after) checks.fail('semver_understates_breaking', `${SERVER}/version`, `${changes.length} breaking tool change(s) need a ${required} bump, but ${show(was)} → ${show(is)} is not semantic versioning`);
    else if (!bumpCovers(before, after, required))
      checks.fail('semver_understates_breaking', `${SERVER}/version`, `${was} → ${is} is a ${bump} bump, but ${changes.length} breaking tool change(s) (first: ${changes[0]!.tool} ${changes[0]!.kind} at ${changes[0]!.path || 'the whole tool'}) need a ${required} bump`);
  }
  return { previous: typeof was === 'string' ? was : null, current: typeof is === 'string' ? is : null, bump, required_bump: required, breaking_changes: changes.slice(0, MAX_BREAKING_CHANGES) };
}

const NEXT_ACTION: Record<Decision, string> = {
  blocked: 'Do not publish: fix every error in checks (their paths point at the fields), then run the gate again before mcp-publisher publish.',
  release_with_warnings: 'Publishable: the registry will accept it, but read the warnings (dropped _meta keys, a namespace that does not match the repository) before you publish.',
  release_ready: 'Publish: the server.json passes the registry rules checked here and the version bump covers the tool changes.',
};

const LIMITATIONS = [
  'Rules of server.json schema 2025-09-29 and the official registry\'s extra requirements only; namespace and package ownership are verified by the registry at publish time and were not checked.',
  'Nothing was fetched: package versions, release files and their SHA-256 were not compared with what the registries serve.',
];

/** x402-mcp-registry-release-quality-gate (design sheet §44): the rule table, the version check, then the decision in the sheet's order. */
export function analyzeReleaseGate(input: ReleaseGateInput): ToolOutput<ReleaseGateResult> {
  const checks = new Checks();
  const limitations = [...LIMITATIONS];
  const server = input.server_json;
  checkIdentity(server, checks);
  checkDistribution(server, checks);
  checkMeta(server, checks);
  checkNamespace(server, checks);
  checkToolNames(input.tools, checks);
  if (input.tools === undefined) limitations.push('No tools were given: tool names were not checked.');
  const semver = checkSemver(input, checks, limitations);

  const sorted = checks.sorted();
  const errors = sorted.filter((c) => c.severity === 'error').length;
  const warnings = sorted.length - errors;
  const decision: Decision = errors > 0 ? 'blocked' : warnings > 0 ? 'release_with_warnings' : 'release_ready';
  const confidence = input.previous ? 'high' : 'medium';
  if (!input.previous) limitations.push('No previous release was given: whether the version bump covers the tool changes was not checked.');
  const name = typeof server.name === 'string' ? server.name : 'server.json';
  const version = semver ? ` (${semver.previous ?? '?'} → ${semver.current ?? '?'}, ${semver.bump} bump, ${semver.required_bump === 'none' ? 'no bump required' : `${semver.required_bump} required`})` : '';
  const summary = `${decision}: ${name}${version} has ${errors} error(s) and ${warnings} warning(s)${sorted.length > 0 ? `; first: ${sorted[0]!.rule} at ${sorted[0]!.path}` : ''}.`;
  return x402Answer({ decision, confidence, summary, riskFlags: sorted.map((c) => c.rule), nextAction: NEXT_ACTION[decision], limitations }, { checks: sorted, semver });
}
