import {
  CHAINS,
  formatUnitsCompact,
  type ActivityItem,
  type Confidence,
  type NftHolding,
  type TokenHolding,
  type WalletRequest,
  type WalletSnapshotResult,
} from '@paysight/contracts';
import type { Address } from 'viem';
import { ACTIVITY_WINDOWS } from '../../shared/activity-window.js';
import { classifyAccountCode, type AccountCode } from '../../shared/account-code.js';
import { knownToken } from '@paysight/datasets';
import { toMicroUsd } from '../../shared/micro-usd.js';
import type { TokenTransfer } from '../../shared/transfers.js';
import type { AnalyzeContext, ToolOutput } from '../../tool-module.js';
import type { WalletSnapshotData } from './data.js';
import { SNAPSHOT_LIMITS } from './gather.js';

const NFT_IDS_SHOWN = 20;
/** Stablecoin balance above which a counterparty deserves a full audit before an agent transacts with it. */
const AUDIT_STABLECOIN_USD = 1_000;
const AUDIT_COUNTERPARTIES = 10;

export function analyzeWalletSnapshot(input: WalletRequest, data: WalletSnapshotData, _context: AnalyzeContext): ToolOutput<WalletSnapshotResult> {
  const chain = CHAINS[input.chain];
  const account = classifyAccountCode(data.code);
  const nativeWei = data.nativeBalance ?? 0n;
  const native = { symbol: chain.nativeSymbol, wei: nativeWei.toString(), formatted: formatUnitsCompact(nativeWei, chain.nativeDecimals) };
  const tokens = tokenHoldings(data);
  const nfts = nftHoldings(data);
  const stableUsd = stablecoinUsd(tokens);
  const counterparties = new Set(data.transfers.map((t) => counterparty(t, data.address)));
  const recentActivity = data.transfers.slice(0, SNAPSHOT_LIMITS.activityItems[input.depth]).map((t) => activityItem(t, data));

  const mayHaveOlderHistory = !data.window.complete && (data.transactionCount > 0 || data.transfers.length > 0);
  const confidence: Confidence =
    data.nativeBalance === null || data.coverage.dataSourceStatus === 'Partial' ? 'low' : mayHaveOlderHistory || data.truncations.length ? 'medium' : 'high';

  const result: WalletSnapshotResult = {
    addressSummary: {
      address: data.address,
      chain: input.chain,
      chainId: chain.chainId,
      accountType: account.kind,
      delegatedTo: account.delegatedTo,
      codeSize: account.size,
      transactionCount: data.transactionCount,
      nativeBalance: native,
      snapshotBlock: data.head.number.toString(),
      activityWindow: { fromBlock: data.window.fromBlock.toString(), toBlock: data.window.toBlock.toString(), complete: data.window.complete },
      transfersInWindow: data.transfers.length,
      distinctCounterparties: counterparties.size,
      lastActivityBlock: data.transfers[0]?.blockNumber.toString() ?? null,
    },
    assetExposure: {
      native,
      tokens,
      nfts,
      stablecoinBalanceUsd: stableUsd,
      tokenCount: tokens.length,
      nftCount: nfts.reduce((n, h) => n + h.count, 0),
    },
    recentActivity,
    confidence,
    recommendedNextAction: nextAction(input, account, {
      empty: data.transactionCount === 0 && data.transfers.length === 0 && nativeWei === 0n && tokens.length === 0 && nfts.length === 0,
      stableUsd: Number(stableUsd),
      counterparties: counterparties.size,
    }),
  };

  return {
    result,
    metadata: {
      chain: input.chain,
      dataSourceStatus: data.coverage.dataSourceStatus,
      dataNotes: [
        ...data.coverage.notes,
        `Balances were read at block ${data.head.number} in one Multicall3 round trip.`,
        `Token transfers were read from logs of blocks ${data.window.fromBlock}-${data.window.toBlock} (${input.depth} depth: up to ${ACTIVITY_WINDOWS[input.depth].days} days).`,
      ],
      limitations: limitations(data, mayHaveOlderHistory),
    },
  };
}

function tokenHoldings(data: WalletSnapshotData): TokenHolding[] {
  return data.tokens
    .filter((t) => t.balance !== null && t.balance > 0n)
    .map((t) => ({
      address: t.address,
      symbol: t.symbol,
      name: t.name,
      decimals: t.decimals,
      balance: t.balance!.toString(),
      formatted: t.decimals === null ? null : formatUnitsCompact(t.balance!, t.decimals),
      isStablecoin: knownToken(data.chain, t.address)?.usdStablecoin ?? false,
      source: t.source,
    }));
}

