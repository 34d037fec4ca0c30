import { A2A_AGENT_CARD_FIELDS, X402_USDC } from '@paysight/contracts';
import { a2aCardVersion, cardDefaultModes, cardEndpoints, cardSkills, cardX402Extension } from './a2a-card.js';

const EXT = 'https://github.com/google-agentic-commerce/a2a-x402/blob/main/spec/v0.2';
const USDC_BASE = X402_USDC['eip155:8453']!.address;

describe('A2A card reading', () => {
  it('the version by its markers, and each version\'s field names', () => {
    expect(a2aCardVersion({ url: 'https://a', protocolVersion: '0.3.0' })).toBe('0.3');
    expect(a2aCardVersion({ supportedInterfaces: [] })).toBe('1.0');
    expect(a2aCardVersion({ name: 'x' })).toBeNull();
    expect(A2A_AGENT_CARD_FIELDS['0.3'].fields).toMatchObject({ mainUrl: 'url', securityRequirements: 'security', interfaces: 'additionalInterfaces' });
    expect(A2A_AGENT_CARD_FIELDS['1.0'].fields).toMatchObject({ mainUrl: null, securityRequirements: 'securityRequirements', interfaces: 'supportedInterfaces' });
  });

  it('endpoints with pointers: v0.3 url then additionalInterfaces, v1.0 supportedInterfaces', () => {
    expect(cardEndpoints({ url: 'https://a/1', additionalInterfaces: [{ url: 'https://a/2' }, 'x', { transport: 'GRPC' }] })).toEqual([
      { url: 'https://a/1', pointer: '/url' },
      { url: 'https://a/2', pointer: '/additionalInterfaces/0/url' },
    ]);
    expect(cardEndpoints({ supportedInterfaces: [{}, { url: 'https://b' }] })).toEqual([{ url: 'https://b', pointer: '/supportedInterfaces/1/url' }]);
  });

  it('skills (own modes or null), default modes', () => {
    const card = { url: 'u', defaultInputModes: ['text/plain', 3], defaultOutputModes: 'json', skills: [{ id: 'a', tags: ['t', ''], examples: ['e'], outputModes: [] }, 'junk', { name: 'b' }] };
    expect(cardSkills(card)).toEqual([
      { index: 0, id: 'a', name: null, description: null, tags: ['t'], examples: ['e'], inputModes: null, outputModes: [], pointer: '/skills/0' },
      { index: 2, id: null, name: 'b', description: null, tags: [], examples: [], inputModes: null, outputModes: null, pointer: '/skills/2' },
    ]);
    expect(cardDefaultModes(card)).toEqual({ input: ['text/plain', '3'], output: [] });
  });

  it('the a2a-x402 extension: price from params.price or the cheapest USDC offer; methods from accepts and flat params', () => {
    expect(cardX402Extension({ capabilities: { extensions: [{ uri: 'https://other' }] } })).toBeNull();
    const flat = cardX402Extension({ url: 'u', capabilities: { extensions: [{ uri: 'x' }, { uri: EXT, params: { price: '$0.010', networks: ['base', 'solana'], currency: 'USDC' } }] } });
    expect(flat).toEqual({
      pointer: '/capabilities/extensions/1',
      price: '0.01',
      methods: [
        { scheme: null, network: 'base', asset: 'USDC', pointer: '/capabilities/extensions/1/params/networks/0' },
        { scheme: null, network: 'solana', asset: 'USDC', pointer: '/capabilities/extensions/1/params/networks/1' },
      ],
    });
    const offer = (amount: string) => ({ scheme: 'exact', network: 'eip155:8453', asset: USDC_BASE, amount, payTo: '0x1' });
    const accepts = cardX402Extension({ supportedInterfaces: [], capabilities: { extensions: [{ uri: EXT, params: { accepts: [offer('20000'), offer('5000')] } }] } });
    expect(accepts?.price).toBe('0.005');
    expect(accepts?.methods.map((m) => m.pointer)).toEqual(['/capabilities/extensions/0/params/accepts/0', '/capabilities/extensions/0/params/accepts/1']);
    expect(cardX402Extension({ capabilities: { extensions: [{ uri: EXT }] } })).toEqual({ pointer: '/capabilities/extensions/0', price: null, methods: [] });
  });
});
