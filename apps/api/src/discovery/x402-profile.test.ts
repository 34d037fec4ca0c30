import { x402Profile } from './x402-profile.js';

describe('x402Profile: the manifest names the facilitator by a label, never by its address', () => {
  it.each([
    ['http://127.0.0.1:4022', { environment: 'local', facilitatorProvider: 'local' }],
    ['http://localhost:9000/facilitator', { environment: 'local', facilitatorProvider: 'local' }],
    ['http://[::1]:4022', { environment: 'local', facilitatorProvider: 'local' }],
    ['http://10.0.3.7:8080', { environment: 'production', facilitatorProvider: 'self-hosted' }],
    ['http://192.168.1.20', { environment: 'production', facilitatorProvider: 'self-hosted' }],
    ['http://172.20.0.2:4022', { environment: 'production', facilitatorProvider: 'self-hosted' }],
    ['http://facilitator:4022', { environment: 'production', facilitatorProvider: 'self-hosted' }],
    ['http://facilitator.payments.svc.cluster.local', { environment: 'production', facilitatorProvider: 'self-hosted' }],
    ['http://[fd00::12]:4022', { environment: 'production', facilitatorProvider: 'self-hosted' }],
    ['https://x402.example.org/facilitator?key=secret', { environment: 'production', facilitatorProvider: 'external' }],
    ['https://172.32.0.1', { environment: 'production', facilitatorProvider: 'external' }],
  ])('%s -> %j', (url, expected) => {
    expect(x402Profile(url, null)).toEqual(expected);
  });

  it('prefers the configured provider name, and keeps the environment derived', () => {
    expect(x402Profile('https://x402.example.org', 'coinbase-cdp')).toEqual({ environment: 'production', facilitatorProvider: 'coinbase-cdp' });
    expect(x402Profile('http://127.0.0.1:4022', 'demo')).toEqual({ environment: 'local', facilitatorProvider: 'demo' });
  });
});
