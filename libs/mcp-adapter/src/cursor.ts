/**
 * tools/list cursors: opaque to clients, bound to the toolsets and page size they were issued for,
 * so a cursor from one session's listing cannot skip or repeat tools in another's.
 */
export function encodeCursor(offset: number, key: string): string {
  return Buffer.from(JSON.stringify({ o: offset, k: key })).toString('base64url');
}

/** The offset a cursor stands for, or null when it is not one of ours, belongs to another listing, or points past the end. */
export function decodeCursor(cursor: string, key: string, total: number): number | null {
  try {
    const { o, k } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown; k?: unknown };
    return k === key && Number.isInteger(o) && (o as number) > 0 && (o as number) < total ? (o as number) : null;
  } catch {
    return null;
  }
}
