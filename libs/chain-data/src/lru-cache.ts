/**
 * A bounded least-recently-used cache. Each entry has a weight (1 unless told otherwise: a list
 * can weigh its length) and the total weight stays within `maxWeight`. Entries may carry a time
 * to live; expired entries are dropped when read. The clock is injectable for tests.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number; weight: number }>();
  private totalWeight = 0;

  constructor(
    readonly maxWeight: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(maxWeight) || maxWeight < 1) throw new RangeError('maxWeight must be a positive integer');
  }

  /** Total weight of the entries held. */
  get weight(): number {
    return this.totalWeight;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.totalWeight -= entry.weight;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.value;
  }

  /** An entry heavier than the whole cache is not kept. */
  set(key: string, value: V, options: { ttlMs?: number; weight?: number } = {}): void {
    this.delete(key);
    const weight = Math.max(1, options.weight ?? 1);
    if (weight > this.maxWeight) return;
    this.entries.set(key, { value, expiresAt: this.now() + (options.ttlMs ?? Infinity), weight });
    this.totalWeight += weight;
    for (const oldest of this.entries.keys()) {
      if (this.totalWeight <= this.maxWeight) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }
}
