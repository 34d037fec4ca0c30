import { SKILL_MATCHMAKER_LIMITS, X402_REQUEST_LIMITS, a2aSkillToTaskMatchmakerRequest, a2aSkillToTaskMatchmakerResult, catalogEntry, serializedBytes } from '@paysight/contracts';
import { analyzeSkillMatchmaker } from './analyze.js';

const X402_EXTENSION = 'https://github.com/google-agentic-commerce/a2a-x402/blob/main/spec/v0.2';

function run(body: Record<string, unknown>) {
  const output = analyzeSkillMatchmaker(a2aSkillToTaskMatchmakerRequest.parse(body));
  expect(a2aSkillToTaskMatchmakerResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

type Skill = { id?: string; name?: string; description?: string; tags?: string[]; inputModes?: string[]; outputModes?: string[] };
/** A v0.3 card with the given skills, modes and optional x402 extension params. */
const card = (name: string, skills: Skill[], extra: Record<string, unknown> = {}) => ({
  name,
  description: 'd',
  url: `https://${name.toLowerCase().replace(/\W/g, '')}.example/a2a`,
  protocolVersion: '0.3.0',
  version: '1',
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['application/json'],
  skills,
  ...extra,
});
const priced = (price: string) => ({ capabilities: { extensions: [{ uri: X402_EXTENSION, required: true, params: { price } }] } });
const decoder: Skill = { id: 's1', name: 'Transaction decoder', description: 'decode EVM transactions and token transfers', tags: ['evm', 'transaction', 'decode'] };

describe('x402-a2a-skill-to-task-matchmaker', () => {
  it('the worked example of design §51: s1 covers 4 of 6 task tokens, s2 none; strong_match, top s1', () => {
    const result = run(catalogEntry('x402_a2a_skill_to_task_matchmaker').example as Record<string, unknown>);
    expect(result.decision).toBe('strong_match');
    expect(result.confidence).toBe('medium');
    expect(result.top).toMatchObject({ agent_name: 'Tx decoder', skill_id: 's1', coverage: 0.6667, matched_terms: ['decode', 'token', 'transaction', 'transfer'], mode_fit: 'exact', filtered_out_reason: null, pointer: '/agent_cards/0/skills/0' });
    expect(result.ranked.map((r) => [r.skill_id, r.coverage, r.filtered_out_reason])).toEqual([
      ['s1', 0.6667, null],
      ['s2', 0, 'coverage_below_min'],
    ]);
    expect(result.ranked[1]!.bm25).toBe(0);
    expect(result.risk_flags).toEqual([]);
  });

  it('weak_match when the top covers under 60% of the task', () => {
    const result = run({ task: { description: 'decode transaction token transfers and compute gas refund summary' }, agent_cards: [card('A', [decoder])] });
    expect(result.decision).toBe('weak_match');
    expect(result.top?.coverage).toBe(0.5);
    expect(result.risk_flags).toEqual(['low_coverage']);
  });

  it('weak_match when the runner-up scores at least 0.9 of the top; ties go by card name, then skill id', () => {
    const twin = { ...decoder, id: 's0' };
    const result = run({ task: { description: 'decode a base transaction and explain token transfers' }, agent_cards: [card('B', [decoder]), card('A', [decoder, twin])] });
    expect(result.decision).toBe('weak_match');
    expect(result.risk_flags).toEqual(['ambiguous_top']);
    expect(result.ranked.map((r) => `${r.agent_name}/${r.skill_id}`)).toEqual(['A/s0', 'A/s1', 'B/s1']);
  });

  it('no_match when no skill passes the filters with enough coverage', () => {
    const result = run({ task: { description: 'translate legal contracts into french' }, agent_cards: [card('A', [decoder])] });
    expect(result.decision).toBe('no_match');
    expect(result.top).toBeNull();
    expect(result.ranked[0]!.filtered_out_reason).toBe('coverage_below_min');
  });

  it('hard filters in order: modes (skill modes over card defaults, wildcards), required tags, declared x402 price', () => {
    const description = 'decode transaction token transfers';
    const wildcard = { ...decoder, id: 'w', outputModes: ['image/*'] };
    const cards = [card('Modes', [decoder, wildcard]), card('Pricey', [decoder], priced('0.05')), card('Cheap', [{ ...decoder, tags: ['evm'] }], priced('$0.001'))];
    const result = run({ task: { description, output_modes: ['image/png'], required_tags: ['EVM', 'transaction'], max_price: '0.01' }, agent_cards: cards });
    const by = (agent: string, id: string) => result.ranked.find((r) => r.agent_name === agent && r.skill_id === id)!;
    expect(by('Modes', 's1')).toMatchObject({ mode_fit: 'unfit', filtered_out_reason: 'modes_unsupported' });
    expect(by('Modes', 'w')).toMatchObject({ mode_fit: 'wildcard', filtered_out_reason: null });
    expect(by('Pricey', 's1').filtered_out_reason).toBe('modes_unsupported');
    const noImage = run({ task: { description, required_tags: ['EVM', 'transaction'], max_price: '0.01' }, agent_cards: cards });
    const again = (agent: string) => noImage.ranked.find((r) => r.agent_name === agent)!;
    expect(again('Pricey').filtered_out_reason).toBe('price_above_max');
    expect(again('Cheap').filtered_out_reason).toBe('required_tags_missing');
    expect(noImage.top).toMatchObject({ agent_name: 'Modes', skill_id: 's1' });
    // required tags add 0.1 × the share matched to BM25, and Modes declares no price
    expect(noImage.risk_flags).toEqual(['ambiguous_top', 'top_price_undeclared']);
  });

  it('v1.0 cards, skills without id skipped, unknown card shapes flagged; confidence high from 8 content tokens', () => {
    const v10 = { name: 'V1', supportedInterfaces: [{ url: 'https://v1.example', protocolBinding: 'JSONRPC' }], defaultInputModes: ['*/*'], defaultOutputModes: ['*/*'], skills: [decoder, { name: 'nameless' }] };
    const result = run({
      task: { description: 'decode evm transaction token transfers quickly for auditors reviewing payments', input_modes: ['application/pdf'] },
      agent_cards: [v10, { skills: [{ id: 'x', description: 'payments review' }] }],
    });
    expect(result.confidence).toBe('high');
    expect(result.top).toMatchObject({ agent_name: 'V1', skill_id: 's1', mode_fit: 'wildcard' });
    expect(result.ranked[1]).toMatchObject({ agent_name: 'card[1]', skill_id: 'x' });
    expect(result.risk_flags).toEqual(['card_version_unknown', 'low_coverage', 'skill_without_id']);
    expect(result.limitations.some((l) => l.startsWith('1 skill(s) without an id'))).toBe(true);
  });

  describe('request bounds', () => {
    const ok = (body: Record<string, unknown>) => expect(a2aSkillToTaskMatchmakerRequest.safeParse(body).error).toBeUndefined();
    const refused = (body: Record<string, unknown>) => expect(a2aSkillToTaskMatchmakerRequest.safeParse(body).success).toBe(false);
    const cards = [card('A', [decoder])];

    it('description, cards, modes, tags, min_coverage and max_price at and past their bounds; types; extra properties', () => {
      ok({ task: { description: 'x'.repeat(SKILL_MATCHMAKER_LIMITS.description) }, agent_cards: cards });
      refused({ task: { description: 'x'.repeat(SKILL_MATCHMAKER_LIMITS.description + 1) }, agent_cards: cards });
      refused({ task: { description: '' }, agent_cards: cards });
      ok({ task: { description: 'x' }, agent_cards: Array.from({ length: SKILL_MATCHMAKER_LIMITS.cards }, () => cards[0]) });
      refused({ task: { description: 'x' }, agent_cards: Array.from({ length: SKILL_MATCHMAKER_LIMITS.cards + 1 }, () => cards[0]) });
      refused({ task: { description: 'x' }, agent_cards: [] });
      ok({ task: { description: 'x', input_modes: Array(SKILL_MATCHMAKER_LIMITS.modes).fill('text/plain'), required_tags: Array(SKILL_MATCHMAKER_LIMITS.tags).fill('t') }, agent_cards: cards });
      refused({ task: { description: 'x', input_modes: Array(SKILL_MATCHMAKER_LIMITS.modes + 1).fill('text/plain') }, agent_cards: cards });
      refused({ task: { description: 'x', required_tags: Array(SKILL_MATCHMAKER_LIMITS.tags + 1).fill('t') }, agent_cards: cards });
      ok({ task: { description: 'x', max_price: '0.000001' }, agent_cards: cards, min_coverage: 1 });
      refused({ task: { description: 'x', max_price: '0.0000001' }, agent_cards: cards });
      refused({ task: { description: 'x' }, agent_cards: cards, min_coverage: 1.01 });
      refused({ task: { description: 'x' }, agent_cards: cards, min_coverage: '0.5' });
      refused({ task: { description: 42 }, agent_cards: cards });
      refused({ task: { description: 'x' }, agent_cards: ['card'] });
      refused({ task: { description: 'x', budget: 1 }, agent_cards: cards });
      refused({ task: { description: 'x' }, agent_cards: cards, extra: true });
      const pad = (bytes: number) => ({ p: 'x'.repeat(bytes - '{"p":""}'.length) });
      ok({ task: { description: 'x' }, agent_cards: [pad(X402_REQUEST_LIMITS.documentBytes)] });
      refused({ task: { description: 'x' }, agent_cards: [pad(X402_REQUEST_LIMITS.documentBytes + 1)] });
    });

    it('answers a maximum input (20 cards, about 1 MiB of skills) quickly, listing 20', () => {
      const skills = Array.from({ length: 125 }, (_, i) => ({ id: `s${i}`, name: `Skill ${i}`, description: `decode transaction ${i} token transfers and summarize wallet activity across chains with evidence`.repeat(3), tags: ['evm', `t${i}`], examples: ['decode this transaction'] }));
      const body = { task: { description: 'decode a base transaction and explain token transfers '.repeat(36).slice(0, 2000) }, agent_cards: Array.from({ length: 20 }, (_, i) => card(`Agent ${i}`, skills)) };
      expect(serializedBytes(body)).toBeGreaterThan(900 * 1024);
      expect(serializedBytes(body)).toBeLessThan(X402_REQUEST_LIMITS.bodyBytes);
      const started = performance.now();
      const result = run(body);
      expect(performance.now() - started).toBeLessThan(2000);
      expect(result.ranked).toHaveLength(20);
      expect(result.limitations.some((l) => l.startsWith('2500 skills were ranked'))).toBe(true);
    });
  });
});
