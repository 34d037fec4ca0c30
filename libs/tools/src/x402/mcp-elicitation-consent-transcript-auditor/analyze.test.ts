import { ELICITATION_AUDITOR_LIMITS, catalogEntry, mcpElicitationConsentTranscriptAuditorRequest, mcpElicitationConsentTranscriptAuditorResult } from '@paysight/contracts';
import { analyzeElicitationTranscript, declaredModes, type ElicitationAuditorInput } from './analyze.js';

function run(body: Record<string, unknown>) {
  const input: ElicitationAuditorInput = mcpElicitationConsentTranscriptAuditorRequest.parse(body);
  const output = analyzeElicitationTranscript(input);
  expect(mcpElicitationConsentTranscriptAuditorResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

type Msg = Record<string, unknown>;
let seq = 0;
const call = (id: number, name: string, paid = false): Msg => ({ seq: ++seq, direction: 'client_to_server', kind: 'request', method: 'tools/call', id, params: { name, arguments: {}, ...(paid ? { _meta: { 'x402/payment': { x402Version: 2 } } } : {}) } });
const callResult = (id: number): Msg => ({ seq: ++seq, direction: 'server_to_client', kind: 'result', id, result: { content: [] } });
const form = (id: string, properties: Record<string, unknown> = { confirm_purchase: { type: 'boolean' } }, mode?: string): Msg => ({
  seq: ++seq,
  direction: 'server_to_client',
  kind: 'request',
  method: 'elicitation/create',
  id,
  params: { ...(mode ? { mode } : {}), message: 'Confirm?', requestedSchema: { type: 'object', properties } },
});
const urlAsk = (id: string, params: Record<string, unknown>): Msg => ({ seq: ++seq, direction: 'server_to_client', kind: 'request', method: 'elicitation/create', id, params: { mode: 'url', message: 'Sign in', ...params } });
const answer = (id: string, result: Record<string, unknown>): Msg => ({ seq: ++seq, direction: 'client_to_server', kind: 'result', id, result });
const both = { elicitation: { form: {}, url: {} } };
const codes = (result: ReturnType<typeof run>) => result.findings.map((f) => `${f.code}@${f.seq}`);

describe('x402-mcp-elicitation-consent-transcript-auditor', () => {
  beforeEach(() => {
    seq = 0;
  });

  it('the worked example of design §48: a declined purchase confirmation followed by a paid call is consent_violated', () => {
    const result = run(catalogEntry('x402_mcp_elicitation_consent_transcript_auditor').example as Record<string, unknown>);
    expect(result.decision).toBe('consent_violated');
    expect(result.confidence).toBe('high');
    expect(result.elicitations).toEqual([{ id: 'e1', seq: 2, mode: 'form', tool: 'svc_wallet_audit', outcome: 'decline', issues: [] }]);
    expect(result.findings).toEqual([
      { code: 'proceeded_after_decline', seq: 5, severity: 'critical', path: '/messages/4/params/_meta/x402~1payment', detail: expect.stringContaining('after the user\'s decline at seq 3') },
    ]);
    expect(result.risk_flags).toEqual(['proceeded_after_decline']);
  });

  it('compliant: a new accept after a cancel allows the paid call; an unpaid retry is no violation', () => {
    const result = run({
      client_capabilities: { elicitation: {} },
      messages: [call(1, 'buy'), form('a'), answer('a', { action: 'cancel' }), callResult(1), call(2, 'buy'), callResult(2), call(3, 'buy'), form('b'), answer('b', { action: 'accept', content: { confirm_purchase: true } }), callResult(3), call(4, 'buy', true)],
    });
    expect(result.decision).toBe('compliant');
    expect(result.elicitations.map((e) => e.outcome)).toEqual(['cancel', 'accept']);
    expect(result.findings).toEqual([]);
  });

  it('a listed paid tool counts as paid without _meta, and a decline only blocks its own tool', () => {
    const result = run({
      client_capabilities: both,
      paid_tool_names: ['buy'],
      messages: [call(1, 'buy'), form('a'), answer('a', { action: 'decline' }), callResult(1), call(2, 'other', true), call(3, 'buy')],
    });
    expect(codes(result)).toEqual(['proceeded_after_decline@6']);
    expect(result.findings[0]!.path).toBe('/messages/5/params/name');
  });

  it('consent_violated by a password field in a form (by name or by description)', () => {
    const result = run({ client_capabilities: both, messages: [form('a', { user_password: { type: 'string' }, code: { type: 'string', description: 'Your card CVV' } }), answer('a', { action: 'decline' })] });
    expect(result.decision).toBe('consent_violated');
    expect(result.findings.map((f) => [f.code, f.path])).toEqual([
      ['sensitive_in_form', '/messages/0/params/requestedSchema/properties/user_password'],
      ['sensitive_in_form', '/messages/0/params/requestedSchema/properties/code'],
    ]);
  });

  it('minor_issues: undeclared mode, nested schema, bad URL elicitation, bad action, content in a URL accept', () => {
    const result = run({
      client_capabilities: { elicitation: {} },
      messages: [
        form('a', { address: { type: 'object', properties: { street: { type: 'string' } } }, tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } }, rows: { type: 'array', items: { type: 'object' } } }),
        answer('a', { action: 'ok' }),
        urlAsk('b', { url: 'http://localhost:8080/auth' }),
        answer('b', { action: 'accept', content: { token_hint: 'x' } }),
      ],
    });
    expect(result.decision).toBe('minor_issues');
    expect(codes(result)).toEqual(['schema_not_flat@1', 'schema_not_flat@1', 'bad_action@2', 'mode_not_declared@3', 'url_mode_invalid@3', 'url_mode_invalid@3', 'accept_with_content_in_url_mode@4']);
    expect(result.elicitations.map((e) => [e.mode, e.outcome, e.issues])).toEqual([
      ['form', 'none', ['schema_not_flat', 'bad_action']],
      ['url', 'accept', ['mode_not_declared', 'url_mode_invalid', 'accept_with_content_in_url_mode']],
    ]);
  });

  it('minor_issues: a completion for an unknown id and a −32042 listing a form elicitation; known ids from −32042 complete', () => {
    const result = run({
      client_capabilities: both,
      messages: [
        call(1, 'connect'),
        { seq: ++seq, direction: 'server_to_client', kind: 'error', id: 1, error: { code: -32042, message: 'URL elicitation required', data: { elicitations: [{ mode: 'url', elicitationId: 'u1', url: 'https://auth.example/x', message: 'Sign in' }, { mode: 'form', message: 'x' }] } } },
        { seq: ++seq, direction: 'server_to_client', kind: 'notification', method: 'notifications/elicitation/complete', params: { elicitationId: 'u1' } },
        { seq: ++seq, direction: 'server_to_client', kind: 'notification', method: 'notifications/elicitation/complete', params: { elicitationId: 'nope' } },
      ],
    });
    expect(result.decision).toBe('minor_issues');
    expect(codes(result)).toEqual(['bad_32042@2', 'unknown_completion@4']);
    expect(result.findings[0]!.path).toBe('/messages/1/error/data/elicitations/1');
  });

  it('confidence is medium when an elicitation has no result; messages are read in seq order', () => {
    const messages = [answer('a', { action: 'decline' }), form('a'), form('b')];
    messages[0]!.seq = 10;
    const result = run({ client_capabilities: both, messages });
    expect(result.confidence).toBe('medium');
    expect(result.elicitations.map((e) => [e.id, e.outcome])).toEqual([
      ['a', 'decline'],
      ['b', 'none'],
    ]);
    expect(result.elicitations.every((e) => e.tool === null)).toBe(true);
  });

  it('declared modes: none without the capability, form for an empty object', () => {
    expect([...declaredModes(undefined)]).toEqual([]);
    expect([...declaredModes({})]).toEqual(['form']);
    expect([...declaredModes({ url: {} })]).toEqual(['url']);
    const result = run({ client_capabilities: {}, messages: [form('a'), answer('a', { action: 'accept', content: { confirm_purchase: true } })] });
    expect(codes(result)).toEqual(['mode_not_declared@1']);
  });

  describe('request bounds', () => {
    const parse = (body: unknown) => mcpElicitationConsentTranscriptAuditorRequest.safeParse(body).success;
    const message = (i: number) => ({ seq: i, direction: 'client_to_server', kind: 'notification', method: 'notifications/progress' });
    it('1 to 500 messages, 200 paid tool names, enums, strict objects', () => {
      expect(parse({ client_capabilities: {}, messages: Array.from({ length: ELICITATION_AUDITOR_LIMITS.messages }, (_, i) => message(i)) })).toBe(true);
      expect(parse({ client_capabilities: {}, messages: Array.from({ length: ELICITATION_AUDITOR_LIMITS.messages + 1 }, (_, i) => message(i)) })).toBe(false);
      expect(parse({ client_capabilities: {}, messages: [] })).toBe(false);
      expect(parse({ client_capabilities: {}, messages: [message(0)], paid_tool_names: Array.from({ length: 200 }, (_, i) => `t${i}`) })).toBe(true);
      expect(parse({ client_capabilities: {}, messages: [message(0)], paid_tool_names: Array.from({ length: 201 }, (_, i) => `t${i}`) })).toBe(false);
      expect(parse({ client_capabilities: {}, messages: [{ ...message(0), direction: 'sideways' }] })).toBe(false);
      expect(parse({ client_capabilities: {}, messages: [{ ...message(0), seq: -1 }] })).toBe(false);
      expect(parse({ client_capabilities: {}, messages: [{ ...message(0), extra: 1 }] })).toBe(false);
      expect(parse({ client_capabilities: { elicitation: { form: {}, sampling: {} } }, messages: [message(0)] })).toBe(false);
      expect(parse({ client_capabilities: {}, messages: [message(0)], extra: true })).toBe(false);
      expect(parse({ messages: [message(0)] })).toBe(false);
    });

    it('answers at the limits without crashing', () => {
      const messages: Msg[] = [];
      for (let i = 0; messages.length < 500; i++) messages.push(call(i, `tool_${i % 20}`, i % 2 === 1), form(`e${i}`, { confirm: { type: 'boolean' }, card_number: { type: 'string' } }), answer(`e${i}`, { action: i % 3 ? 'decline' : 'accept' }), callResult(i));
      const result = run({ client_capabilities: both, paid_tool_names: Array.from({ length: 200 }, (_, i) => `tool_${i}`), messages });
      expect(result.decision).toBe('consent_violated');
      expect(result.elicitations).toHaveLength(125);
    });
  });
});
