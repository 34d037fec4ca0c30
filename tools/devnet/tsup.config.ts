import { defineConfig } from 'tsup';
import { applicationBuild } from '../../tsup.shared.js';

// Private tool: ESM only, no declarations (workspace consumers resolve the sources).
export default defineConfig(applicationBuild(['src/index.ts', 'src/main.ts']));
