import type { ChainName, ChainSource, ContractRead, ReadResult } from '@paysight/contracts';

/**
 * Collects contract reads from several places of a gather step so they go out in one Multicall3
 * round trip; each `add` returns a handle to pick the result up afterwards.
 */
export class ReadPlan {
  private readonly reads: ContractRead[] = [];
  private results: ReadResult[] | null = null;

  add(read: ContractRead): number {
    if (this.results) throw new Error('ReadPlan already executed');
    return this.reads.push(read) - 1;
  }

  get size(): number {
    return this.reads.length;
  }

  async execute(source: ChainSource, chain: ChainName, blockNumber?: bigint): Promise<void> {
    this.results = this.reads.length ? await source.readContracts(chain, this.reads, blockNumber === undefined ? {} : { blockNumber }) : [];
  }

  result(handle: number): ReadResult {
    const r = this.results?.[handle];
    if (!r) throw new Error('ReadPlan result read before execute');
    return r;
  }

  /** The successful value, or null when the call reverted or returned something undecodable. */
  value<T>(handle: number): T | null {
    const r = this.result(handle);
    return r.status === 'success' ? (r.result as T) : null;
  }
}
