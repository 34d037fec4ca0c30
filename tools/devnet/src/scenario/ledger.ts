import type { Address } from 'viem';
import type { WalletBalances } from './types.js';

/** Ledger keys: lower case, as checksumming thousands of addresses would cost seconds. */
const key = (address: Address) => address.toLowerCase() as Address;

/** What the scenario expects every address to hold, kept step by step while seeding. */
export class Ledger {
  private readonly native = new Map<Address, bigint>();
  private readonly tokens = new Map<string, Map<Address, bigint>>();
  private readonly nftOwners = new Map<string, Map<bigint, Address>>();

  setNative(address: Address, balance: bigint): void {
    this.native.set(key(address), balance);
  }

  moveNative(from: Address, to: Address, value: bigint): void {
    this.addNative(from, -value);
    this.addNative(to, value);
  }

  /** Everything `from` holds goes to `to` (a sweeper at work). */
  moveAllNative(from: Address, to: Address): void {
    this.moveNative(from, to, this.native.get(key(from)) ?? 0n);
  }

  chargeGas(payer: Address, fee: bigint): void {
    this.addNative(payer, -fee);
  }

  /** from null = mint, to null = burn. */
  moveToken(token: string, from: Address | null, to: Address | null, amount: bigint): void {
    const balances = this.tokens.get(token) ?? new Map<Address, bigint>();
    this.tokens.set(token, balances);
    if (from) balances.set(key(from), (balances.get(key(from)) ?? 0n) - amount);
    if (to) balances.set(key(to), (balances.get(key(to)) ?? 0n) + amount);
  }

  tokenBalance(token: string, owner: Address): bigint {
    return this.tokens.get(token)?.get(key(owner)) ?? 0n;
  }

  /** Records the new owner of a token id (a mint or a transfer). */
  moveNft(collection: string, tokenId: bigint, to: Address): void {
    const owners = this.nftOwners.get(collection) ?? new Map<bigint, Address>();
    this.nftOwners.set(collection, owners);
    owners.set(tokenId, key(to));
  }

  balancesOf(address: Address, tokenIds: readonly string[], collectionIds: readonly string[]): WalletBalances {
    const owner = key(address);
    const tokens: Record<string, string> = {};
    for (const id of tokenIds) tokens[id] = (this.tokens.get(id)?.get(owner) ?? 0n).toString();
    const nfts: Record<string, string[]> = {};
    for (const id of collectionIds) {
      const held = [...(this.nftOwners.get(id) ?? new Map<bigint, Address>())].filter(([, o]) => o === owner).map(([t]) => t);
      nfts[id] = held.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map(String);
    }
    return { native: (this.native.get(owner) ?? 0n).toString(), tokens, nfts };
  }

  private addNative(address: Address, delta: bigint): void {
    const account = key(address);
    this.native.set(account, (this.native.get(account) ?? 0n) + delta);
  }
}
