import type { ChainName, ExposureId, RiskFlagId, RiskLabel } from '@paysight/contracts';
import type { Address, Hex } from 'viem';
import type { ContractName } from '../artifacts/index.js';

// ---- The plan: what to do on a chain, as data ------------------------------------------------

/** A name in a plan: a wallet label (its key is devnetAccount(label)) or a contract id. */
export type Ref = string;

/** A wallet label, or an address outside the scenario (a customer, an airdrop target) that only receives. */
export type Recipient = Ref | Address;

/** How a step is expected to fail: an Error(string) reason, or a custom error by name. */
export type ExpectedRevert = { reason: string } | { error: string };

interface StepBase {
  /** Unique on its chain; the transaction is published under this name. */
  name: string;
  /** The sender, who signs and pays the gas. */
  from: Ref;
  /**
   * When the step happened, in days before the devnet started. Steps without it are spread evenly
   * between their neighbours; the history runs from HISTORY_DAYS ago to an hour ago.
   */
  daysAgo?: number;
  /** Present when the transaction is meant to be mined as reverted. */
  reverts?: ExpectedRevert;
}

export type Step = StepBase &
  (
    /**
     * `sweptTo`: `to` is delegated to a sweeper, so its whole balance leaves for `sweptTo` in the same transaction.
     * `toRunsCode`: `to` runs code on receipt (an EIP-7702 account), so the transfer needs more than 21,000 gas.
     */
    | { kind: 'native-transfer'; to: Ref; value: bigint; sweptTo?: Ref; toRunsCode?: true }
    | { kind: 'deploy-token'; id: string; tokenName: string; symbol: string; decimals: number }
    | { kind: 'deploy-collection'; id: string; collectionName: string; symbol: string }
    | { kind: 'deploy-counter'; id: string }
    | { kind: 'deploy-proxy'; id: string; implementation: Ref; initCall?: FunctionCall }
    | { kind: 'token-mint'; token: Ref; to: Ref; amount: bigint }
    | { kind: 'token-transfer'; token: Ref; to: Ref; amount: bigint }
    | { kind: 'token-approve'; token: Ref; spender: Ref; amount: bigint }
    | { kind: 'token-transfer-from'; token: Ref; owner: Ref; to: Ref; amount: bigint }
    | { kind: 'wrap'; token: Ref; amount: bigint }
    | { kind: 'unwrap'; token: Ref; amount: bigint }
    | { kind: 'nft-mint'; collection: Ref; to: Ref; tokenId: bigint }
    | { kind: 'nft-transfer'; collection: Ref; to: Ref; tokenId: bigint }
    /** ERC-721 approve(spender, tokenId): one item, not the whole collection. */
    | { kind: 'nft-approve'; collection: Ref; spender: Ref; tokenId: bigint }
    /** Permit2 approve(token, spender, amount, expiration) sent by the owner; `expiration` in unix seconds. */
    | { kind: 'permit2-approve'; token: Ref; spender: Ref; amount: bigint; expiration: bigint }
    /** The sender signs a Permit2 PermitSingle and submits it through `router` (DevnetRouter.permit2Permit), as wallets do through swap routers. */
    | { kind: 'permit2-router-permit'; router: Ref; token: Ref; spender: Ref; amount: bigint; expiration: bigint; nonce: bigint }
    /** An EIP-2612 permit signed by `owner` and submitted by the sender (the spender or a relayer); `nonce` is the owner's permit nonce. */
    | { kind: 'token-permit'; token: Ref; owner: Ref; spender: Ref; amount: bigint; nonce: bigint }
    | { kind: 'deploy-router'; id: string }
    /** An EIP-3009 transferWithAuthorization signed by `payer` and submitted by `from`, as an x402 facilitator does. */
    | { kind: 'usdc-authorization'; payer: Ref; to: Ref; amount: bigint }
    | ({ kind: 'contract-call'; to: Ref; value?: bigint } & FunctionCall)
    /** A token that copies a real one's name, symbol and decimals (CounterfeitToken). */
    | { kind: 'deploy-counterfeit-token'; id: string; tokenName: string; symbol: string; decimals: number }
    /** Logs a Transfer from `spoofedFrom`, who sends nothing, and credits `to` (CounterfeitToken.spoofTransfer). */
    | { kind: 'spoof-transfer'; token: Ref; spoofedFrom: Ref; to: Ref; amount: bigint }
    /** Logs an Approval naming `owner`, who never called the token, and records it (CounterfeitToken.spoofApproval). */
    | { kind: 'spoof-approval'; token: Ref; owner: Ref; spender: Ref; amount: bigint }
    | { kind: 'deploy-sweeper'; id: string; collector: Ref }
    /** A Safe-style multisig: MultisigWallet's logic behind a SafeStyleProxy (singleton in slot 0), set up with `owners` and `threshold`. */
    | { kind: 'deploy-multisig'; id: string; singleton: Ref; owners: readonly Ref[]; threshold: number }
    | { kind: 'deploy-multisig-singleton'; id: string }
    /** An EIP-1167 minimal proxy (clone) of `implementation`, created from raw init code. */
    | { kind: 'deploy-minimal-proxy'; id: string; implementation: Ref }
    /**
     * A type-4 (EIP-7702) transaction carrying `authority`'s signed delegation to `implementation`, calling
     * `to` with no data. `authority` may be the sender itself or someone who signed the authorization only.
     */
    | { kind: 'eip7702-delegation'; authority: Ref; implementation: Ref; to: Ref; sweptTo?: Ref }
    /** The sender, delegated to SmartAccount, calls its own executeBatch. */
    | { kind: 'smart-account-batch'; calls: readonly BatchCall[] }
    /** A deposit of the pool's denomination; the note's name derives the nullifier and the commitment. */
    | { kind: 'mixer-deposit'; pool: Ref; note: string; value: bigint }
    /** Sent by a relayer: the pool pays `value` (its denomination) to `recipient` in an internal transfer. */
    | { kind: 'mixer-withdrawal'; pool: Ref; note: string; recipient: Ref; value: bigint }
    /** A token with a made-up name, for spam airdrops (CounterfeitToken, without imitating anyone). */
    | { kind: 'deploy-spam-token'; id: string; tokenName: string; symbol: string; decimals: number }
    /** One transaction logging a Transfer of `amount` from `spoofedFrom` to each recipient (CounterfeitToken.spoofAirdrop). */
    | { kind: 'spoof-airdrop'; token: Ref; spoofedFrom: Ref; recipients: readonly Recipient[]; amount: bigint }
    /** Many ERC-20 transfers from the sender in one transaction (DevnetToken.batchTransfer). */
    | { kind: 'token-batch-transfer'; token: Ref; transfers: readonly { to: Recipient; amount: bigint }[] }
    | { kind: 'deploy-relayed-account'; id: string }
    /** A relayer (the sender) submits `account`'s batch to RelayedAccount.execute, signed by the account's key. */
    | { kind: 'relayed-batch'; account: Ref; calls: readonly BatchCall[] }
    /** Liquidity put into the router's pool of the two tokens (SwapRouter.addLiquidity). */
    | { kind: 'add-liquidity'; router: Ref; tokenA: Ref; tokenB: Ref; amountA: bigint; amountB: bigint }
    /**
     * A swap through the router's pool. `native` on one side is the chain's coin, wrapped or unwrapped
     * by the router (value in the call; or a multicall of the swap and unwrapWETH9).
     */
    | { kind: 'swap'; router: Ref; sell: Ref | 'native'; buy: Ref | 'native'; amount: bigint }
  );

