import { DEFAULT_DEVNET_PORTS } from '@paysight/devnet';

/** Host and ports of `npm start` (`--ports auto` replaces every port with a free one). */
export const EMBEDDED_DEFAULTS = {
  host: '127.0.0.1',
  apiPort: 4021,
  facilitatorPort: 4022,
  explorerPort: 4023,
  chainPorts: DEFAULT_DEVNET_PORTS,
} as const;
