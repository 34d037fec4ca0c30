import { z } from 'zod';
import { chainName, evmAddress, notes, txHash } from './common.js';

export const REPORT_TYPES = ['wallet_money_map', 'contract_project_risk_snapshot', 'stablecoin_creator_business_setup'] as const;
export const reportType = z.enum(REPORT_TYPES).meta({ description: 'Report focus.' });
export const depth = z.enum(['basic', 'deep']).meta({ description: 'basic reads a short recent window; deep reads further back and more sources.' });
export type Depth = z.infer<typeof depth>;

export const BATCH_MAX_ADDRESSES = 10;

/** Single-wallet request; only the default depth differs between the wallet endpoints. */
function singleWalletRequest(defaultDepth: Depth) {
  return z.strictObject({
    address: evmAddress,
    chain: chainName.default('ethereum'),
    depth: depth.default(defaultDepth),
    reportType: reportType.default('wallet_money_map'),
    notes: notes.optional(),
  });
}

export const walletSnapshotRequest = singleWalletRequest('deep');
export const walletAuditRequest = singleWalletRequest('basic');
export const deepWalletReportRequest = singleWalletRequest('deep');
export const savedReportRequest = singleWalletRequest('deep');

export const batchWalletSnapshotRequest = z.strictObject({
  addresses: z
    .array(evmAddress)
    .min(1, 'addresses needs at least one address')
    .max(BATCH_MAX_ADDRESSES, `addresses may hold at most ${BATCH_MAX_ADDRESSES} addresses`),
  chain: chainName.default('ethereum'),
  notes: notes.optional(),
});

/**
 * Transaction request: `transactionHash`, or its alias `hash`. When both are given they must agree.
 * Parsed to a single `transactionHash`.
 */
export const transactionRequest = z
  .strictObject({
    transactionHash: txHash.optional(),
    hash: txHash.optional().meta({ description: 'Alias for transactionHash.' }),
    chain: chainName.default('ethereum'),
    notes: notes.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.transactionHash && !v.hash) {
      ctx.addIssue({ code: 'custom', path: ['transactionHash'], message: 'transactionHash (or its alias hash) is required' });
    } else if (v.transactionHash && v.hash && v.transactionHash !== v.hash) {
      ctx.addIssue({ code: 'custom', path: ['hash'], message: 'hash and transactionHash name different transactions' });
    }
  })
  .transform(({ hash, transactionHash, ...rest }) => ({ ...rest, transactionHash: (transactionHash ?? hash)! }))
  .meta({ anyOf: [{ required: ['transactionHash'] }, { required: ['hash'] }] });

export type WalletRequest = z.output<typeof walletSnapshotRequest>;
export type BatchWalletRequest = z.output<typeof batchWalletSnapshotRequest>;
export type TransactionRequest = z.output<typeof transactionRequest>;
