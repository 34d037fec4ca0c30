import { CATALOG } from '@paysight/contracts';
import { findTools, findToolsInput, findToolsOutput, terms } from './find-tools.js';

const search = (task: string, extra: Record<string, unknown> = {}) =>
  findTools(findToolsInput.parse({ task, ...extra }), { listed: new Set(['svc_wallet_snapshot']), restUrl: (e) => `https://paysight.example${e.path}` });
const names = (task: string, extra?: Record<string, unknown>) => search(task, extra).matches.map((m) => m.name);

describe('paysight_find_tools', () => {
  it('stems and drops filler words', () => {
    expect(terms('Why did my payments FAIL to the sellers?')).toEqual(['why', 'payment', 'fail', 'seller']);
  });

  it.each([
    ['why did my transaction revert', 'svc_tx_hash_lookup'],
    ['is this transaction confirmed yet', 'svc_tx_status'],
    ['risk audit of a wallet before we trust it', 'svc_wallet_audit'],
    ['quick look at a wallet balance', 'svc_wallet_snapshot'],
    ['screen ten wallets at once in a batch', 'svc_batch_wallet_snapshot'],
    ['check a payee before my agent pays it', 'svc_agent_payment_preflight'],
    ['did I get what I paid for, audit my receipt', 'svc_x402_receipt_audit'],
  ])('%s -> %s first', (task, first) => {
    expect(names(task)[0]).toBe(first);
  });

  it('answers in its output schema, with endpoints, prices, schemas and whether the session lists the tool', () => {
    const found = search('wallet snapshot');
    expect(findToolsOutput.parse(found)).toEqual(found);
    const [best] = found.matches;
    expect(best).toMatchObject({ name: 'svc_wallet_snapshot', price: '0.01', endpoint: 'https://paysight.example/api/x402/wallet-snapshot', listed: true, inputSchema: { type: 'object' } });
    expect(found.matches.find((m) => m.name !== 'svc_wallet_snapshot')?.listed).toBe(false);
  });

  it('limits, filters by toolset and says so when nothing matches', () => {
    expect(names('wallet', { limit: 2 })).toHaveLength(2);
    expect(names('wallet transaction', { toolset: 'tx' }).every((n) => CATALOG.find((e) => e.mcpName === n)!.family === 'tx')).toBe(true);
    const none = search('zzzz qqqq');
    expect(none.matches).toEqual([]);
    expect(none.note).toMatch(/No tool matched/);
  });
});
