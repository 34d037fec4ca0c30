import { readTestStack } from '@paysight/testkit';
import { paidToolCallTests } from './paid-tool-call.js';

const wallets = () => readTestStack().devnet.scenario.chains.base.wallets;

paidToolCallTests(
  'authenticity_score',
  () => ({ chain: 'eip155:8453', payee: wallets().ringSeller!.address, service_url: 'https://ring.example/api', timeframe_days: 45 }),
  (body) => {
    expect(body).toMatchObject({ decision: 'suspicious', risk_flags: expect.arrayContaining(['common_funder_ring']) });
    expect(body.payment_graph).toMatchObject({ clusters: [{ kind: 'common_funder_ring', funder: wallets().ringFunder!.address }] });
  },
);
