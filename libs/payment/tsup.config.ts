import { defineConfig } from 'tsup';
import { libraryBuild } from '../../tsup.shared.js';

// The runner is built too, so a published package can start the local facilitator with plain node.
export default defineConfig(libraryBuild(['src/index.ts', 'src/facilitator-main.ts']));
