import { type Abi, type Address, getAddress, type Hex, isAddress } from 'viem';
import { devnetAccount } from '../accounts.js';
import type { ContractKind, Ref, ScenarioContract } from './types.js';

/** A contract the plan can refer to; `abi` is what calls to it use (a proxy's is its implementation's). */
export interface KnownContract extends ScenarioContract {
  abi: Abi;
}

/** An address that sends transactions: with its key, or (privateKey null) impersonated on the devnet. */
export interface Actor {
  label: string;
  address: Address;
  privateKey: Hex | null;
}

/** The names a plan refers to, resolved to accounts and contracts, on one chain. */
export class World {
  private readonly actors = new Map<string, Actor>();
  private readonly contracts = new Map<string, KnownContract>();

  constructor(
    walletLabels: readonly string[],
    contracts: Readonly<Record<string, KnownContract>>,
    impersonated: Readonly<Record<string, Address>> = {},
  ) {
    for (const label of walletLabels) this.add(label, () => this.actors.set(label, devnetAccount(label)));
    for (const [label, address] of Object.entries(impersonated)) {
      this.add(label, () => this.actors.set(label, { label, address, privateKey: null }));
    }
    for (const [id, contract] of Object.entries(contracts)) this.register(id, contract);
  }

  register(id: string, contract: KnownContract): void {
    this.add(id, () => this.contracts.set(id, contract));
  }

  /** A wallet or an impersonated address. */
  actor(ref: Ref): Actor {
    const actor = this.actors.get(ref);
    if (!actor) throw new Error(`"${ref}" is not a wallet of the scenario`);
    return actor;
  }

  /** A wallet whose key the devnet holds (it signs something besides a transaction). */
  signer(ref: Ref): Actor & { privateKey: Hex } {
    const actor = this.actor(ref);
    if (actor.privateKey === null) throw new Error(`"${ref}" is impersonated: it has no key to sign with`);
    return { ...actor, privateKey: actor.privateKey };
  }

  contract(ref: Ref, ...kinds: ContractKind[]): KnownContract {
    const contract = this.contracts.get(ref);
    if (!contract) throw new Error(`"${ref}" is not a contract of the scenario (yet)`);
    if (kinds.length > 0 && !kinds.includes(contract.kind)) {
      throw new Error(`"${ref}" is a ${contract.kind} contract, not ${kinds.join(' or ')}`);
    }
    return contract;
  }

  /** A wallet's or a contract's address; a literal address (a dataset entry nobody in the scenario holds) stands for itself. */
  address(ref: Ref): Address {
    if (isAddress(ref, { strict: false })) return getAddress(ref);
    return this.actors.get(ref)?.address ?? this.contract(ref).address;
  }

  actorEntries(): [string, Actor][] {
    return [...this.actors];
  }

  contractEntries(): [string, KnownContract][] {
    return [...this.contracts];
  }

  private add(name: string, store: () => void): void {
    if (this.actors.has(name) || this.contracts.has(name)) throw new Error(`the scenario uses the name "${name}" twice`);
    store();
  }
}
