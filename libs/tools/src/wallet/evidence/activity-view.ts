import { CHAINS, formatUnitsCompact, type AddressHistory, type HistoryTransaction } from '@paysight/contracts';
import type { Address, Hex } from 'viem';
import type { AccountKind } from '../../shared/account-code.js';
import type { TokenMetadata, WalletEvidence } from './data.js';
import { collectMovements, type Movement } from './movements.js';

const lower = (a: string) => a.toLowerCase();

/** The wallet's activity as one picture: movements from every source, token metadata, who sent what. Pure. */
export class ActivityView {
  readonly wallet: Address;
  /** Newest first. */
  readonly movements: Movement[];
  /** The indexer's view, when there is one. */
  readonly indexed: AddressHistory | null;
  /** Unix seconds of the head block: "now" for ages. */
  readonly nowSeconds: bigint;
  private readonly tokens = new Map<string, TokenMetadata>();
  private indexes: ActivityIndexes | undefined;

  constructor(readonly evidence: WalletEvidence) {
    this.wallet = evidence.address;
    this.indexed = evidence.history.status === 'ok' ? evidence.history.history : null;
    this.nowSeconds = evidence.snapshot.head.timestamp;
    this.movements = collectMovements({ wallet: evidence.address, history: this.indexed, transfers: evidence.snapshot.transfers, blockTimestamps: evidence.blockTimestamps });
    for (const t of this.indexed?.tokenTransfers ?? []) this.tokens.set(lower(t.token), { symbol: t.symbol, name: null, decimals: t.decimals });
    for (const [address, meta] of Object.entries(evidence.tokenMetadata)) this.tokens.set(address, mergeMetadata(meta, this.tokens.get(address)));
    for (const t of evidence.snapshot.tokens) this.tokens.set(lower(t.address), mergeMetadata({ symbol: t.symbol, name: t.name, decimals: t.decimals }, this.tokens.get(lower(t.address))));
    for (const c of evidence.snapshot.erc721) this.tokens.set(lower(c.contract), { symbol: c.symbol, name: c.name, decimals: 0 });
  }

  /** Symbol, name and decimals from on-chain reads, else from the indexer. */
  token(address: Address): TokenMetadata {
    return this.tokens.get(lower(address)) ?? { symbol: null, name: null, decimals: null };
  }

  /** The symbol of an asset (null: the native coin); the address when the token has none. */
  assetSymbol(asset: Address | null): string {
    return asset === null ? CHAINS[this.evidence.chain].nativeSymbol : (this.token(asset).symbol ?? asset);
  }

  /** An amount for people: "0.1 ETH", "5 USDC", "DXPL #3"; raw units when the decimals are unknown. */
  formatAmount(m: Pick<Movement, 'asset' | 'amount' | 'kind' | 'tokenId'>): string {
    const symbol = this.assetSymbol(m.asset);
    if (m.asset === null) return `${formatUnitsCompact(m.amount, CHAINS[this.evidence.chain].nativeDecimals)} ${symbol}`;
    if (m.kind === 'erc721') return `${symbol} #${m.tokenId}`;
    if (m.kind === 'erc1155') return `${m.amount} x ${symbol} #${m.tokenId}`;
    const { decimals } = this.token(m.asset);
    return decimals === null ? `${m.amount} raw units of ${symbol}` : `${formatUnitsCompact(m.amount, decimals)} ${symbol}`;
  }

  /** Tokens the wallet has moved or holds, by lower-case address. */
  knownTokens(): [string, TokenMetadata][] {
    return [...this.tokens];
  }

  /** Sender and target of a transaction when known (indexer, or a lookup by hash). */
  parties(hash: Hex): WalletEvidence['transactionParties'][string] | null {
    return this.evidence.transactionParties[lower(hash)] ?? null;
  }

  /** Whether the wallet itself sent the transaction; null when that is not known. */
  sentByWallet(hash: Hex): boolean | null {
    const parties = this.parties(hash);
    return parties ? lower(parties.from) === lower(this.wallet) : null;
  }

