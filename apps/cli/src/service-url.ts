import type { DevnetFile } from '@paysight/stack';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:4021';

/** The service a command talks to: --base-url, then PAYSIGHT_BASE_URL, then the running embedded stack, then the default port. */
export function serviceBaseUrl(flag: string | undefined, env: Record<string, string | undefined>, devnet: Pick<DevnetFile, 'apiBaseUrl'> | null): string {
  return (flag ?? env.PAYSIGHT_BASE_URL ?? devnet?.apiBaseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
}
