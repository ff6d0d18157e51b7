import { defineConfig, type Options } from 'tsup';

/**
 * The bundler emits every top-level `const` as `var`. V8 folds a module-level `const` into the code
 * it optimizes, which is what makes `charCodeAt.call(s, i)` (src/infra.ts) as fast as a direct call
 * for every string representation; through a `var` it is an unknown function and much slower. This
 * restores the `const` on those declarations, one per module (test/package.test.ts checks the output).
 */
const keepCharCodeAtConst: NonNullable<Options['plugins']>[number] = {
  name: 'keep-charCodeAt-const',
  renderChunk(code) {
    return { code: code.replace(/\bvar (charCodeAt\d*) = String\.prototype\.charCodeAt;/g, 'const $1 = String.prototype.charCodeAt;') };
  },
};

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      site: 'src/site.ts',
      display: 'src/display.ts',
      'legacy-encoding': 'src/legacy-encoding.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    target: 'node20',
    platform: 'neutral',
    sourcemap: false,
    clean: true,
    splitting: true,
    treeshake: true,
    plugins: [keepCharCodeAtConst],
  },
  {
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
    splitting: false,
    plugins: [keepCharCodeAtConst],
  },
]);
