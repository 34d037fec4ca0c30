import { defineConfig } from 'tsup';
import { applicationBuild } from '../../tsup.shared.js';

// Private tool: ESM only, no declarations (workspace consumers resolve the sources).
// @paysight/chain-data (the explorer's trace parser) is a workspace library not yet listed in
// package.json: it stays external like the listed ones, so building needs no chain-data build first.
export default defineConfig({ ...applicationBuild(['src/index.ts', 'src/main.ts']), external: ['@paysight/chain-data'] });
