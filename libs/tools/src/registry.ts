import type { ToolId } from '@paysight/contracts';
import type { AnyToolModule } from './tool-module.js';
import { walletSnapshot } from './wallet/snapshot/index.js';
import { txStatus } from './tx/status/index.js';
import { txDecode } from './tx/decode/index.js';
import { batchWalletSnapshot } from './wallet/batch/index.js';
import { walletAudit } from './wallet/audit/index.js';
import { deepWalletReport, savedReport } from './wallet/report/index.js';

/**
 * The tools implemented so far, by catalog id. The apps serve a catalog entry only when it has an
 * implementation here; the catalog itself stays the list of what is offered.
 */
export const TOOL_MODULES: Partial<Record<ToolId, AnyToolModule>> = {
  wallet_snapshot: walletSnapshot,
  tx_status: txStatus,
  tx_decode: txDecode,
  batch_wallet_snapshot: batchWalletSnapshot,
  wallet_audit: walletAudit,
  deep_wallet_report: deepWalletReport,
  saved_report: savedReport,
};

export function toolModule(id: string): AnyToolModule | undefined {
  return TOOL_MODULES[id as ToolId];
}
