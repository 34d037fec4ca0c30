import { priceOf, toolById } from '@paysight/contracts';
import type { Step } from './types.js';
import { usdc } from './step-builders.js';

/**
 * Receipts for the receipt audit and the mandate check: one USDC payment of each outcome, on every chain. `receiptPayer`
 * pays the scenario's `payee`; `receiptPendingPayer` sends only the payment left pending (see pendingReceiptSteps).
 */
export const RECEIPT_WALLETS = ['receiptPayer', 'receiptPendingPayer'] as const;


/** What each receipt is expected to pay: the price of one receipt audit. */
export const RECEIPT_EXPECTED_AMOUNT = BigInt(priceOf(toolById('receipt_audit')!).atomic);

export function receiptSteps(coin: (amount: string) => bigint): Step[] {
  const pay = (name: string, to: string, amount: bigint, daysAgo?: number): Step => ({ name, kind: 'token-transfer', from: 'receiptPayer', token: 'usdc', to, amount, ...(daysAgo !== undefined && { daysAgo }) });
  return [
    { name: 'fund-receipt-payer', kind: 'native-transfer', from: 'faucet', to: 'receiptPayer', value: coin('1'), daysAgo: 7 },
    { name: 'mint-usdc-receipt-payer', kind: 'token-mint', from: 'faucet', token: 'usdc', to: 'receiptPayer', amount: usdc('100') },
    { name: 'fund-receipt-pending-payer', kind: 'native-transfer', from: 'faucet', to: 'receiptPendingPayer', value: coin('1') },
    { name: 'mint-usdc-receipt-pending-payer', kind: 'token-mint', from: 'faucet', token: 'usdc', to: 'receiptPendingPayer', amount: usdc('100') },
    // Settled by a facilitator with the payer's EIP-3009 authorization, as x402 pays.
    { name: 'receipt-paid-in-full', kind: 'usdc-authorization', from: 'facilitator', payer: 'receiptPayer', to: 'payee', amount: RECEIPT_EXPECTED_AMOUNT, daysAgo: 3 },
    pay('receipt-paid-wrong-payee', 'carol', RECEIPT_EXPECTED_AMOUNT),
    pay('receipt-underpaid', 'payee', RECEIPT_EXPECTED_AMOUNT / 2n),
    { ...pay('receipt-reverted', 'payee', usdc('1000000')), reverts: { reason: 'ERC20: transfer amount exceeds balance' } },
    // One batch from the delegated smart account of the risk storylines: the expected payment, and more USDC to someone else.
    {
      name: 'mandate-payment-with-side-transfer',
      kind: 'smart-account-batch',
      from: 'smartAccountUser',
      calls: [
        { token: 'usdc', to: 'payee', amount: RECEIPT_EXPECTED_AMOUNT },
        { token: 'usdc', to: 'landlord', amount: usdc('25') },
      ],
      daysAgo: 2,
    },
  ];
}

/** Sent after seeding with a nonce one ahead of the sender's, so the node keeps it pending and never mines it. */
export function pendingReceiptSteps(): Step[] {
  return [{ name: 'receipt-pending', kind: 'token-transfer', from: 'receiptPendingPayer', token: 'usdc', to: 'payee', amount: RECEIPT_EXPECTED_AMOUNT }];
}
