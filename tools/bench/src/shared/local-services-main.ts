import { fundAccount } from '@paysight/devnet';
import { startLocalServices } from '@paysight/stack';
import { parseEther } from 'viem';
import { serveParent } from './servers-child.js';

/** Child process of every benchmark: the local services, unseeded, until the benchmark stops them. */
const services = await startLocalServices({ seed: false });
const { devnet } = services;
// The unseeded devnet leaves the facilitator's account without gas for settlements.
await fundAccount(devnet.faucetUrl, { chain: 'base', address: devnet.accounts.facilitator.address, native: parseEther('10') });
serveParent({ targets: services.info, close: () => services.close() });