/** One call of a smart-account batch: native coin, or an ERC-20 transfer. */
export type BatchCall = { to: Ref; value: bigint } | { token: Ref; to: Ref; amount: bigint };

export type StepKind = Step['kind'];

export interface FunctionCall {
  functionName: string;
  args?: readonly unknown[];
}

export interface ScenarioPlan {
  /** Labels of the wallets the plan uses; their balances are published. */
  wallets: readonly string[];
  /**
   * Addresses that send transactions without a key (hardhat_impersonateAccount), by label: a look-alike
   * made up for address poisoning, a sanctioned address. Each gets IMPERSONATED_BALANCE before seeding.
   */
  impersonated?: Readonly<Record<string, Address>>;
  /** Executed in order, one transaction per block. */
  steps: readonly Step[];
  /** Sent after seeding, each with a nonce one ahead of its sender's: they stay pending. One per sender. */
  pendingSteps?: readonly Step[];
  /** What a risk engine should find, and where. */
  riskPatterns?: readonly PlannedRiskPattern[];
  /** Wallets with ordinary history that a risk engine must not flag. */
  benignWallets?: readonly Ref[];
  /** Wallets shaped like common mainnet kinds, with what an audit should and should not say of them. */
  realisticWallets?: readonly PlannedRealisticWallet[];
}

/** The mainnet kinds the realistic wallets stand for. */
export type RealisticShape = 'defi-power-user' | 'spam-recipient' | 'poisoning-victim' | 'relayed-smart-account' | 'router-contract' | 'busy-hot-wallet';

/**
 * A wallet (or contract) shaped like a common kind of mainnet account, and what a wallet audit should
 * say of it under the rules of issue 17: what the subject did counts, what strangers did to it does not.
 */
export interface PlannedRealisticWallet {
  shape: RealisticShape;
  wallet: Ref;
  summary: string;
  /** Flags the audit must raise. */
  expectedFlags: readonly RiskFlagId[];
  /** Flags the audit must not raise: the mistakes a naive reading of this shape makes. */
  forbiddenFlags: readonly RiskFlagId[];
  /** Risk labels the score may fall in. */
  scoreBands: readonly RiskLabel[];
  /** Stranger-made exposure the audit must report apart from the score, as words its text must use (any one of them). */
  exposureMentions?: readonly string[];
  /** Steps that make the shape. */
  transactions: readonly string[];
  /** Other parties, by wallet label or contract id. */
  counterparties: readonly Ref[];
}

