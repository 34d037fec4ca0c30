import { CATALOG, toolById } from '@paysight/contracts';
import { offerDescription, payeeAddress, paymentOffer, paymentRequirements, paymentRequirementsV1, priceDeclaration } from './offer.js';

const PAYEE = '0x1111111111111111111111111111111111111111';
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const walletSnapshot = toolById('wallet_snapshot')!;
const deepReport = toolById('deep_wallet_report')!;

describe('offers built from the catalog', () => {
  it('v2 payment requirements carry the exact x402 fields and the atomic catalog price', () => {
    expect(paymentRequirements(walletSnapshot, PAYEE)).toEqual({
      scheme: 'exact',
      network: 'eip155:8453',
      amount: '10000',
      asset: USDC_BASE,
      payTo: PAYEE,
      maxTimeoutSeconds: 120,
      extra: { name: 'USD Coin', version: '2' },
    });
    expect(paymentRequirements(deepReport, PAYEE).amount).toBe('5000000');
  });

  it('v1 requirements name the network "base" and use maxAmountRequired', () => {
    expect(paymentRequirementsV1(walletSnapshot, PAYEE, 'https://paysight.test/api/x402/wallet-snapshot')).toEqual({
      scheme: 'exact',
      network: 'base',
      maxAmountRequired: '10000',
      resource: 'https://paysight.test/api/x402/wallet-snapshot',
      description: offerDescription(walletSnapshot),
      mimeType: 'application/json',
      payTo: PAYEE,
      maxTimeoutSeconds: 120,
      asset: USDC_BASE,
      extra: { name: 'USD Coin', version: '2' },
    });
  });

  it('the spec offer: amount, amountDecimal, currency, description, intent, method, scheme, network, recipient = payTo', () => {
    expect(paymentOffer(walletSnapshot, PAYEE)).toEqual({
      amount: '10000',
      amountDecimal: '0.01',
      currency: 'USDC',
      description: '0.01 USDC for Wallet snapshot: an exact x402 payment on base (eip155:8453).',
      intent: 'charge',
      method: 'x402',
      scheme: 'exact',
      network: 'eip155:8453',
      recipient: PAYEE,
      payTo: PAYEE,
    });
  });

  it('the price declaration: USD display, USDC settlement, base / eip155:8453, min = max = amount', () => {
    expect(priceDeclaration(deepReport)).toEqual({
      amount: '5.00',
      currency: 'USDC',
      network: 'base',
      x402Network: 'eip155:8453',
      amountUsd: '5.00',
      displayCurrency: 'USD',
      settlementCurrency: 'USDC',
      caip2Network: 'eip155:8453',
      minPrice: '5.00',
      maxPrice: '5.00',
    });
  });

  it('every catalog offer description states amount, exactness and network, and stays short', () => {
    for (const entry of CATALOG) {
      const description = offerDescription(entry);
      expect(description).toContain(`${entry.price} USDC`);
      expect(description).toContain('exact x402 payment');
      expect(description).toContain('eip155:8453');
      expect(description.length).toBeLessThan(200);
    }
  });

  it('checksums the payee and refuses anything that is not an address', () => {
    expect(payeeAddress(USDC_BASE.toLowerCase())).toBe(USDC_BASE);
    expect(paymentOffer(walletSnapshot, USDC_BASE.toLowerCase()).recipient).toBe(USDC_BASE);
    expect(() => payeeAddress('0x1234')).toThrow(/not an EVM address/);
  });
});
