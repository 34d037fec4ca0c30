/**
 * predictable_nonce (design sheet §17): an EIP-3009 nonce should be 32 random bytes. A nonce is
 * predictable when it has at least 24 leading zero bytes (a counter or a timestamp), when all its
 * bytes are equal, or when it is one of three consecutive values, in ascending order, of one payer's
 * nonces that are equally spaced (a counter with a fixed step). Sorting per payer keeps this
 * O(n log n); random nonces are equally spaced with negligible probability.
 */
export function predictableNonces(keys: readonly { payer: string; nonce: string }[]): (string | null)[] {
  const reasons: (string | null)[] = keys.map(({ nonce }) => {
    const hex = nonce.slice(2).toLowerCase();
    if (/^0{48}/.test(hex)) return 'at least 24 leading zero bytes (a counter or timestamp, not 32 random bytes)';
    const bytes = /^([0-9a-f]{2})\1{31}$/.exec(hex);
    return bytes ? `all 32 bytes are 0x${bytes[1]}` : null;
  });
  const byPayer = new Map<string, { index: number; value: bigint }[]>();
  keys.forEach(({ payer, nonce }, index) => {
    const list = byPayer.get(payer) ?? [];
    list.push({ index, value: BigInt(nonce) });
    byPayer.set(payer, list);
  });
  for (const list of byPayer.values()) {
    list.sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    for (let i = 0; i + 2 < list.length; i++) {
      const step = list[i + 1]!.value - list[i]!.value;
      if (step !== list[i + 2]!.value - list[i + 1]!.value) continue;
      for (const { index } of list.slice(i, i + 3)) reasons[index] ??= `one of three or more of this payer's nonces in arithmetic progression (step ${step})`;
    }
  }
  return reasons;
}