/** A planted risk pattern: the wallet that shows it and the named steps that make it up. */
export interface PlannedRiskPattern {
  /** The risk flag the pattern raises, or the exposure finding it shows when it is done to the wallet (not scored). */
  flag: RiskFlagId | ExposureId;
  wallet: Ref;
  /** Names of the steps (published transactions) that are the evidence. */
  transactions: readonly string[];
  /** Other parties of the pattern (wallet labels or contract ids): the look-alike, the sweeper, the funder... */
  counterparties: readonly Ref[];
  summary: string;
}

// ---- The outcome: what is on a chain after seeding (JSON-serializable; amounts as strings) ----

export interface WalletBalances {
  /** Wei. */
  native: string;
  /** Atomic units per ERC-20 contract id (every ERC-20 of the scenario, zeros included). */
  tokens: Record<string, string>;
  /** Token ids held, per ERC-721 contract id (every collection of the scenario). */
  nfts: Record<string, string[]>;
}

export interface ScenarioWallet {
  address: Address;
  /** Present for addresses nobody holds a key to: their transactions were sent with hardhat_impersonateAccount. */
  impersonated?: true;
  /** Balances right after seeding; later faucet requests and tests may change them. */
  balances: WalletBalances;
}

export type ContractKind =
  | 'usdc'
  | 'multicall3'
  | 'erc20'
  | 'counterfeit-erc20'
  | 'wrapped-native'
  | 'erc721'
  | 'contract'
  | 'proxy'
  | 'sanctions-oracle'
  | 'mixer'
  | 'smart-account'
  | 'sweeper'
  | 'permit2'
  | 'spam-erc20'
  | 'relayed-account'
  | 'router';

export interface ScenarioContract {
  address: Address;
  kind: ContractKind;
  /** The compiled contract it runs (for a proxy: the proxy itself); null for an EIP-1167 clone, whose 45 bytes come from no compiled contract. */
  artifact: ContractName | null;
  name?: string;
  symbol?: string;
  decimals?: number;
  /** EIP-1967 implementation behind a proxy. */
  implementation?: Address;
  /** Name of the transaction that deployed it; absent for contracts placed at fixed addresses. */
  deployedBy?: string;
}

export interface ScenarioTransaction {
  hash: Hex;
  kind: StepKind;
  from: Address;
  /** null for a contract creation. */
  to: Address | null;
  contractAddress?: Address;
  blockNumber: number;
  status: 'success' | 'reverted';
  /** The Error(string) message of a reverted transaction. */
  revertReason?: string;
  /** The custom error name of a reverted transaction (its selector starts the revert data). */
  revertError?: string;
}

/** A planted risk pattern, resolved to addresses; `transactions` name entries of `ChainScenario.transactions`. */
export interface ScenarioRiskPattern {
  flag: RiskFlagId | ExposureId;
  wallet: string;
  address: Address;
  transactions: string[];
  /** By wallet label or contract id. */
  counterparties: Record<string, Address>;
  summary: string;
}

/** A realistic wallet, resolved to addresses; `transactions` name entries of `ChainScenario.transactions`. */
export interface ScenarioRealisticWallet extends Omit<PlannedRealisticWallet, 'counterparties' | 'transactions' | 'expectedFlags' | 'forbiddenFlags' | 'scoreBands' | 'exposureMentions'> {
  address: Address;
  expectedFlags: RiskFlagId[];
  forbiddenFlags: RiskFlagId[];
  scoreBands: RiskLabel[];
  exposureMentions: string[];
  transactions: string[];
  counterparties: Record<string, Address>;
}

export interface ScenarioPendingTransaction {
  hash: Hex;
  from: Address;
  to: Address | null;
  nonce: number;
}

export interface ChainScenario {
  wallets: Record<string, ScenarioWallet>;
  contracts: Record<string, ScenarioContract>;
  transactions: Record<string, ScenarioTransaction>;
  riskPatterns: ScenarioRiskPattern[];
  /** Transactions left pending (never mined), by step name. */
  pendingTransactions: Record<string, ScenarioPendingTransaction>;
  /** Labels of wallets that must raise no risk flag. */
  benignWallets: string[];
  /** Wallets shaped like mainnet ones, with their expected audit (README: "Realistic wallets"). */
  realisticWallets: ScenarioRealisticWallet[];
}

export interface Scenario {
  /** False when the devnet was started with seed: false (no history, nobody funded). */
  seeded: boolean;
  /** Days of back-dated history before the devnet started. */
  historyDays: number;
  chains: Record<ChainName, ChainScenario>;
}
