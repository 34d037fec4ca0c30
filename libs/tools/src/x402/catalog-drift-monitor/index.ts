import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeCatalogDrift } from './analyze.js';

export { analyzeCatalogDrift, type CatalogDriftInput, type CatalogDriftResult } from './analyze.js';

/** x402-catalog-drift-monitor: a pure function of its request (docs/tools/x402/catalog-drift-monitor.md). */
export const catalogDriftMonitor = defineRequestOnlyTool(catalogEntry('x402_catalog_drift_monitor'), (input) => analyzeCatalogDrift(input));
