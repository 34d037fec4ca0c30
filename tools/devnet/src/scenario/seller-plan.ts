import { CHAINS, type ChainName } from '@paysight/contracts';
import { parseUnits } from 'viem';
import type { Step } from './types.js';
import { usdc, usdcTransfer } from './step-builders.js';

/**
 * Payees of x402 sellers and their buyers, for authenticity_score and seller_profile: a genuine seller
 * paid by independent buyers (all funded, as real buyers often are, by one busy exchange), a seller whose
 * buyers it funded itself, a seller paid by one buyer only, and a seller whose buyers one fresh wallet funded.
 */
export const SELLER_WALLETS = [
  'genuineSeller',
  'genuineBuyer1',
  'genuineBuyer2',
  'genuineBuyer3',
  'genuineBuyer4',
  'genuineBuyer5',
  'selfDealingSeller',
  'selfDealingBuyer1',
  'selfDealingBuyer2',
  'selfDealingBuyer3',
  'loneBuyerSeller',
  'loneBuyer',
  'ringSeller',
  'ringFunder',
  'ringBuyer1',
  'ringBuyer2',
  'ringBuyer3',
] as const;

/** What every seller of the storylines declares for one call. */
export const SELLER_PRICE = '0.25';

const price = usdc(SELLER_PRICE);

/** An x402 payment: the buyer signs an EIP-3009 authorization and the facilitator settles it. */
const pay = (name: string, payer: string, to: string, daysAgo: number): Step => ({ name, kind: 'usdc-authorization', from: 'facilitator', payer, to, amount: price, daysAgo });

export function sellerSections(chain: ChainName): Step[][] {
  const coin = (amount: string) => parseUnits(amount, CHAINS[chain].nativeDecimals);
  const genuineBuyers = [1, 2, 3, 4, 5].map((i) => `genuineBuyer${i}`);
  const genuine: Step[] = [
    { name: 'fund-genuine-seller', kind: 'native-transfer', from: 'exchange', to: 'genuineSeller', value: coin('0.5'), daysAgo: 28 },
    ...genuineBuyers.map((buyer, i) => usdcTransfer(`exchange-funds-${buyer}`, 'exchange', buyer, String(20 + i * 5))),
    ...genuineBuyers.map((buyer, i) => pay(`${buyer}-pays-genuine-seller`, buyer, 'genuineSeller', 20 - i * 3)),
    // Two buyers come back: repeat customers.
    pay('genuineBuyer1-pays-genuine-seller-again', 'genuineBuyer1', 'genuineSeller', 4),
    pay('genuineBuyer2-pays-genuine-seller-again', 'genuineBuyer2', 'genuineSeller', 2),
    // The seller cashes out to the exchange, which also funded its buyers: an ordinary outflow, not a round trip.
    usdcTransfer('genuine-seller-cashes-out', 'genuineSeller', 'exchange', '1', 1),
  ];

  const selfBuyers = [1, 2, 3].map((i) => `selfDealingBuyer${i}`);
  const selfDealing: Step[] = [
    { name: 'fund-self-dealing-seller', kind: 'native-transfer', from: 'exchange', to: 'selfDealingSeller', value: coin('0.5'), daysAgo: 26 },
    usdcTransfer('exchange-funds-self-dealing-seller', 'exchange', 'selfDealingSeller', '30'),
    ...selfBuyers.map((buyer) => usdcTransfer(`self-dealing-seller-funds-${buyer}`, 'selfDealingSeller', buyer, '5', 18)),
    ...selfBuyers.map((buyer, i) => pay(`${buyer}-pays-self-dealing-seller`, buyer, 'selfDealingSeller', 16 - i)),
    ...selfBuyers.map((buyer, i) => pay(`${buyer}-pays-self-dealing-seller-again`, buyer, 'selfDealingSeller', 9 - i)),
  ];

  const lone: Step[] = [
    usdcTransfer('exchange-funds-lone-buyer', 'exchange', 'loneBuyer', '40', 24),
    ...[15, 11, 7, 3].map((daysAgo, i) => pay(`lone-buyer-pays-seller-${i + 1}`, 'loneBuyer', 'loneBuyerSeller', daysAgo)),
  ];

  const ringBuyers = [1, 2, 3].map((i) => `ringBuyer${i}`);
  const ring: Step[] = [
    usdcTransfer('exchange-funds-ring-funder', 'exchange', 'ringFunder', '60', 22),
    { name: 'fund-ring-funder-gas', kind: 'native-transfer', from: 'exchange', to: 'ringFunder', value: coin('0.2') },
    ...ringBuyers.map((buyer) => usdcTransfer(`ring-funder-funds-${buyer}`, 'ringFunder', buyer, '10', 17)),
    ...ringBuyers.map((buyer, i) => pay(`${buyer}-pays-ring-seller`, buyer, 'ringSeller', 12 - i * 2)),
  ];
  return [genuine, selfDealing, lone, ring];
}
