import { z } from 'zod';
import { checksummedAddress } from '../schemas/common.js';
import { walletSnapshotResult } from './wallet-snapshot.js';

export const escalationCandidate = z.object({
  address: checksummedAddress,
  index: z.number().int().nonnegative(),
  reasons: z.array(z.string()),
  suggestedTool: z.string(),
});

export const batchWalletSnapshotResult = z.object({
  snapshots: z.array(walletSnapshotResult),
  escalationCandidates: z.array(escalationCandidate),
});
