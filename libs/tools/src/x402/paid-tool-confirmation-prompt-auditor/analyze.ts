import {
  DARK_PATTERN_PHRASES,
  DESTRUCTIVE_WARNING_WORDS,
  PAY_VERBS,
  PURPOSE_CUES,
  RECURRENCE_WORDS,
  X402_NETWORKS,
  consentText,
  phraseMatcher,
  type CatalogEntryOf,
  type RequestOf,
  type ResultOf,
} from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, ND, pointer } from '../helpers.js';
import { compareExact, parseExact, type ExactDecimal } from '../exact-decimal.js';
import { findMoney } from '../money-text.js';

type Entry = CatalogEntryOf<'x402_paid_tool_confirmation_prompt_auditor'>;
export type ConfirmationPromptInput = RequestOf<Entry>;
export type ConfirmationPromptResult = ResultOf<Entry>;
type Decision = ConfirmationPromptResult['decision'];
type Finding = ConfirmationPromptResult['findings'][number];
type Code = Finding['code'];
type Tool = ConfirmationPromptInput['tool'];

/** The sheet's findings in its order (the report order) with their severities. */
const SEVERITY: Record<Code, Finding['severity']> = {
  PRICE_MISSING: 'error',
  CURRENCY_MISSING: 'warning',
  SUBJECT_MISSING: 'warning',
  VAGUE_CONFIRM: 'warning',
  DEFAULT_IS_PAY: 'error',
  CANCEL_MISSING: 'error',
  PRECHECKED_SKIP: 'error',
  URGENCY_LANGUAGE: 'warning',
  RECURRENCE_UNDISCLOSED: 'error',
  DESTRUCTIVE_UNSTATED: 'warning',
  TOO_LONG: 'info',
};
const ORDER = Object.keys(SEVERITY) as Code[];
/** Characters of body text above which a prompt is too long to be read before confirming. */
const LONG_BODY = 600;

type Matchers = { phrase: string; test: RegExp }[];
const matchers = (list: readonly string[]): Matchers => list.map((phrase) => ({ phrase, test: phraseMatcher(phrase) }));
const URGENCY = matchers(DARK_PATTERN_PHRASES);
const RECURRENCE = matchers(RECURRENCE_WORDS);
const WARNINGS = matchers(DESTRUCTIVE_WARNING_WORDS);
const PAY = matchers(PAY_VERBS);
const PURPOSE = matchers(PURPOSE_CUES);
const USDC_WORD = matchers(['usdc']);
const USD_WORDS = matchers(['usd', 'us$', 'dollar', 'dollars']);

interface Piece {
  pointer: string;
  text: string;
  /** consentText(text): what the lists are matched against. */
  folded: string;
}

const piece = (at: string, text: string): Piece => ({ pointer: at, text, folded: consentText(text) });
const firstMatch = (pieces: Piece[], list: Matchers) => pieces.find((p) => list.some((m) => m.test.test(p.folded)));
const finding = (code: Code, at: string, value: string | null): Finding => ({ code, severity: SEVERITY[code], evidence: { pointer: at, value } });

/** What the prompt says: title and body (its statement), and its button labels. */
function piecesOf(prompt: ConfirmationPromptInput['prompt']): { statement: Piece[]; labels: Piece[] } {
  const statement = [...(prompt.title === undefined ? [] : [piece('/prompt/title', prompt.title)]), piece('/prompt/body_text', prompt.body_text)];
  return { statement, labels: prompt.buttons.map((b, i) => piece(pointer('prompt', 'buttons', i, 'label'), b.label)) };
}

/**
 * PRICE_MISSING: no amount with a currency equal to the price. CURRENCY_MISSING: the price is shown,
 * but the tool's currency is never named ("$1.00" for a USDC price); a missing price already says both.
 */
function disclosureFindings(statement: Piece[], tool: Tool, price: ExactDecimal): Finding[] {
  const mentions = statement.flatMap((p) => findMoney(p.text));
  if (!mentions.some((m) => m.value !== null && compareExact(m.value, price) === 0)) return [finding('PRICE_MISSING', '/prompt/body_text', mentions.length === 0 ? null : mentions.map((m) => m.text).join(', '))];
  const named = tool.currency === 'USDC' ? firstMatch(statement, USDC_WORD) !== undefined : mentions.some((m) => m.currency === 'USD') || firstMatch(statement, USD_WORDS) !== undefined;
  return named ? [] : [finding('CURRENCY_MISSING', '/prompt/body_text', mentions.map((m) => m.text).join(', '))];
}

const spaced = (text: string) => consentText(text).replace(/[_-]+/g, ' ');

/** The tool's name as people would write it (any case, "_" or "-" or a space between words), or a purpose cue. */
function namesTool(statement: Piece[], name: string): boolean {
  const named = phraseMatcher(spaced(name));
  return statement.some((p) => named.test(spaced(p.text))) || firstMatch(statement, PURPOSE) !== undefined;
}

/** VAGUE_CONFIRM for each confirm button without a pay verb and an amount; for the prompt when no button confirms. */
function confirmFindings(prompt: ConfirmationPromptInput['prompt'], labels: Piece[]): Finding[] {
  const confirms = labels.filter((_, i) => prompt.buttons[i]!.action === 'confirm');
  if (confirms.length === 0) return [finding('VAGUE_CONFIRM', '/prompt/buttons', null)];
  return confirms.filter((label) => !(PAY.some((m) => m.test.test(label.folded)) && /\d/.test(label.text))).map((label) => finding('VAGUE_CONFIRM', label.pointer, label.text));
}

