import type { Options } from 'tsup';

/** One build recipe for every publishable library: ESM + CJS + type declarations, dependencies left external. */
export function libraryBuild(entry: string[] = ['src/index.ts']): Options {
  return {
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    splitting: false,
    treeshake: true,
  };
}

/** Applications are bundled as ESM only; workspace libraries and npm packages stay external. */
export function applicationBuild(entry: string[]): Options {
  return {
    entry,
    format: ['esm'],
    dts: false,
    clean: true,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    splitting: false,
  };
}
