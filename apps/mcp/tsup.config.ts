import { defineConfig } from 'tsup';
import { applicationBuild } from '../../tsup.shared.js';

export default defineConfig(applicationBuild(['src/main.ts']));
