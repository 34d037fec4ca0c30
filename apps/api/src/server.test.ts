import { request, Agent, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { listen, type RunningServer } from './server.js';

/** A server whose answers wait until released; `headersFirst` sends the headers before waiting (a streamed answer). */
async function heldServer(headersFirst: boolean) {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const server = await listen(
    (_req, res) => {
      if (headersFirst) res.writeHead(200, { 'content-type': 'text/plain' }).write('part ');
      arrive();
      void released.then(() => res.end('done'));
    },
    '127.0.0.1',
    0,
  );
  return { server, arrived, release };
}

function keepAliveGet(server: RunningServer, agent: Agent): Promise<{ response: IncomingMessage; body: Promise<string> }> {
  return new Promise((resolve, reject) => {
    request(`${server.url}/`, { agent }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      resolve({ response, body: new Promise((done) => response.on('end', () => done(text))) });
    })
      .on('error', reject)
      .end();
  });
}

// Without the fix each close() below waits for the keep-alive time-out (65 s) and the test times out.
describe('listen(): close() while an answer is under way', () => {
  const agents: Agent[] = [];
  afterAll(() => agents.forEach((agent) => agent.destroy()));

  it.each([
    ['an answer not started', false],
    ['an answer whose headers are sent', true],
  ])('%s: it finishes, then its keep-alive connection is closed and close() resolves', async (_label, headersFirst) => {
    const agent = new Agent({ keepAlive: true });
    agents.push(agent);
    const { server, arrived, release } = await heldServer(headersFirst);
    const answer = keepAliveGet(server, agent);
    await arrived;
    const closed = server.close();
    release();
    const { response, body } = await answer;
    expect(await body).toBe(headersFirst ? 'part done' : 'done');
    if (!headersFirst) expect(response.headers.connection).toBe('close');
    await closed;
  }, 10_000);
});

// Without the fix close() waits for the server's headersTimeout (60 s) and the test times out.
it('close() does not wait for a connection that never sent a request', async () => {
  const server = await listen((_req, res) => res.end('ok'), '127.0.0.1', 0);
  const socket = connect(server.port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const closedByServer = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await server.close();
  await closedByServer;
  expect(socket.destroyed).toBe(true);
});
