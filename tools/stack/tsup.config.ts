import { defineConfig } from 'tsup';
import { applicationBuild } from '../../tsup.shared.js';

// Private tool: ESM only, no declarations (workspace consumers resolve the sources). Two entries,
// so that the services entry never loads the API.
export default defineConfig(applicationBuild(['src/index.ts', 'src/api.ts']));
