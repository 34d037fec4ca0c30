import {
  catalogEntry,
  CHAINS,
  formatUnitsCompact,
  type BatchWalletRequest,
  type ChainName,
  type SourceCoverage,
  type WalletRequest,
  type WalletSnapshotResult,
} from '@paysight/contracts';
import type { Address } from 'viem';
import { knownToken } from '@paysight/datasets';
import { ReadPlan } from '../../shared/read-plan.js';
import { defineToolModule, type AnalyzeContext, type ToolOutput, type ToolPorts } from '../../tool-module.js';
import { analyzeWalletSnapshot } from '../snapshot/analyze.js';
import type { WalletSnapshotData } from '../snapshot/data.js';
import { latestBlock, planWalletReads, readBlockTimestamps, readWalletActivity, resolveWalletReads, SNAPSHOT_LIMITS } from '../snapshot/gather.js';

/** Batch triage reads each wallet's short window (basic depth): it is a first pass that points at what to audit. */
const BATCH_DEPTH = 'basic' as const;
const STABLECOIN_ESCALATION_USD = 1_000;
const COUNTERPARTY_ESCALATION = 10;

export interface BatchSnapshotData {
  chain: ChainName;
  coverage: SourceCoverage;
  /** One entry per distinct address, keyed by lower-case address. */
  wallets: Record<string, WalletSnapshotData>;
}

/**
 * All wallets are read at one head block in three dependent stages: the head; their logs concurrently
 * (the chain source bounds the requests in flight); every balance and metadata read of every wallet in
 * one Multicall3 round trip beside each block timestamp, read once for the whole batch.
 */
export async function gatherBatchWalletSnapshot(input: BatchWalletRequest, { chain: source }: ToolPorts): Promise<BatchSnapshotData> {
  const { chain } = input;
  const addresses = [...new Map(input.addresses.map((a) => [a.toLowerCase(), a])).values()];
  const head = await latestBlock(source, chain);
  const activities = await Promise.all(addresses.map((address) => readWalletActivity(source, chain, address, BATCH_DEPTH, head.number)));
  const plan = new ReadPlan();
  const planned = addresses.map((address, i) => planWalletReads(plan, chain, address, activities[i]!.transfers));
  planned.forEach((p, i) => p.truncations.unshift(...activities[i]!.sampling));
  const shown = activities.flatMap((a) => a.transfers.slice(0, SNAPSHOT_LIMITS.activityItems[BATCH_DEPTH]));
  const [, blockTimestamps] = await Promise.all([plan.execute(source, chain, head.number), readBlockTimestamps(source, chain, shown)]);
  const coverage = source.coverage(chain);
  const wallets = Object.fromEntries(
    addresses.map((address, i) => [
      address.toLowerCase(),
      {
        chain,
        address,
        coverage,
        head: { number: head.number, timestamp: head.timestamp },
        window: activities[i]!.window,
        code: activities[i]!.code,
        transactionCount: activities[i]!.transactionCount,
        transfers: activities[i]!.transfers,
        ...resolveWalletReads(plan, address, planned[i]!),
        blockTimestamps,
      } satisfies WalletSnapshotData,
    ]),
  );
  return { chain, coverage, wallets };
}

export interface Escalation {
  address: string;
  index: number;
  reasons: string[];
  suggestedTool: string;
}

/** Why a snapshot deserves a closer look, most serious first; empty when nothing stands out. */
function escalationReasons(snapshot: WalletSnapshotResult, chain: ChainName, linked: Address[]): Escalation['reasons'] {
  const reasons: string[] = [];
  const summary = snapshot.addressSummary;
  if (summary.accountType === 'delegated_eoa') reasons.push(`delegates its code to ${summary.delegatedTo} (EIP-7702): check the delegate`);
  const impostors = snapshot.assetExposure.tokens.filter((t) => t.source === 'transfer_history' && !knownToken(chain, t.address) && isStablecoinSymbol(t.symbol));
  for (const t of impostors) reasons.push(`holds ${t.symbol} at ${t.address}, which is not the canonical ${t.symbol} contract (possible fake token)`);
  if (Number(snapshot.assetExposure.stablecoinBalanceUsd) >= STABLECOIN_ESCALATION_USD) {
    reasons.push(`holds ${snapshot.assetExposure.stablecoinBalanceUsd} USD in stablecoins`);
  }
  if (summary.distinctCounterparties >= COUNTERPARTY_ESCALATION) reasons.push(`${summary.distinctCounterparties} token counterparties in the window`);
  if (linked.length) reasons.push(`moved tokens with ${linked.length} other address(es) of this batch: ${linked.join(', ')}`);
  return reasons;
}

function isStablecoinSymbol(symbol: string | null): boolean {
  return symbol !== null && /^(usdc|usdt|dai|usdbc|usd₮)$/i.test(symbol.trim());
}

export function analyzeBatchWalletSnapshot(input: BatchWalletRequest, data: BatchSnapshotData, context: AnalyzeContext): ToolOutput<{ snapshots: WalletSnapshotResult[]; escalationCandidates: Escalation[] }> {
  const outputs = input.addresses.map((address) => {
    const request: WalletRequest = { address, chain: input.chain, depth: BATCH_DEPTH, reportType: 'wallet_money_map', notes: input.notes };
    return analyzeWalletSnapshot(request, data.wallets[address.toLowerCase()]!, context);
  });
  const members = new Set(input.addresses.map((a) => a.toLowerCase()));
  const escalationCandidates = outputs
    .map((output, index): Escalation => {
      const snapshot = output.result;
      const own = snapshot.addressSummary.address.toLowerCase();
      const linked = [...new Set(data.wallets[own]!.transfers.map((t) => (t.from.toLowerCase() === own ? t.to : t.from)))].filter(
        (a) => a.toLowerCase() !== own && members.has(a.toLowerCase()),
      );
      const reasons = escalationReasons(snapshot, input.chain, linked);
      const suggestedTool = snapshot.addressSummary.accountType === 'contract' ? 'agent_wallet_profile' : 'wallet_audit';
      return { address: snapshot.addressSummary.address, index, reasons, suggestedTool };
    })
    .filter((e) => e.reasons.length > 0)
    .sort((a, b) => b.reasons.length - a.reasons.length || a.index - b.index);

  const unique = (lists: string[][]) => [...new Set(lists.flat())];
  const totalNative = outputs.reduce((sum, o) => sum + BigInt(o.result.assetExposure.native.wei), 0n);
  return {
    result: { snapshots: outputs.map((o) => o.result), escalationCandidates },
    metadata: {
      chain: input.chain,
      dataSourceStatus: data.coverage.dataSourceStatus,
      dataNotes: [
        ...unique(outputs.map((o) => o.metadata.dataNotes)),
        `The ${Object.keys(data.wallets).length} distinct wallet(s) were read at one block, with all balances in one Multicall3 round trip; together they hold ${formatUnitsCompact(totalNative, CHAINS[input.chain].nativeDecimals)} ${CHAINS[input.chain].nativeSymbol}.`,
      ],
      limitations: unique(outputs.map((o) => o.metadata.limitations)),
    },
  };
}

export const batchWalletSnapshot = defineToolModule(catalogEntry('batch_wallet_snapshot'), {
  chains: (input) => [input.chain],
  gather: gatherBatchWalletSnapshot,
  analyze: analyzeBatchWalletSnapshot,
});
