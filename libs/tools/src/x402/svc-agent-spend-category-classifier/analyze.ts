import { SPEND_KEYWORDS, SPEND_PATH_RULES, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, ND } from '../helpers.js';
import { catalogMatch } from './catalog-map.js';

type Entry = CatalogEntryOf<'x402_svc_agent_spend_category_classifier'>;
export type SpendClassifierInput = RequestOf<Entry>;
export type SpendClassifierResult = ResultOf<Entry>;
type Decision = SpendClassifierResult['decision'];
type Line = SpendClassifierResult['lines'][number];
type Item = SpendClassifierInput['items'][number];
type Rule = NonNullable<SpendClassifierInput['custom_rules']>[number];
type Category = Line['category'];

const KEYWORD_MIN_POINTS = 2;
const KEYWORD_MIN_MARGIN = 1;

/** Host and path of a resource label: a URL, or a path (the part from its first "/"). Never fetched. */
function resourceOf(label: string | undefined): { host: string | null; path: string | null } {
  if (label === undefined) return { host: null, path: null };
  try {
    const url = new URL(label);
    return { host: url.hostname.toLowerCase(), path: url.pathname.toLowerCase() };
  } catch {
    const slash = label.indexOf('/');
    return { host: null, path: slash < 0 ? null : label.slice(slash).replace(/[?#].*$/, '').toLowerCase() };
  }
}

function fieldValue(item: Item, resource: ReturnType<typeof resourceOf>, field: Rule['field']): string | null {
  switch (field) {
    case 'tool_id':
      return item.tool_id?.toLowerCase() ?? null;
    case 'mcp_tool_name':
      return item.mcp_tool_name?.toLowerCase() ?? null;
    case 'resource_host':
      return resource.host;
    case 'resource_path_prefix':
      return resource.path;
    case 'pay_to':
      return item.pay_to?.toLowerCase() ?? null;
  }
}

function customRule(item: Item, resource: ReturnType<typeof resourceOf>, rules: readonly Rule[]): Omit<Line, 'item_id'> | null {
  for (const [i, rule] of rules.entries()) {
    const value = fieldValue(item, resource, rule.field);
    if (value === null) continue;
    const hit = rule.op === 'equals' ? value === rule.value : value.startsWith(rule.value);
    if (hit) return { category: rule.category, rule: 'custom', rule_detail: `custom_rules[${i}]: ${rule.field} ${rule.op} "${rule.value}" (case-insensitive)` };
  }
  return null;
}

function catalogRule(item: Item): Omit<Line, 'item_id'> | null {
  for (const [field, name] of [['tool_id', item.tool_id], ['mcp_tool_name', item.mcp_tool_name]] as const) {
    if (name === undefined) continue;
    const match = catalogMatch(name);
    if (match) return { category: match.category, rule: 'catalog', rule_detail: `${field} "${name}" is catalog tool ${match.id} (${match.via})` };
  }
  return null;
}

function pathRule(path: string | null): Omit<Line, 'item_id'> | null {
  if (path === null) return null;
  for (const { pattern, category } of SPEND_PATH_RULES) {
    const hit = pattern.exec(path);
    if (hit) return { category, rule: 'path', rule_detail: `path ${path} matches "${hit[0]}" (${pattern.source})` };
  }
  return null;
}

const KEYWORDS = Object.entries(SPEND_KEYWORDS).map(([category, words]) => ({ category: category as keyof typeof SPEND_KEYWORDS, words: Object.entries(words) }));

/** Weighted keywords: the best category needs ≥2 points and a lead of ≥1 over the runner-up. */
function keywordRule(description: string | undefined): Omit<Line, 'item_id'> | null {
  if (description === undefined) return null;
  const words = new Set(description.toLowerCase().match(/[a-z0-9]+/g) ?? []);
  const scores = KEYWORDS.map(({ category, words: weighted }) => ({ category, points: weighted.reduce((sum, [word, weight]) => sum + (words.has(word) ? weight : 0), 0) }));
  scores.sort((a, b) => b.points - a.points);
  const [best, second] = scores as [(typeof scores)[number], (typeof scores)[number]];
  if (best.points < KEYWORD_MIN_POINTS || best.points - second.points < KEYWORD_MIN_MARGIN) return null;
  return { category: best.category, rule: 'keywords', rule_detail: `description scores ${best.points} for ${best.category}, ${second.points} for ${second.category}` };
}

function classify(item: Item, rules: readonly Rule[]): Omit<Line, 'item_id'> {
  const resource = resourceOf(item.resource_label);
  return (
    customRule(item, resource, rules) ??
    catalogRule(item) ??
    pathRule(resource.path) ??
    keywordRule(item.description) ?? { category: 'unclassified', rule: 'none', rule_detail: 'no custom rule, catalog tool, path token or keyword majority' }
  );
}

const NEXT_ACTION: Record<Decision, string> = {
  unclassified_majority: 'Most spend is unclassified: add custom_rules for your main payees or hosts (pay_to, resource_host), or send tool_id and resource_label with each line, then classify again.',
  partially_classified: 'Review the unclassified lines and add custom_rules for their payees or hosts; the classified totals can be booked already.',
  classified: 'Book the totals by category; spot-check the lines classified by keywords, the weakest rule.',
};

const LIMITATIONS = [
  'Lines are classified from the submitted fields only: no receipt, payee or URL was looked up.',
  'The catalog map knows this service\'s own tools; other sellers\' tools are classified by path and keywords.',
];

/** x402-svc-agent-spend-category-classifier (design sheet §14): rules 1–5 per line, then the decision on the classified value share. */
export function analyzeSpendClassifier(input: SpendClassifierInput): ToolOutput<SpendClassifierResult> {
  const flags = new Set<string>();
  const limitations = [...LIMITATIONS];
  const rules = (input.custom_rules ?? []).map((rule) => ({ ...rule, value: rule.value.toLowerCase() }));
  const lines: Line[] = [];
  const totals = new Map<Category, { atomic: bigint; count: number }>();
  const value = { custom: 0n, catalog: 0n, path: 0n, keywords: 0n, none: 0n };
  const count = { custom: 0n, catalog: 0n, path: 0n, keywords: 0n, none: 0n };
  let total = 0n;
  const currencies = new Set<string>();
  const unknownNetworks: string[] = [];

  for (const item of input.items) {
    const atomic = AMT.toAtomic(item.amount)!;
    currencies.add(item.currency);
    if (item.network !== undefined && !ND(item.network).known) unknownNetworks.push(item.item_id);
    const line = { item_id: item.item_id, ...classify(item, rules) };
    lines.push(line);
    const sum = totals.get(line.category) ?? { atomic: 0n, count: 0 };
    totals.set(line.category, { atomic: sum.atomic + atomic, count: sum.count + 1 });
    value[line.rule] += atomic;
    count[line.rule] += 1n;
    total += atomic;
  }

  if (unknownNetworks.length > 0) {
    flags.add('unknown_network');
    limitations.push(`Networks not in the reference data, kept as written, on item(s) ${unknownNetworks.slice(0, 10).join(', ')}${unknownNetworks.length > 10 ? ', …' : ''}.`);
  }
  if (currencies.size > 1) {
    flags.add('mixed_currency');
    limitations.push('USD and USDC lines were added at par.');
  }
  // Shares weigh value; when every amount is zero they weigh lines instead.
  const byCount = total === 0n;
  if (byCount) limitations.push('Every amount is zero: the classified share is by count of lines.');
  const weight = byCount ? count : value;
  const whole = byCount ? BigInt(lines.length) : total;
  const classified = whole - weight.none;
  const share = AMT.ratio(classified, whole);
  // The thresholds are compared exactly in integers, not on the rounded share.
  const decision: Decision = classified * 2n < whole ? 'unclassified_majority' : classified * 10n < whole * 9n ? 'partially_classified' : 'classified';

  const strong = weight.custom + weight.catalog;
  const confidence = strong * 10n >= whole * 8n ? 'high' : classified === 0n || (weight.keywords > strong && weight.keywords > weight.path) ? 'low' : 'medium';
  if (count.keywords > 0n) flags.add('keyword_classified_spend');
  if (count.none > 0n) flags.add('unclassified_spend');

  const ordered = [...totals.entries()].map(([category, t], i) => ({ category, t, i }));
  ordered.sort((a, b) => (a.t.atomic > b.t.atomic ? -1 : a.t.atomic < b.t.atomic ? 1 : a.i - b.i));
  const totalsOut = ordered.map(({ category, t }) => ({ category, amount_decimal: AMT.toDecimal(t.atomic), count: t.count }));
  const unclassifiedLines = lines.filter((l) => l.rule === 'none').length;
  const summary = `${decision.replace('_', ' ')}: ${share} of ${AMT.toDecimal(total)} ${[...currencies].sort().join('/')} classified across ${lines.length} line(s); ${unclassifiedLines} unclassified; top category ${totalsOut[0]!.category} (${totalsOut[0]!.amount_decimal}).`;
  return x402Answer({ decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations }, { lines, totals: totalsOut, classified_value_share: share });
}
