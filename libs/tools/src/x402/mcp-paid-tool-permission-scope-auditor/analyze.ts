import {
  MCP_ANNOTATION_DEFAULTS,
  MCP_TOOL_NAME,
  SCOPE_RISKS,
  SCOPE_RISK_FALLBACK,
  SCOPE_RISK_PATTERNS,
  type CatalogEntryOf,
  type RequestOf,
  type ResultOf,
  type ScopeAuditorIssue,
  type ScopeRisk,
} from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, ND, isJsonObject, type JsonObject } from '../helpers.js';

type Entry = CatalogEntryOf<'x402_mcp_paid_tool_permission_scope_auditor'>;
export type ScopeAuditorInput = RequestOf<Entry>;
export type ScopeAuditorResult = ResultOf<Entry>;
type Decision = ScopeAuditorResult['decision'];
type ToolRow = ScopeAuditorResult['tool_matrix'][number];
const RISK_RANK: Record<ScopeRisk, number> = Object.fromEntries(SCOPE_RISKS.map((risk, i) => [risk, i])) as Record<ScopeRisk, number>;

/** Step 1: the risk of one scope, first matching pattern wins. */
export function scopeRisk(scope: string): ScopeRisk {
  const lower = scope.toLowerCase();
  return SCOPE_RISK_PATTERNS.find(({ pattern }) => pattern.test(lower))?.risk ?? SCOPE_RISK_FALLBACK;
}

const isWildcard = (scope: string) => scope === '*' || scope === '*:*';

/** Step 2: "*" and "*:*" cover everything, "x:*" covers every "x:…", any other scope only itself. */
export function covers(granted: string, required: string): boolean {
  if (isWildcard(granted) || granted === required) return true;
  return granted.endsWith(':*') && required.startsWith(granted.slice(0, -1));
}

/** A tool's read-only hint, with the MCP default (false) when it is absent or not a boolean. */
function readOnly(tool: JsonObject): boolean {
  const hint = isJsonObject(tool.annotations) ? tool.annotations.readOnlyHint : undefined;
  return typeof hint === 'boolean' ? hint : MCP_ANNOTATION_DEFAULTS.readOnlyHint;
}

interface Pricing {
  paid: boolean;
  declared: boolean;
  atomic: bigint | null;
  network: string | null;
}

/** Paid when `_meta.x402Required` is true or `_meta.price` is present; the price as a decimal or {amount, network, x402Network}. */
function pricingOf(tool: JsonObject, issues: Set<ScopeAuditorIssue>): Pricing {
  const meta = isJsonObject(tool._meta) ? tool._meta : {};
  const price = meta.price;
  const paid = meta.x402Required === true || price !== undefined;
  const amount = isJsonObject(price) ? price.amount : price;
  const atomic = typeof amount === 'string' ? AMT.toAtomic(amount.replace(/^\$/, '')) : null;
  const rawNetwork = isJsonObject(price) ? (price.x402Network ?? price.network) : meta.network;
  let network: string | null = null;
  if (typeof rawNetwork === 'string' && rawNetwork.trim() !== '') {
    const nd = ND(rawNetwork);
    if (!nd.known) issues.add('unknown_network');
    network = nd.network;
  }
  return { paid, declared: amount !== undefined, atomic, network };
}

const NEXT_ACTION: Record<Decision, string> = {
  under_declared: 'Do not grant yet: the server under-declares. Ask it to publish a price for every paid tool and to annotate tools that need write or payment scopes as not read-only, then audit again.',
  over_privileged: 'Replace the grant with suggested_grant: drop the wildcard and the unused high-risk scopes listed in unused_grant_scopes.',
  blocked: 'The grant reaches no paid tool the agent can afford on an allowed network: add the scopes, raise max_price_per_call or allow the network of the tool the agent needs (see tool_matrix).',
  least_privilege: 'The grant is least-privilege for the paid tools the agent can use; grant it as is.',
};

const LIMITATIONS = [
  'Only the submitted tool list, scope map and grant were read; the server\'s authorization server and the tools\' real behaviour were not contacted.',
  'Annotations are hints the server declares; a read-only hint does not prove the tool writes nothing.',
  'Prices are read as USDC decimals from _meta.price; other assets are compared as if they were USDC.',
];

