import type { ServerResponse } from 'node:http';
import { payloadV2, requirements } from '../test/support/fixtures.js';
import { type TestServer, json, startTestServer } from '../test/support/http-server.js';
import { type FacilitatorUnavailableError, createHttpFacilitatorClient, isFacilitatorUnavailable } from './facilitator-client.js';

const TX = `0x${'cd'.repeat(32)}`;

describe('HTTP facilitator client', () => {
  let reply: (res: ServerResponse) => void;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer((_req, res) => reply(res));
  });
  afterAll(() => server.close());

  const client = () => createHttpFacilitatorClient({ url: `${server.url}/`, timeoutMs: 2_000 });

  async function unavailable(promise: Promise<unknown>): Promise<FacilitatorUnavailableError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    if (!isFacilitatorUnavailable(error)) throw new Error(`expected FacilitatorUnavailableError, got ${String(error)}`);
    return error;
  }

  it('POSTs {x402Version, paymentPayload, paymentRequirements} to /verify and returns the verdict', async () => {
    reply = (res) => json(res, 200, { isValid: true, payer: '0x4444444444444444444444444444444444444444' });
    const payload = payloadV2();
    await expect(client().verify(payload, requirements())).resolves.toMatchObject({ isValid: true });
    expect(server.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/verify',
      body: { x402Version: 2, paymentPayload: JSON.parse(JSON.stringify(payload)), paymentRequirements: requirements() },
    });
  });

  it('an invalid verdict is a definite answer, also when it comes with a 4xx', async () => {
    reply = (res) => json(res, 200, { isValid: false, invalidReason: 'invalid_exact_evm_signature' });
    await expect(client().verify(payloadV2(), requirements())).resolves.toMatchObject({ isValid: false, invalidReason: 'invalid_exact_evm_signature' });
    reply = (res) => json(res, 400, { isValid: false, invalidReason: 'invalid_payload', invalidMessage: null });
    await expect(client().verify(payloadV2(), requirements())).resolves.toEqual({ isValid: false, invalidReason: 'invalid_payload', invalidMessage: undefined, payer: undefined });
  });

  it('settle returns success with the transaction, or a definite failure with errorReason (null transaction allowed)', async () => {
    reply = (res) => json(res, 200, { success: true, transaction: TX, network: 'eip155:8453', payer: '0x4444444444444444444444444444444444444444' });
    await expect(client().settle(payloadV2(), requirements())).resolves.toMatchObject({ success: true, transaction: TX });
    expect(server.requests.at(-1)?.path).toBe('/settle');
    reply = (res) => json(res, 200, { success: false, errorReason: 'invalid_exact_evm_transaction_failed', transaction: null, network: 'eip155:8453' });
    await expect(client().settle(payloadV2(), requirements())).resolves.toMatchObject({ success: false, errorReason: 'invalid_exact_evm_transaction_failed', transaction: '' });
  });

  it('GET /supported', async () => {
    reply = (res) => json(res, 200, { kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:8453' }] });
    await expect(client().supported()).resolves.toEqual({ kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:8453', extra: undefined }], extensions: [], signers: {} });
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', path: '/supported' });
  });

  it('a 5xx is "unavailable" even when its body looks like a verdict', async () => {
    reply = (res) => json(res, 502, { isValid: false, invalidReason: 'upstream' });
    const error = await unavailable(client().verify(payloadV2(), requirements()));
    expect(error).toMatchObject({ operation: 'verify', kind: 'server_error', status: 502 });
  });

  it('a reply without a verdict or without JSON is "unavailable" (bad_response)', async () => {
    reply = (res) => json(res, 404, { error: 'not found' });
    expect(await unavailable(client().settle(payloadV2(), requirements()))).toMatchObject({ kind: 'bad_response', status: 404 });
    reply = (res) => json(res, 200, '<html>gateway</html>');
    expect(await unavailable(client().verify(payloadV2(), requirements()))).toMatchObject({ kind: 'bad_response', status: 200 });
  });

  it('a facilitator that does not answer within the deadline times out', async () => {
    reply = () => undefined; // never answers; the server's close() ends the connection
    const slow = createHttpFacilitatorClient({ url: server.url, timeoutMs: 100 });
    expect(await unavailable(slow.verify(payloadV2(), requirements()))).toMatchObject({ operation: 'verify', kind: 'timeout' });
  });

  it('a facilitator that sends its headers, then trickles the body, times out: the deadline covers the whole answer', async () => {
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"isValid":');
      const drip = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(drip));
    };
    const slow = createHttpFacilitatorClient({ url: server.url, timeoutMs: 200 });
    expect(await unavailable(slow.verify(payloadV2(), requirements()))).toMatchObject({ operation: 'verify', kind: 'timeout' });
    expect(await unavailable(slow.supported())).toMatchObject({ operation: 'supported', kind: 'timeout' });
  });

  it('settle has its own deadline, apart from the one of verify and supported', async () => {
    reply = () => undefined;
    const client = createHttpFacilitatorClient({ url: server.url, timeoutMs: 60_000, settleTimeoutMs: 100 });
    const error = await unavailable(client.settle(payloadV2(), requirements()));
    expect(error).toMatchObject({ operation: 'settle', kind: 'timeout' });
    expect(error.message).toBe('facilitator settle timed out after 100 ms');
  });

  it('a facilitator nobody listens on is unreachable', async () => {
    const closed = await startTestServer(() => undefined);
    await closed.close();
    const error = await unavailable(createHttpFacilitatorClient({ url: closed.url }).settle(payloadV2(), requirements()));
    expect(error).toMatchObject({ operation: 'settle', kind: 'unreachable' });
    expect(error.message).toBe('facilitator settle is unreachable');
  });
});
