/** Disjoint sets over string keys, with path halving and union by size: near-constant time per call. */
export class UnionFind {
  private readonly parent = new Map<string, string>();
  private readonly size = new Map<string, number>();

  find(key: string): string {
    if (!this.parent.has(key)) {
      this.parent.set(key, key);
      this.size.set(key, 1);
      return key;
    }
    let at = key;
    for (let up = this.parent.get(at)!; up !== at; up = this.parent.get(at)!) {
      const grand = this.parent.get(up)!;
      this.parent.set(at, grand);
      at = grand;
    }
    return at;
  }

  union(a: string, b: string): void {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return;
    if (this.size.get(ra)! < this.size.get(rb)!) [ra, rb] = [rb, ra];
    this.parent.set(rb, ra);
    this.size.set(ra, this.size.get(ra)! + this.size.get(rb)!);
  }
}

/** Hex EVM addresses compare case-insensitively; every other identifier is compared as written. */
export function identifierKey(id: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(id) ? id.toLowerCase() : id;
}

/** A spec hash string as a comparison key: without its optional sha256: prefix, lower case. */
export function hashKey(hash: string): string {
  return hash.replace(/^sha256:/, '').toLowerCase();
}
