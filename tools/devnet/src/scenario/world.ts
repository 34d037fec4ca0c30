import type { Abi, Address } from 'viem';
import { type DevnetAccount, devnetAccount } from '../accounts.js';
import type { ContractKind, Ref, ScenarioContract } from './types.js';

/** A contract the plan can refer to; `abi` is what calls to it use (a proxy's is its implementation's). */
export interface KnownContract extends ScenarioContract {
  abi: Abi;
}

/** The names a plan refers to, resolved to accounts and contracts, on one chain. */
export class World {
  private readonly wallets = new Map<string, DevnetAccount>();
  private readonly contracts = new Map<string, KnownContract>();

  constructor(walletLabels: readonly string[], contracts: Readonly<Record<string, KnownContract>>) {
    for (const label of walletLabels) this.add(label, () => this.wallets.set(label, devnetAccount(label)));
    for (const [id, contract] of Object.entries(contracts)) this.register(id, contract);
  }

  register(id: string, contract: KnownContract): void {
    this.add(id, () => this.contracts.set(id, contract));
  }

  wallet(ref: Ref): DevnetAccount {
    const wallet = this.wallets.get(ref);
    if (!wallet) throw new Error(`"${ref}" is not a wallet of the scenario`);
    return wallet;
  }

  contract(ref: Ref, ...kinds: ContractKind[]): KnownContract {
    const contract = this.contracts.get(ref);
    if (!contract) throw new Error(`"${ref}" is not a contract of the scenario (yet)`);
    if (kinds.length > 0 && !kinds.includes(contract.kind)) {
      throw new Error(`"${ref}" is a ${contract.kind} contract, not ${kinds.join(' or ')}`);
    }
    return contract;
  }

  address(ref: Ref): Address {
    return this.wallets.get(ref)?.address ?? this.contract(ref).address;
  }

  walletEntries(): [string, DevnetAccount][] {
    return [...this.wallets];
  }

  contractEntries(): [string, KnownContract][] {
    return [...this.contracts];
  }

  private add(name: string, store: () => void): void {
    if (this.wallets.has(name) || this.contracts.has(name)) throw new Error(`the scenario uses the name "${name}" twice`);
    store();
  }
}
