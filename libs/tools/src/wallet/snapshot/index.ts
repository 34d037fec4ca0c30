import { catalogEntry } from '@paysight/contracts';
import { defineToolModule } from '../../tool-module.js';
import { analyzeWalletSnapshot } from './analyze.js';
import type { WalletSnapshotData } from './data.js';
import { gatherWalletSnapshot } from './gather.js';

export const walletSnapshot = defineToolModule(catalogEntry('wallet_snapshot'), {
  chains: (input) => [input.chain],
  gather: gatherWalletSnapshot,
  analyze: analyzeWalletSnapshot,
});

export { analyzeWalletSnapshot, gatherWalletSnapshot };
export type { WalletSnapshotData };
