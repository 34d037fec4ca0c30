import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeTreasuryDust } from './analyze.js';

export { analyzeTreasuryDust, type DustMapInput, type DustMapResult } from './analyze.js';

/** x402-machine-payment-treasury-dust-map: a pure function of its request (docs/tools/x402/machine-payment-treasury-dust-map.md). */
export const machinePaymentTreasuryDustMap = defineRequestOnlyTool(catalogEntry('x402_machine_payment_treasury_dust_map'), (input) => analyzeTreasuryDust(input));