function nftHoldings(data: WalletSnapshotData): NftHolding[] {
  const erc721: NftHolding[] = data.erc721
    .map((c) => {
      const count = Math.max(Number(c.balance ?? 0n), c.ownedIds.length);
      return {
        contract: c.contract,
        standard: 'erc721' as const,
        name: c.name,
        symbol: c.symbol,
        tokenIds: c.ownedIds.slice(0, NFT_IDS_SHOWN).map(String),
        count,
      };
    })
    .filter((h) => h.count > 0);
  const byContract = new Map<Address, { ids: string[]; count: bigint }>();
  for (const item of data.erc1155) {
    if (!item.balance) continue;
    const entry = byContract.get(item.contract) ?? { ids: [], count: 0n };
    entry.ids.push(item.tokenId.toString());
    entry.count += item.balance;
    byContract.set(item.contract, entry);
  }
  const erc1155: NftHolding[] = [...byContract.entries()].map(([contract, e]) => ({
    contract,
    standard: 'erc1155',
    name: null,
    symbol: null,
    tokenIds: e.ids.slice(0, NFT_IDS_SHOWN),
    count: Number(e.count),
  }));
  return [...erc721, ...erc1155];
}

/** Sum of known USD stablecoins at 1 USD each, as a decimal string with up to 6 fractional digits. */
function stablecoinUsd(tokens: TokenHolding[]): string {
  let micro = 0n;
  for (const t of tokens) {
    if (!t.isStablecoin || t.decimals === null) continue;
    micro += toMicroUsd(BigInt(t.balance), t.decimals);
  }
  return formatUnitsCompact(micro, 6);
}

function counterparty(t: TokenTransfer, wallet: Address): Address {
  return t.from === wallet ? t.to : t.from;
}

function activityItem(t: TokenTransfer, data: WalletSnapshotData): ActivityItem {
  const token = data.tokens.find((r) => r.address === t.token);
  const nft = data.erc721.find((r) => r.contract === t.token);
  const direction = t.from === data.address && t.to === data.address ? 'self' : t.from === data.address ? 'out' : 'in';
  const seconds = data.blockTimestamps[t.blockNumber.toString()];
  return {
    transactionHash: t.transactionHash,
    blockNumber: t.blockNumber.toString(),
    logIndex: t.logIndex,
    timestamp: seconds ? new Date(Number(seconds) * 1000).toISOString() : null,
    direction,
    kind: t.kind,
    asset: { address: t.token, symbol: token?.symbol ?? nft?.symbol ?? null },
    amount: t.amount.toString(),
    formatted: t.kind === 'erc20' ? (token?.decimals == null ? null : formatUnitsCompact(t.amount, token.decimals)) : t.amount.toString(),
    tokenId: t.tokenId?.toString() ?? null,
    counterparty: counterparty(t, data.address),
  };
}

function nextAction(input: WalletRequest, account: AccountCode, facts: { empty: boolean; stableUsd: number; counterparties: number }): string {
  if (account.kind === 'delegated_eoa') {
    return `Call wallet_audit: this account delegates its code to ${account.delegatedTo} (EIP-7702); check that delegate before sending it funds or signatures.`;
  }
  if (account.kind === 'contract') {
    return 'Call agent_wallet_profile to classify this contract (proxy, Safe, minimal proxy), or tx_decode on one of its recent transactions.';
  }
  if (facts.empty) {
    return `Nothing is visible for this address on ${input.chain}: confirm the address and the chain before paying for deeper research.`;
  }
  if (facts.stableUsd >= AUDIT_STABLECOIN_USD || facts.counterparties >= AUDIT_COUNTERPARTIES) {
    return 'Call wallet_audit for a risk score with evidence before transacting with this wallet.';
  }
  return 'Call wallet_audit when you need a risk score; this snapshot covers balances and recent token activity only.';
}

function limitations(data: WalletSnapshotData, mayHaveOlderHistory: boolean): string[] {
  const out = [
    'Native-coin and internal transfers are not listed: plain JSON-RPC cannot enumerate an address\'s transactions.',
    'Token prices are not applied; only known USD stablecoins are valued, at 1 USD each.',
    ...data.truncations,
  ];
  if (mayHaveOlderHistory) out.push('Activity older than the window was not read; counts and counterparties cover the window only.');
  if (data.nativeBalance === null) out.push('The native balance could not be read.');
  const unreadable = data.tokens.filter((t) => t.source === 'transfer_history' && t.balance === null);
  if (unreadable.length) out.push(`${unreadable.length} token contract(s) from the history did not answer balanceOf (non-standard or self-destructed).`);
  return out;
}
