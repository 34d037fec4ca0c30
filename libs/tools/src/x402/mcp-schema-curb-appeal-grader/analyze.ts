import { CURB_APPEAL_GRADES, MCP_ANNOTATION_HINTS, MCP_TOOL_NAME, x402ContentWords, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { isJsonObject, percentile, pointer, type JsonObject } from '../helpers.js';
import { mcpToolPaid } from '../mcp-tool.js';

type Entry = CatalogEntryOf<'x402_mcp_schema_curb_appeal_grader'>;
export type CurbAppealInput = RequestOf<Entry>;
export type CurbAppealResult = ResultOf<Entry>;
type Decision = CurbAppealResult['decision'];
type GradeRow = CurbAppealResult['grades'][number];
type Grade = GradeRow['grade'];
type LostPoints = GradeRow['lost_points'][number];
type Criterion = LostPoints['criterion'];

/** The rubric (design sheet §28): the most points each criterion gives. They add up to 95, the best score. */
export const RUBRIC_POINTS = {
  name: 5,
  title: 5,
  description: 10,
  price_disclosure: 10,
  input_schema: 10,
  described_properties: 15,
  bounded_properties: 10,
  required_list: 5,
  output_schema: 10,
  annotation_hints: 10,
  examples: 5,
} as const satisfies Partial<Record<Criterion, number>>;
export const RUBRIC_PENALTIES = { token_bloat: 5, lookalike: 10 } as const satisfies Partial<Record<Criterion, number>>;
export const CURB_APPEAL_RULES = {
  /** A name longer than this is harder to pick, even where MCP allows up to 128 characters. */
  nameMaxLength: 64,
  description: { min: 40, max: 1024 },
  /** Serialized characters past which a definition costs the model too many tokens. */
  bloatChars: 8000,
  lookalikeJaccard: 0.8,
  /** Lowest score of each grade but F, best first. */
  gradeFloors: [90, 80, 70, 60],
} as const;

/** Keywords that bound a property's values (the sheet's list, plus const and the two-valued boolean). */
const BOUNDING_KEYWORDS = ['maxLength', 'enum', 'const', 'pattern', 'format', 'maxItems', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;
/** A stated price: an amount next to a currency symbol or code, either way round. */
const PRICE_TEXT = /\$\s?\d|\d(?:[\d.,]*\d)?\s*(?:usdc|usd|eurc|dollars?|cents?)\b|\b(?:usdc|usd|eurc)\s*\d/i;

const round2 = (n: number) => Math.round(n * 100) / 100;
const nonBlank = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const hasItems = (value: unknown) => Array.isArray(value) && value.length > 0;

export function gradeOf(score: number): Grade {
  const index = CURB_APPEAL_RULES.gradeFloors.findIndex((floor) => score >= floor);
  return CURB_APPEAL_GRADES[index === -1 ? CURB_APPEAL_GRADES.length - 1 : index]!;
}

/** The share of `items` meeting `test`; 1 when there are none (nothing left to improve). */
const share = <T>(items: T[], test: (item: T) => boolean) => (items.length === 0 ? 1 : items.filter(test).length / items.length);

/** The rubric criteria a definition loses points on, in rubric order, with the points lost (earned = maximum − lost). */
export function rubricLosses(tool: JsonObject & { name: string }, i: number): LostPoints[] {
  const lost: LostPoints[] = [];
  const lose = (criterion: keyof typeof RUBRIC_POINTS, fraction: number, ...at: (string | number)[]) => {
    const points = round2(RUBRIC_POINTS[criterion] * fraction);
    if (points > 0) lost.push({ criterion, points, pointer: pointer('tools', i, ...at) });
  };
  if (!MCP_TOOL_NAME.pattern.test(tool.name) || tool.name.length > CURB_APPEAL_RULES.nameMaxLength) lose('name', 1, 'name');
  const annotations = isJsonObject(tool.annotations) ? tool.annotations : {};
  if (!nonBlank(tool.title) && !nonBlank(annotations.title)) lose('title', 1, 'title');
  const description = nonBlank(tool.description) ? tool.description.trim() : '';
  const { min, max } = CURB_APPEAL_RULES.description;
  if (description.length < min || description.length > max) lose('description', description === '' ? 1 : 0.5, 'description');
  if (mcpToolPaid(tool) && !PRICE_TEXT.test(description)) lose('price_disclosure', 1, 'description');

  const input = isJsonObject(tool.inputSchema) && tool.inputSchema.type === 'object' ? tool.inputSchema : null;
  if (input === null || input.additionalProperties !== false) lose('input_schema', input === null ? 1 : 0.5, 'inputSchema');
  const props = input !== null && isJsonObject(input.properties) ? Object.entries(input.properties) : [];
  const schemas = props.map(([, schema]) => (isJsonObject(schema) ? schema : {}));
  lose('described_properties', 1 - share(schemas, (s) => nonBlank(s.description)), 'inputSchema', 'properties');
  lose('bounded_properties', 1 - share(schemas, (s) => s.type === 'boolean' || BOUNDING_KEYWORDS.some((k) => s[k] !== undefined)), 'inputSchema', 'properties');
  if (props.length > 0 && !Array.isArray(input?.required)) lose('required_list', 1, 'inputSchema', 'required');
  if (!isJsonObject(tool.outputSchema)) lose('output_schema', 1, 'outputSchema');
  const hints = MCP_ANNOTATION_HINTS.filter((hint) => typeof annotations[hint] === 'boolean').length;
  lose('annotation_hints', (MCP_ANNOTATION_HINTS.length - hints) / MCP_ANNOTATION_HINTS.length, 'annotations');
  if (!hasItems(tool.examples) && !hasItems(input?.examples) && !schemas.some((s) => hasItems(s.examples))) lose('examples', 1, 'inputSchema', 'examples');
  if (JSON.stringify(tool).length > CURB_APPEAL_RULES.bloatChars) lost.push({ criterion: 'token_bloat', points: RUBRIC_PENALTIES.token_bloat, pointer: pointer('tools', i) });
  return lost;
}

/**
 * Pairs of tools whose description word sets have a Jaccard similarity ≥ 0.8 (stemmed, without
 * stopwords); the lookalikes of each tool by index, ascending. Shared words are counted per pair
 * from each word's list of tools, so words only one description uses cost nothing.
 */
export function lookalikePairs(descriptions: readonly string[]): number[][] {
  const n = descriptions.length;
  const sizes: number[] = [];
  const toolsOfWord = new Map<string, number[]>();
  descriptions.forEach((description, tool) => {
    const words = x402ContentWords(description);
    sizes.push(words.size);
    for (const word of words) {
      const tools = toolsOfWord.get(word);
      if (tools) tools.push(tool);
      else toolsOfWord.set(word, [tool]);
    }
  });
  const shared = new Int32Array(n * n);
  for (const tools of toolsOfWord.values()) {
    for (let x = 0; x < tools.length; x += 1) for (let y = x + 1; y < tools.length; y += 1) shared[tools[x]! * n + tools[y]!]! += 1;
  }
  const pairs: number[][] = sizes.map(() => []);
  for (let a = 0; a < n; a += 1) {
    for (let b = a + 1; b < n; b += 1) {
      const both = shared[a * n + b]!;
      if (both > 0 && both / (sizes[a]! + sizes[b]! - both) >= CURB_APPEAL_RULES.lookalikeJaccard) {
        pairs[a]!.push(b);
        pairs[b]!.push(a);
      }
    }
  }
  return pairs.map((list) => list.sort((x, y) => x - y));
}

const NEXT_ACTION: Record<Decision, string> = {
  needs_work: 'Fix the lowest-scoring definitions first (grades is sorted by score): add titles, 40–1024 character descriptions that state the price, closed and described input schemas, output schemas and explicit annotation hints; reword lookalikes apart.',
  acceptable: 'Raise the D grades and the median: take the lost_points of each grade, largest first.',
  appealing: 'The definitions read well to a model choosing tools; grade again after each change.',
};

const LIMITATIONS = [
  'A static rubric over the submitted definitions; how a given model actually ranks them was not measured.',
  'Lookalikes compare description words only (stemmed, stopwords removed); names and schemas are not compared.',
  'A paid tool\'s price is taken as stated when the description holds an amount with a currency; the amount is not checked against _meta.price.',
];

/** x402-mcp-schema-curb-appeal-grader (design sheet §28): the rubric per tool, lookalike penalties, grades, then the decision in the sheet's order. */
export function analyzeCurbAppealGrader(input: CurbAppealInput): ToolOutput<CurbAppealResult> {
  const flags = new Set<string>();
  const lookalikes = lookalikePairs(input.tools.map((t) => (nonBlank(t.description) ? t.description : '')));
  const maximum = Object.values(RUBRIC_POINTS).reduce((sum, p) => sum + p, 0);
  const rows = input.tools.map((tool, i) => {
    const lost = rubricLosses(tool, i);
    lost.push(...lookalikes[i]!.map(() => ({ criterion: 'lookalike' as const, points: RUBRIC_PENALTIES.lookalike, pointer: pointer('tools', i, 'description') })));
    const score = Math.max(0, round2(maximum - lost.reduce((sum, l) => sum + l.points, 0)));
    for (const { criterion } of lost) if (FLAG_OF[criterion]) flags.add(FLAG_OF[criterion]);
    return { row: { tool: tool.name, score, grade: gradeOf(score), lost_points: lost, lookalikes: lookalikes[i]!.map((j) => input.tools[j]!.name) }, i };
  });
  const grades = rows.sort((a, b) => a.row.score - b.row.score || a.i - b.i).map(({ row }) => row);
  const median = percentile(grades.map((g) => g.score), 0.5)!;
  const worst = grades[0]!.grade;
  const decision: Decision = worst === 'F' || median < 70 ? 'needs_work' : median < 85 || worst === 'D' ? 'acceptable' : 'appealing';
  if (worst === 'F') flags.add('failing_grade');

  const tally = CURB_APPEAL_GRADES.map((g) => `${grades.filter((r) => r.grade === g).length} ${g}`).join(', ');
  const pairs = lookalikes.reduce((sum, list) => sum + list.length, 0) / 2;
  const summary = `${decision.replace('_', ' ')}: median score ${median} of ${maximum} over ${grades.length} tool(s) (${tally}); lowest ${grades[0]!.tool} at ${grades[0]!.score}${pairs > 0 ? `; ${pairs} lookalike pair(s)` : ''}.`;
  return x402Answer({ decision, confidence: 'high', summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations: [...LIMITATIONS] }, { grades, median_score: median });
}

/** The risk flag a lost criterion raises, for the criteria that put an agent or its user at risk. */
const FLAG_OF: Partial<Record<Criterion, string>> = {
  name: 'tool_name_unfit',
  price_disclosure: 'price_not_disclosed',
  token_bloat: 'token_bloat',
  lookalike: 'lookalike_tools',
};
