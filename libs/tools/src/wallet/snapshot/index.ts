import type { WalletRequest, WalletSnapshotResult } from '@paysight/contracts';
import type { ToolModule } from '../../tool-module.js';
import { analyzeWalletSnapshot } from './analyze.js';
import type { WalletSnapshotData } from './data.js';
import { gatherWalletSnapshot } from './gather.js';

export const walletSnapshot: ToolModule<WalletRequest, WalletSnapshotData, WalletSnapshotResult> = {
  id: 'wallet_snapshot',
  chains: (input) => [input.chain],
  gather: gatherWalletSnapshot,
  analyze: analyzeWalletSnapshot,
};

export { analyzeWalletSnapshot, gatherWalletSnapshot };
export type { WalletSnapshotData };
