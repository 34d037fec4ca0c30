import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { notConfiguredNarrator } from '@paysight/tools';
import { createOpenAiCompatibleNarrator } from '../src/narration/index.js';

const WALLET = '0x1111111111111111111111111111111111111111';
const request = { toolId: 'wallet_audit', instructions: 'Explain the risk flags.', facts: { address: WALLET, riskScore: 40 }, maxSections: 2 };

/** A local server speaking the chat-completions wire format; each test decides what it answers. */
let answer: (body: Record<string, unknown>, res: ServerResponse) => void;
const received: { body: Record<string, unknown>; authorization: string | undefined }[] = [];
let server: Server;
let baseUrl: string;

function completion(content: string | null) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_763_856_000,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160 },
  };
}
const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      received.push({ body, authorization: req.headers.authorization });
      answer(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const narrator = (timeoutMs = 2_000) => createOpenAiCompatibleNarrator({ baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs });

describe('OpenAI-compatible narrator', () => {
  it('sends a chat completion and returns validated sections', async () => {
    answer = (_body, res) => json(res, 200, completion(JSON.stringify({ sections: [{ title: 'Why 40', text: `The wallet ${WALLET} sent value to a mixer.` }] })));
    await expect(narrator().narrate(request)).resolves.toEqual({ status: 'succeeded', sections: [{ title: 'Why 40', text: `The wallet ${WALLET} sent value to a mixer.` }] });
    const last = received.at(-1)!;
    expect(last.authorization).toBe('Bearer sk-test');
    expect(last.body).toMatchObject({ model: 'test-model', response_format: { type: 'json_object' } });
    expect(JSON.stringify(last.body.messages)).toContain(WALLET);
  });

  it('refuses an answer that mentions an address it was not given', async () => {
    answer = (_body, res) => json(res, 200, completion(JSON.stringify({ sections: [{ title: 'x', text: `Funds went to 0x${'ab'.repeat(20)}.` }] })));
    await expect(narrator().narrate(request)).resolves.toEqual({ status: 'failed', reason: 'invalid_response' });
  });

  it.each([
    ['prose instead of JSON', completion('Here is your report!')],
    ['the wrong shape', completion(JSON.stringify({ text: 'x' }))],
    ['too many sections', completion(JSON.stringify({ sections: [1, 2, 3].map((i) => ({ title: `t${i}`, text: 'x' })) }))],
    ['an over-long section', completion(JSON.stringify({ sections: [{ title: 't', text: 'x'.repeat(1201) }] }))],
    ['no content', completion(null)],
    ['no choices', { id: 'x', object: 'chat.completion', choices: [] }],
  ])('maps %s to invalid_response', async (_label, body) => {
    answer = (_b, res) => json(res, 200, body);
    await expect(narrator().narrate(request)).resolves.toEqual({ status: 'failed', reason: 'invalid_response' });
  });

  it('maps an error status to provider_error', async () => {
    answer = (_b, res) => json(res, 429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } });
    await expect(narrator().narrate(request)).resolves.toEqual({ status: 'failed', reason: 'provider_error' });
  });

  it('maps a provider that does not answer in time to timeout', async () => {
    answer = (_b, res) => setTimeout(() => json(res, 200, completion('{}')), 1_500);
    await expect(narrator(300).narrate(request)).resolves.toEqual({ status: 'failed', reason: 'timeout' });
  });

  it('maps an unreachable provider to provider_error', async () => {
    const unreachable = createOpenAiCompatibleNarrator({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: null, model: 'm', timeoutMs: 2_000 });
    await expect(unreachable.narrate(request)).resolves.toEqual({ status: 'failed', reason: 'provider_error' });
  });

  it('says not_configured when no provider is set up', async () => {
    await expect(notConfiguredNarrator.narrate(request)).resolves.toEqual({ status: 'not_configured' });
  });
});
