/**
 * Items for a reason message: the first `max`, each formatted (only those are), then how many
 * there are in all.
 */
export function listed<T>(items: readonly T[], max = 10, format: (item: T) => string = String): string {
  const shown = items.slice(0, max).map(format).join(', ');
  return items.length <= max ? shown : `${shown}, ... (${items.length} in all)`;
}
