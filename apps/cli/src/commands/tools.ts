import { CATALOG } from '@paysight/contracts';

/** `paysight tools`: every paid tool with its price, as a table or as JSON. */
export function toolsCommand(options: { json: boolean }): string {
  if (options.json) {
    return JSON.stringify(
      CATALOG.map((t) => ({ id: t.id, mcpName: t.mcpName, method: t.method, path: t.path, priceUsdc: t.price, title: t.title })),
      null,
      2,
    );
  }
  const rows = CATALOG.map((t) => [t.id, `${t.price} USDC`, t.path, t.title]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join('  ')).join('\n');
}