function buttonFindings(input: ConfirmationPromptInput, aboveThreshold: boolean): Finding[] {
  const { buttons, dont_ask_again: skip } = input.prompt;
  const found: Finding[] = [];
  const defaultPay = buttons.findIndex((b) => b.is_default && b.action === 'confirm');
  if (defaultPay >= 0 && aboveThreshold) found.push(finding('DEFAULT_IS_PAY', pointer('prompt', 'buttons', defaultPay, 'is_default'), buttons[defaultPay]!.label));
  if (!buttons.some((b) => b.action === 'cancel')) found.push(finding('CANCEL_MISSING', '/prompt/buttons', null));
  if (skip?.present && skip.prechecked && aboveThreshold) found.push(finding('PRECHECKED_SKIP', '/prompt/dont_ask_again/prechecked', 'true'));
  return found;
}

function wordingFindings(statement: Piece[], labels: Piece[], tool: Tool): Finding[] {
  const everything = [...statement, ...labels];
  const found: Finding[] = [];
  for (const urgency of URGENCY) {
    const where = everything.find((p) => urgency.test.test(p.folded));
    if (where) found.push(finding('URGENCY_LANGUAGE', where.pointer, urgency.phrase));
  }
  if (tool.recurring && firstMatch(everything, RECURRENCE) === undefined) found.push(finding('RECURRENCE_UNDISCLOSED', '/prompt/body_text', null));
  if (tool.destructiveHint === true && firstMatch(statement, WARNINGS) === undefined) found.push(finding('DESTRUCTIVE_UNSTATED', '/prompt/body_text', null));
  return found;
}

/** A price as people read it: at least two fraction digits ("1.00", "0.01", "0.001"). */
function shownPrice(price: string): string {
  const [whole, fraction = ''] = AMT.canonical(price)!.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** A network's readable name ("Base Sepolia"), or the id as given when the reference data does not know it. */
function networkName(network: string): string {
  const caip2 = ND(network).network;
  const alias = X402_NETWORKS.find((n) => n.caip2 === caip2)?.alias;
  return alias === undefined ? caip2 : alias.split('-').map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' ');
}

/** A prompt that passes every rule: subject, price, currency, network, recurrence, effect, and how to decline. */
function suggestedPrompt(tool: Tool): ConfirmationPromptResult['suggested_prompt'] {
  const amount = `${shownPrice(tool.price)} ${tool.currency}`;
  const sentences = [`Pay ${amount} on ${networkName(tool.network)} to run ${tool.name}.`];
  if (tool.recurring) sentences.push(`This is a recurring charge: ${amount} every period until you cancel it.`);
  if (tool.destructiveHint === true) sentences.push('Warning: this tool changes or deletes data, and that cannot be undone.');
  else if (tool.readOnlyHint === true) sentences.push('It only reads data.');
  sentences.push('Cancel to go back without paying.');
  return { body_text: sentences.join(' '), confirm_label: `Pay ${amount}` };
}

const NEXT_ACTION: Record<Decision, string> = {
  invalid_consent: 'Do not ship this prompt: it cannot obtain informed consent to pay. Fix the error findings (start from suggested_prompt), then audit it again.',
  weak_consent: 'Tighten the prompt before shipping: resolve the warnings (suggested_prompt shows a compliant wording) so the person knows what, how much and in which currency they pay.',
  clear_consent: 'The prompt obtains explicit, informed consent; audit it again whenever the tool\'s price, currency or annotations change.',
};

const LIMITATIONS = [
  'Only the prompt\'s text, buttons and checkbox are read: not how it is rendered (prominence, colour, order on screen).',
  'The wording lists are English; a prompt in another language is judged on its amounts and buttons only.',
  'A purpose is recognised from a short list of cues ("to get", "for your"); a purpose phrased otherwise counts only when the tool\'s name is shown.',
];

/** x402-paid-tool-confirmation-prompt-auditor (design sheet §39). */
export function analyzeConfirmationPrompt(input: ConfirmationPromptInput): ToolOutput<ConfirmationPromptResult> {
  const { tool, prompt } = input;
  const flags = new Set<string>();
  if (!ND(tool.network).known) flags.add('unknown_network');
  const price = parseExact(tool.price)!;
  const threshold = input.approval_free_below === undefined ? { n: 0n, scale: 0 } : parseExact(input.approval_free_below)!;
  const { statement, labels } = piecesOf(prompt);
  const findings = [
    ...disclosureFindings(statement, tool, price),
    ...(namesTool(statement, tool.name) ? [] : [finding('SUBJECT_MISSING', '/prompt/body_text', null)]),
    ...confirmFindings(prompt, labels),
    ...buttonFindings(input, compareExact(price, threshold) > 0),
    ...wordingFindings(statement, labels, tool),
    ...(prompt.body_text.length > LONG_BODY ? [finding('TOO_LONG', '/prompt/body_text', `${prompt.body_text.length} characters`)] : []),
  ].sort((a, b) => ORDER.indexOf(a.code) - ORDER.indexOf(b.code));
  for (const f of findings) flags.add(f.code.toLowerCase());

  const count = (severity: Finding['severity']) => findings.filter((f) => f.severity === severity).length;
  const decision: Decision = count('error') > 0 ? 'invalid_consent' : count('warning') > 0 ? 'weak_consent' : 'clear_consent';
  const codes = [...new Set(findings.map((f) => f.code))].join(', ');
  const summary = `${decision.replace('_', ' ')}: ${count('error')} error, ${count('warning')} warning and ${count('info')} info finding${findings.length === 1 ? '' : 's'} on the prompt for ${tool.name} at ${tool.price} ${tool.currency}${codes ? ` (${codes})` : ''}.`;
  return x402Answer({ decision, confidence: 'high', summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations: [...LIMITATIONS] }, { findings, suggested_prompt: suggestedPrompt(tool) });
}
