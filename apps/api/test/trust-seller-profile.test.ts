import { readTestStack } from '@paysight/testkit';
import { paidToolCallTests } from './paid-tool-call.js';

const wallets = () => readTestStack().devnet.scenario.chains.base.wallets;

paidToolCallTests(
  'seller_profile',
  () => ({ service_url: 'https://genuine.example/api/data', chain: 'base', payee: wallets().genuineSeller!.address, declared_price: '0.25', currency: 'USDC' }),
  (body) => {
    expect(body).toMatchObject({
      decision: 'authentic',
      service: { host: 'genuine.example', fetched: false },
      payment_receivers: [{ address: wallets().genuineSeller!.address, distinct_payers: 5 }],
      market_signals: { price_consistency: 1 },
    });
  },
);
