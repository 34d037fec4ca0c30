import { CURB_APPEAL_LIMITS, catalogEntry, mcpSchemaCurbAppealGraderRequest, mcpSchemaCurbAppealGraderResult } from '@paysight/contracts';
import { RUBRIC_POINTS, analyzeCurbAppealGrader, gradeOf, lookalikePairs } from './analyze.js';

function run(body: Record<string, unknown>) {
  const output = analyzeCurbAppealGrader(mcpSchemaCurbAppealGraderRequest.parse(body));
  expect(mcpSchemaCurbAppealGraderResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

type Tool = Record<string, unknown> & { name: string };
/** A definition that earns every rubric point (95). */
const polished = (name: string, description: string, changes: Partial<Tool> = {}): Tool => ({
  name,
  title: `Title of ${name}`,
  description,
  inputSchema: { type: 'object', properties: { address: { type: 'string', maxLength: 42, description: 'The address.' }, deep: { type: 'boolean', description: 'Whether to go deep.' } }, required: ['address'], additionalProperties: false },
  outputSchema: { type: 'object' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  examples: [{ address: '0x1' }],
  ...changes,
});
const DESCRIPTIONS = [
  'Summarizes the token balances and recent activity of one wallet address on Base.',
  'Explains why a blockchain transaction failed, reading its receipt and revert reason.',
  'Lists the sanctions and scam exposure of a counterparty before a payment is sent.',
];
const grade = (result: ReturnType<typeof run>, tool: string) => result.grades.find((g) => g.tool === tool)!;

describe('x402-mcp-schema-curb-appeal-grader', () => {
  it('the worked example of design §28: svc_tx_status scores 15, grade F, so the set needs work', () => {
    const result = run(catalogEntry('x402_mcp_schema_curb_appeal_grader').example as Record<string, unknown>);
    expect(result.decision).toBe('needs_work');
    expect(result.confidence).toBe('high');
    expect(grade(result, 'svc_tx_status')).toMatchObject({ score: 15, grade: 'F', lookalikes: [] });
    expect(grade(result, 'svc_tx_status').lost_points).toEqual([
      { criterion: 'title', points: 5, pointer: '/tools/0/title' },
      { criterion: 'description', points: 5, pointer: '/tools/0/description' },
      { criterion: 'price_disclosure', points: 10, pointer: '/tools/0/description' },
      { criterion: 'input_schema', points: 5, pointer: '/tools/0/inputSchema' },
      { criterion: 'described_properties', points: 15, pointer: '/tools/0/inputSchema/properties' },
      { criterion: 'bounded_properties', points: 10, pointer: '/tools/0/inputSchema/properties' },
      { criterion: 'required_list', points: 5, pointer: '/tools/0/inputSchema/required' },
      { criterion: 'output_schema', points: 10, pointer: '/tools/0/outputSchema' },
      { criterion: 'annotation_hints', points: 10, pointer: '/tools/0/annotations' },
      { criterion: 'examples', points: 5, pointer: '/tools/0/inputSchema/examples' },
    ]);
    expect(grade(result, 'svc_wallet_audit')).toMatchObject({ score: 95, grade: 'A', lost_points: [] });
    expect(result.grades.map((g) => g.tool)).toEqual(['svc_tx_status', 'svc_wallet_audit']);
    expect(result.median_score).toBe(15);
    expect(result.risk_flags).toEqual(['failing_grade', 'price_not_disclosed']);
  });

  it('appealing: every definition polished; 95 is the best score (the table adds up to 95)', () => {
    expect(Object.values(RUBRIC_POINTS).reduce((a, b) => a + b, 0)).toBe(95);
    const result = run({ tools: DESCRIPTIONS.map((d, i) => polished(`svc_t${i}`, d)) });
    expect(result.decision).toBe('appealing');
    expect(result.grades.every((g) => g.score === 95 && g.grade === 'A')).toBe(true);
    expect(result.risk_flags).toEqual([]);
  });

  it('acceptable: a median under 85, or a D among good grades', () => {
    const lowMedian = run({ tools: DESCRIPTIONS.slice(0, 2).map((d, i) => polished(`svc_t${i}`, d, { title: undefined, outputSchema: undefined })) });
    expect(lowMedian.grades.map((g) => [g.score, g.grade])).toEqual([
      [80, 'B'],
      [80, 'B'],
    ]);
    expect(lowMedian.decision).toBe('acceptable');
    const oneD = run({ tools: [...DESCRIPTIONS.slice(0, 2).map((d, i) => polished(`svc_t${i}`, d)), polished('svc_d', DESCRIPTIONS[2]!, { title: undefined, outputSchema: undefined, examples: undefined, annotations: {}, inputSchema: { type: 'object' } })] });
    expect(grade(oneD, 'svc_d')).toMatchObject({ score: 60, grade: 'D' });
    expect(oneD.median_score).toBe(95);
    expect(oneD.decision).toBe('acceptable');
  });

  it('needs_work on a median under 70 without any F', () => {
    const tools = DESCRIPTIONS.map((d, i) => polished(`svc_t${i}`, d, { title: undefined, outputSchema: undefined, examples: undefined, annotations: { readOnlyHint: true, openWorldHint: true } }));
    const result = run({ tools });
    expect(result.grades.map((g) => g.score)).toEqual([70, 70, 70]);
    expect(result.decision).toBe('acceptable');
    const lower = run({ tools: tools.map((t) => ({ ...t, annotations: {} })) });
    expect(lower.grades.map((g) => g.grade)).toEqual(['D', 'D', 'D']);
    expect(lower.decision).toBe('needs_work');
  });

  it('penalties: lookalike descriptions (stemmed, without stopwords) and token bloat; paid tools must state a price', () => {
    const result = run({
      tools: [
        polished('svc_a', 'Returns the balances of a wallet address on Base, in USDC.'),
        polished('svc_b', 'Returned balance for wallet addresses on base in USDC'),
        polished('svc_c', DESCRIPTIONS[1]!, { _meta: { x402Required: true, price: '0.01' } }),
        polished('svc_d', `${DESCRIPTIONS[1]!} Costs $0.01 per call.`, { _meta: { price: '0.01' }, inputSchema: { type: 'object', description: 'x'.repeat(8000) } }),
      ],
    });
    expect(grade(result, 'svc_a')).toMatchObject({ score: 85, lookalikes: ['svc_b'] });
    expect(grade(result, 'svc_b').lost_points).toEqual([{ criterion: 'lookalike', points: 10, pointer: '/tools/1/description' }]);
    expect(grade(result, 'svc_c').lost_points.map((l) => l.criterion)).toEqual(['price_disclosure']);
    expect(grade(result, 'svc_d').lost_points.map((l) => l.criterion)).toEqual(['input_schema', 'token_bloat']);
    expect(result.risk_flags).toEqual(['lookalike_tools', 'price_not_disclosed', 'token_bloat']);
    expect(lookalikePairs(['', ''])).toEqual([[], []]);
  });

  it('name rule, share-weighted properties, descriptions past 1024 characters, grade floors', () => {
    const result = run({
      tools: [
        polished('bad name!', DESCRIPTIONS[0]!),
        polished('n'.repeat(65), DESCRIPTIONS[1]!, { description: 'd '.repeat(600) }),
        polished('svc_half', DESCRIPTIONS[2]!, { inputSchema: { type: 'object', properties: { a: { type: 'string', maxLength: 8, description: 'A.' }, b: { type: 'string' } }, required: [], additionalProperties: false } }),
      ],
    });
    expect(grade(result, 'bad name!').lost_points).toEqual([{ criterion: 'name', points: 5, pointer: '/tools/0/name' }]);
    expect(grade(result, 'n'.repeat(65)).lost_points.map((l) => [l.criterion, l.points])).toEqual([
      ['name', 5],
      ['description', 5],
    ]);
    expect(grade(result, 'svc_half').lost_points.map((l) => [l.criterion, l.points])).toEqual([
      ['described_properties', 7.5],
      ['bounded_properties', 5],
    ]);
    expect(result.risk_flags).toEqual(['tool_name_unfit']);
    expect([90, 89.99, 80, 70, 60, 59.99].map(gradeOf)).toEqual(['A', 'B', 'B', 'C', 'D', 'F']);
  });

  describe('request bounds', () => {
    const accepts = (body: Record<string, unknown>) => expect(mcpSchemaCurbAppealGraderRequest.safeParse(body).error).toBeUndefined();
    const rejects = (body: Record<string, unknown>) => expect(mcpSchemaCurbAppealGraderRequest.safeParse(body).success).toBe(false);

    it('counts, types and extra properties', () => {
      accepts({ tools: Array(CURB_APPEAL_LIMITS.tools).fill({ name: 't' }) });
      rejects({ tools: Array(CURB_APPEAL_LIMITS.tools + 1).fill({ name: 't' }) });
      rejects({ tools: [] });
      rejects({ tools: [{ description: 'no name' }] });
      rejects({ tools: [{ name: 5 }] });
      rejects({ tools: 'svc_a' });
      rejects({ tools: [{ name: 't' }], extra: 1 });
      rejects({ tools: [{ name: 't', inputSchema: { description: 'x'.repeat(256 * 1024) } }] });
    });

    it('grades 100 bloated, similar definitions at the limits without crashing', () => {
      const words = Array.from({ length: 400 }, (_, i) => `word${i}`);
      const tools = Array.from({ length: 100 }, (_, i) =>
        polished(`svc_t${i}`, words.map((w, j) => (j === i ? `other${i}` : w)).join(' '), {
          inputSchema: { type: 'object', properties: Object.fromEntries(Array.from({ length: 100 }, (_, j) => [`p${j}`, { type: 'string', description: 'A property.' }])), required: [], additionalProperties: false },
        }),
      );
      const result = run({ tools });
      expect(result.grades).toHaveLength(100);
      expect(result.grades[0]!.lookalikes).toHaveLength(99);
      expect(result.grades[0]!.score).toBe(0);
      expect(result.decision).toBe('needs_work');
    });
  });
});
