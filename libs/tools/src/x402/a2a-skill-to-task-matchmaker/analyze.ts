import { SKILL_MATCHMAKER_RANKED_MAX, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { a2aCardVersion, cardDefaultModes, cardSkills, cardX402Extension, type CardSkill } from '../a2a-card.js';
import { x402Answer } from '../answer.js';
import { AMT, pointer, textOf, type JsonObject } from '../helpers.js';
import { bm25, contentTokens, termCounter } from '../lexical.js';

type Entry = CatalogEntryOf<'x402_a2a_skill_to_task_matchmaker'>;
export type SkillMatchmakerInput = RequestOf<Entry>;
export type SkillMatchmakerResult = ResultOf<Entry>;
type Decision = SkillMatchmakerResult['decision'];
type Ranked = SkillMatchmakerResult['ranked'][number];
type ModeFit = Ranked['mode_fit'];

/** Weight of the required-tag share added to BM25 (design sheet §51 step 2). */
const TAG_BONUS = 0.1;
const STRONG_COVERAGE = 0.6;
/** A runner-up with at least this share of the top's BM25 makes the top ambiguous. */
const AMBIGUITY_RATIO = 0.9;
const HIGH_CONFIDENCE_TOKENS = 8;

interface Candidate {
  card: number;
  agentName: string;
  skill: CardSkill & { id: string };
  /** Name, description, tags and examples: the skill's document. */
  texts: string[];
  price: string | null;
  inputModes: string[];
  outputModes: string[];
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** How a skill's offered modes cover one required mode: as listed, through a wildcard (any type, or any subtype of its type), or not. */
function modeCover(required: string, offered: readonly string[]): ModeFit {
  const want = required.toLowerCase();
  const lower = offered.map((m) => m.toLowerCase());
  if (lower.includes(want)) return 'exact';
  const type = want.split('/')[0];
  return lower.includes('*/*') || lower.includes(`${type}/*`) ? 'wildcard' : 'unfit';
}

function modeFit(input: SkillMatchmakerInput, c: Candidate): ModeFit {
  const covers = [...input.task.input_modes.map((m) => modeCover(m, c.inputModes)), ...input.task.output_modes.map((m) => modeCover(m, c.outputModes))];
  return covers.includes('unfit') ? 'unfit' : covers.includes('wildcard') ? 'wildcard' : 'exact';
}

function candidatesOf(cards: readonly JsonObject[]): { candidates: Candidate[]; withoutId: number; unknownVersion: number } {
  const candidates: Candidate[] = [];
  let withoutId = 0;
  let unknownVersion = 0;
  for (const [card, doc] of cards.entries()) {
    if (a2aCardVersion(doc) === null) unknownVersion += 1;
    const defaults = cardDefaultModes(doc);
    const price = cardX402Extension(doc)?.price ?? null;
    const agentName = textOf(doc.name) ?? `card[${card}]`;
    for (const skill of cardSkills(doc)) {
      if (skill.id === null) {
        withoutId += 1;
        continue;
      }
      const texts = [skill.name, skill.description, ...skill.tags, ...skill.examples].filter((t) => t !== null);
      candidates.push({ card, agentName, skill: { ...skill, id: skill.id }, texts, price, inputModes: skill.inputModes ?? defaults.input, outputModes: skill.outputModes ?? defaults.output });
    }
  }
  return { candidates, withoutId, unknownVersion };
}

function filterReason(input: SkillMatchmakerInput, c: Candidate, fit: ModeFit, coverage: number): Ranked['filtered_out_reason'] {
  if (fit === 'unfit') return 'modes_unsupported';
  const tags = new Set(c.skill.tags.map((t) => t.toLowerCase()));
  if (!input.task.required_tags.every((t) => tags.has(t.toLowerCase()))) return 'required_tags_missing';
  const max = input.task.max_price;
  if (max !== undefined && c.price !== null && AMT.toAtomic(c.price)! > AMT.toAtomic(max)!) return 'price_above_max';
  return coverage < input.min_coverage ? 'coverage_below_min' : null;
}

interface Scored {
  ranked: Ranked;
  rawBm25: number;
  rawCoverage: number;
  candidate: Candidate;
}

function score(input: SkillMatchmakerInput, taskTokens: readonly string[], candidates: readonly Candidate[]): Scored[] {
  const counter = termCounter(taskTokens);
  const unique = counter.terms;
  const matches = bm25(unique, candidates.map((c) => counter.count(c.texts)));
  const required = input.task.required_tags.map((t) => t.toLowerCase());
  return candidates.map((c, i) => {
    const { score: lexical, matched } = matches[i]!;
    const coverage = unique.length === 0 ? 0 : matched.length / unique.length;
    const tags = new Set(c.skill.tags.map((t) => t.toLowerCase()));
    const tagShare = required.length === 0 ? 0 : required.filter((t) => tags.has(t)).length / required.length;
    const rawBm25 = lexical + TAG_BONUS * tagShare;
    const fit = modeFit(input, c);
    const ranked: Ranked = {
      agent_name: c.agentName,
      skill_id: c.skill.id,
      pointer: `${pointer('agent_cards', c.card)}${c.skill.pointer}`,
      bm25: round4(rawBm25),
      coverage: round4(coverage),
      matched_terms: [...matched].sort(byText),
      mode_fit: fit,
      filtered_out_reason: filterReason(input, c, fit, coverage),
    };
    return { ranked, rawBm25, rawCoverage: coverage, candidate: c };
  });
}

/** Candidates first, then BM25 (highest first), then agent name and skill id (design sheet §51 step 5), then input order. */
function rank(scored: Scored[]): Scored[] {
  return scored
    .map((s, i) => ({ s, i }))
    .sort(
      (a, b) =>
        Number(a.s.ranked.filtered_out_reason !== null) - Number(b.s.ranked.filtered_out_reason !== null) ||
        b.s.rawBm25 - a.s.rawBm25 ||
        byText(a.s.ranked.agent_name, b.s.ranked.agent_name) ||
        byText(a.s.ranked.skill_id, b.s.ranked.skill_id) ||
        a.i - b.i,
    )
    .map(({ s }) => s);
}

function decide(passing: readonly Scored[]): { decision: Decision; flags: string[] } {
  const [top, second] = passing;
  if (!top) return { decision: 'no_match', flags: [] };
  const flags: string[] = [];
  if (top.rawCoverage < STRONG_COVERAGE) flags.push('low_coverage');
  if (second && second.rawBm25 >= AMBIGUITY_RATIO * top.rawBm25) flags.push('ambiguous_top');
  return { decision: flags.length > 0 ? 'weak_match' : 'strong_match', flags };
}

const NEXT_ACTION: Record<Decision, string> = {
  no_match: 'No skill of these agents fits the task: widen the search to other agents, or relax required tags, modes, max_price or min_coverage if they were stricter than needed.',
  weak_match: 'Confirm before delegating: the top skill covers the task only partly or another skill scores almost as high; read both skills\' descriptions or ask the agents.',
  strong_match: 'Delegate to the top skill; check the agent card\'s trust shape first, and pay only what its live 402 challenge asks.',
};

const LIMITATIONS = [
  'Matching is lexical (stopwords, one suffix stemmed, BM25): synonyms and paraphrases do not match, and nothing about the agents\' real abilities is tested.',
  'Cards are read as submitted; nothing was fetched. Prices are the x402 extension\'s declared params; a card that declares none passes the price filter.',
];

/** x402-a2a-skill-to-task-matchmaker (design sheet §51): tokenize, BM25 + tag share, coverage, hard filters, then the decision. */
export function analyzeSkillMatchmaker(input: SkillMatchmakerInput): ToolOutput<SkillMatchmakerResult> {
  const taskTokens = contentTokens(input.task.description);
  const { candidates, withoutId, unknownVersion } = candidatesOf(input.agent_cards);
  const ordered = rank(score(input, taskTokens, candidates));
  const passing = ordered.filter((s) => s.ranked.filtered_out_reason === null);
  const { decision, flags } = decide(passing);
  const limitations = [...LIMITATIONS];
  if (withoutId > 0) {
    flags.push('skill_without_id');
    limitations.push(`${withoutId} skill(s) without an id were not ranked.`);
  }
  if (unknownVersion > 0) flags.push('card_version_unknown');
  const top = passing[0];
  if (top && input.task.max_price !== undefined && top.candidate.price === null) flags.push('top_price_undeclared');
  if (ordered.length > SKILL_MATCHMAKER_RANKED_MAX) limitations.push(`${ordered.length} skills were ranked; the first ${SKILL_MATCHMAKER_RANKED_MAX} are listed.`);
  const uniqueTokens = new Set(taskTokens).size;
  const topText = top ? `top ${top.ranked.skill_id} of ${top.ranked.agent_name} (coverage ${top.ranked.coverage}, BM25 ${top.ranked.bm25})` : `no skill passes the filters with coverage ≥ ${input.min_coverage}`;
  const summary = `${decision}: ${passing.length} of ${candidates.length} skill(s) on ${input.agent_cards.length} card(s) are candidates for a task of ${uniqueTokens} content token(s); ${topText}.`;
  return x402Answer(
    { decision, confidence: uniqueTokens >= HIGH_CONFIDENCE_TOKENS ? 'high' : 'medium', summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations },
    { ranked: ordered.slice(0, SKILL_MATCHMAKER_RANKED_MAX).map((s) => s.ranked), top: top?.ranked ?? null },
  );
}