  /** The wallet's indexed transactions (sent and received, calls included). */
  transactions(): HistoryTransaction[] {
    return this.indexed?.transactions ?? [];
  }

  /** The indexed transaction with this hash, if the indexer listed it. */
  transaction(hash: Hex): HistoryTransaction | undefined {
    return this.index().transactionByHash.get(lower(hash));
  }

  /** Movements inside one transaction, newest first. */
  movementsInTransaction(hash: Hex): readonly Movement[] {
    return this.index().byTransaction.get(lower(hash)) ?? [];
  }

  /** Movements of one asset (null: the native coin, internal transfers included), newest first. */
  movementsOfAsset(asset: Address | null): readonly Movement[] {
    return this.index().byAsset.get(asset === null ? NATIVE : lower(asset)) ?? [];
  }

  /** Movements with one counterparty, newest first. */
  movementsWith(counterparty: Address): readonly Movement[] {
    return this.index().byCounterparty.get(lower(counterparty)) ?? [];
  }

  /** Transactions between the wallet and one address (either direction), newest first. */
  transactionsWith(address: Address): readonly HistoryTransaction[] {
    return this.index().transactionsByParty.get(lower(address)) ?? [];
  }

  private index(): ActivityIndexes {
    this.indexes ??= buildIndexes(this.movements, this.transactions());
    return this.indexes;
  }

  accountKind(address: Address): AccountKind | 'unknown' {
    return this.evidence.accounts[lower(address)]?.kind ?? 'unknown';
  }

  /**
   * Whether the wallet's very first activity is in view: only a complete indexed history says so (logs
   * alone miss native transfers, so a wallet would look younger than it is).
   */
  seesFirstActivity(): boolean {
    return this.indexed?.complete ?? false;
  }

  /** The oldest movement or transaction seen, with its time when known. */
  firstActivity(): { transactionHash: Hex; blockNumber: bigint; timestamp: bigint | null } | null {
    const candidates = [
      ...this.movements.map((m) => ({ transactionHash: m.transactionHash, blockNumber: m.blockNumber, timestamp: m.timestamp })),
      ...this.transactions().map((t) => ({ transactionHash: t.hash, blockNumber: t.blockNumber, timestamp: t.timestamp as bigint | null })),
    ];
    return candidates.reduce<(typeof candidates)[number] | null>((oldest, c) => (!oldest || c.blockNumber < oldest.blockNumber ? c : oldest), null);
  }
}

const NATIVE = 'native';

interface ActivityIndexes {
  transactionByHash: Map<string, HistoryTransaction>;
  transactionsByParty: Map<string, HistoryTransaction[]>;
  byTransaction: Map<string, Movement[]>;
  byAsset: Map<string, Movement[]>;
  byCounterparty: Map<string, Movement[]>;
}

/** Hash indexes over the movements and transactions, so detectors join instead of scanning once per item. */
function buildIndexes(movements: readonly Movement[], transactions: readonly HistoryTransaction[]): ActivityIndexes {
  const append = <T>(map: Map<string, T[]>, key: string, value: T) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  const indexes: ActivityIndexes = { transactionByHash: new Map(), transactionsByParty: new Map(), byTransaction: new Map(), byAsset: new Map(), byCounterparty: new Map() };
  for (const t of transactions) {
    indexes.transactionByHash.set(lower(t.hash), t);
    append(indexes.transactionsByParty, lower(t.from), t);
    if (t.to && lower(t.to) !== lower(t.from)) append(indexes.transactionsByParty, lower(t.to), t);
  }
  for (const m of movements) {
    append(indexes.byTransaction, lower(m.transactionHash), m);
    append(indexes.byAsset, m.asset === null ? NATIVE : lower(m.asset), m);
    append(indexes.byCounterparty, lower(m.counterparty), m);
  }
  return indexes;
}

function mergeMetadata(primary: TokenMetadata, fallback: TokenMetadata | undefined): TokenMetadata {
  return { symbol: primary.symbol ?? fallback?.symbol ?? null, name: primary.name ?? fallback?.name ?? null, decimals: primary.decimals ?? fallback?.decimals ?? null };
}