/** x402-mcp-paid-tool-permission-scope-auditor (design sheet §16): steps 1–4, then the decision in the sheet's order. */
export function analyzeScopeAuditor(input: ScopeAuditorInput): ToolOutput<ScopeAuditorResult> {
  const flags = new Set<string>();
  const limitations = [...LIMITATIONS];
  const { agent_grant: grant } = input;
  const scopesByTool = new Map<string, string[]>();
  for (const entry of input.tool_scopes ?? []) if (!scopesByTool.has(entry.tool_name)) scopesByTool.set(entry.tool_name, entry.required_scopes);
  const maxAtomic = grant.max_price_per_call === undefined ? null : AMT.toAtomic(grant.max_price_per_call);
  const allowedNetworks = grant.allowed_networks === undefined ? null : new Set(grant.allowed_networks.map((n) => ND(n).network));

  // covers() over the whole grant, by lookups: the scope itself, or each of its "x:" prefixes as "x:*".
  const granted = new Set(grant.scopes);
  const wildcard = grant.scopes.some(isWildcard);
  const grantCovers = (scope: string) => {
    if (wildcard || granted.has(scope)) return true;
    for (let colon = scope.indexOf(':'); colon >= 0; colon = scope.indexOf(':', colon + 1)) if (granted.has(`${scope.slice(0, colon + 1)}*`)) return true;
    return false;
  };

  const rows: ToolRow[] = [];
  let declaredTools = 0;
  for (const tool of input.tools) {
    const issues = new Set<ScopeAuditorIssue>();
    const name = tool.name;
    if (!MCP_TOOL_NAME.pattern.test(name)) issues.add('invalid_tool_name');
    const declared = scopesByTool.get(name);
    if (declared) declaredTools += 1;
    else if (input.tool_scopes !== undefined) issues.add('scopes_undeclared');
    const required = [...new Set(declared ?? [])];
    const pricing = pricingOf(tool, issues);
    const isReadOnly = readOnly(tool);

    const covered = required.every(grantCovers);
    if (!covered) issues.add('scopes_not_covered');
    if (!isReadOnly && !grant.allow_non_readonly) issues.add('non_readonly_not_allowed');
    const reachable = covered && (isReadOnly || grant.allow_non_readonly);

    if (pricing.paid && !pricing.declared) issues.add('price_undeclared');
    if (pricing.declared && pricing.atomic === null) issues.add('unparseable_price');
    const affordable = !pricing.paid || (pricing.atomic !== null && (maxAtomic === null || pricing.atomic <= maxAtomic));
    if (pricing.paid && pricing.atomic !== null && !affordable) issues.add('unaffordable');

    let networkAllowed = true;
    if (pricing.paid && allowedNetworks !== null) {
      if (pricing.network === null) issues.add('network_undeclared');
      networkAllowed = pricing.network !== null && allowedNetworks.has(pricing.network);
      if (pricing.network !== null && !networkAllowed) issues.add('network_not_allowed');
    }
    // A `:read` scope never contradicts a read-only hint, however sensitive its resource (wallet:read is high).
    if (isReadOnly && required.some((scope) => !/:read$/i.test(scope) && RISK_RANK[scopeRisk(scope)] >= RISK_RANK.medium)) issues.add('annotation_scope_conflict');

    rows.push({
      tool: name,
      paid: pricing.paid,
      price: pricing.atomic === null ? null : AMT.toDecimal(pricing.atomic),
      reachable,
      affordable,
      network_allowed: networkAllowed,
      required_scopes: required,
      issues: [...issues].sort(),
    });
  }

  const reachableScopes = [...new Set(rows.filter((r) => r.reachable).flatMap((r) => r.required_scopes))];
  const unused = [...new Set(grant.scopes)].filter((g) => !reachableScopes.some((scope) => covers(g, scope))).map((scope) => ({ scope, risk: scopeRisk(scope) }));
  const usable = rows.filter((r) => r.paid && r.reachable && r.affordable && r.network_allowed);
  const suggested = [...new Set(usable.flatMap((r) => r.required_scopes))].sort();
  const wildcards = grant.scopes.filter(isWildcard);

  const underDeclared = rows.filter((r) => r.issues.includes('price_undeclared') || r.issues.includes('annotation_scope_conflict'));
  const riskyUnused = unused.filter((u) => RISK_RANK[u.risk] >= RISK_RANK.high);
  const decision: Decision = underDeclared.length > 0 ? 'under_declared' : wildcards.length > 0 || riskyUnused.length > 0 ? 'over_privileged' : usable.length === 0 ? 'blocked' : 'least_privilege';

  for (const row of rows) for (const issue of row.issues) flags.add(issue);
  if (wildcards.length > 0) flags.add('wildcard_grant');
  if (riskyUnused.length > 0) flags.add('unused_high_risk_scope');
  if (!rows.some((r) => r.paid)) flags.add('no_paid_tools');

  const confidence = input.tool_scopes === undefined || declaredTools === 0 ? 'low' : declaredTools === rows.length ? 'high' : 'medium';
  if (confidence !== 'high') limitations.push(`tool_scopes names ${declaredTools} of ${rows.length} tools; the others were taken to need no scope, so their reachability may be overstated.`);

  const paid = rows.filter((r) => r.paid).length;
  const why: Record<Decision, string> = {
    under_declared: `${underDeclared.length} tool(s) under-declare a price or a read-only hint (${underDeclared.map((r) => r.tool).slice(0, 5).join(', ')})`,
    over_privileged: wildcards.length > 0 ? `the grant holds the wildcard ${wildcards[0]}` : `${riskyUnused.length} high-risk scope(s) are granted but unused (${riskyUnused.map((u) => u.scope).slice(0, 5).join(', ')})`,
    blocked: 'no paid tool is reachable, affordable and on an allowed network',
    least_privilege: 'every granted scope serves a usable tool and none is a wildcard',
  };
  const summary = `${decision.replace('_', ' ')}: ${why[decision]}. ${usable.length} of ${paid} paid tool(s) usable; suggested grant: ${suggested.length === 0 ? 'none' : suggested.join(', ')}.`;
  return x402Answer(
    { decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations },
    { tool_matrix: rows, unused_grant_scopes: unused, suggested_grant: suggested },
  );
}
