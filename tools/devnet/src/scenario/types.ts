import type { ChainName } from '@paysight/contracts';
import type { Address, Hex } from 'viem';
import type { ContractName } from '../artifacts/index.js';

// ---- The plan: what to do on a chain, as data ------------------------------------------------

/** A name in a plan: a wallet label (its key is devnetAccount(label)) or a contract id. */
export type Ref = string;

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
    | { kind: 'native-transfer'; to: Ref; value: bigint }
    | { kind: 'deploy-token'; id: string; tokenName: string; symbol: string; decimals: number }
    | { kind: 'deploy-wrapped-native'; id: string; tokenName: string; symbol: string }
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
    /** An EIP-3009 transferWithAuthorization signed by `payer` and submitted by `from`, as an x402 facilitator does. */
    | { kind: 'usdc-authorization'; payer: Ref; to: Ref; amount: bigint }
    | ({ kind: 'contract-call'; to: Ref; value?: bigint } & FunctionCall)
  );

export type StepKind = Step['kind'];

export interface FunctionCall {
  functionName: string;
  args?: readonly unknown[];
}

export interface ScenarioPlan {
  /** Labels of the wallets the plan uses; their balances are published. */
  wallets: readonly string[];
  /** Executed in order, one transaction per block. */
  steps: readonly Step[];
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
  /** Balances right after seeding; later faucet requests and tests may change them. */
  balances: WalletBalances;
}

export type ContractKind = 'usdc' | 'multicall3' | 'erc20' | 'wrapped-native' | 'erc721' | 'contract' | 'proxy';

export interface ScenarioContract {
  address: Address;
  kind: ContractKind;
  /** The compiled contract it runs (for a proxy: the proxy itself). */
  artifact: ContractName;
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

export interface ChainScenario {
  wallets: Record<string, ScenarioWallet>;
  contracts: Record<string, ScenarioContract>;
  transactions: Record<string, ScenarioTransaction>;
}

export interface Scenario {
  /** False when the devnet was started with seed: false (no history, nobody funded). */
  seeded: boolean;
  /** Days of back-dated history before the devnet started. */
  historyDays: number;
  chains: Record<ChainName, ChainScenario>;
}
