import { defineConfig } from 'tsup';

/** The package's entry points (the `exports` map of package.json). */
const ENTRIES = {
  index: 'src/index.ts',
  'webidl2js-wrapper': 'src/webidl2js-wrapper.ts',
};

export default defineConfig({
  entry: ENTRIES,
  // CommonJS (.js) is what Node loads, for `require` and `import` alike (the "node" condition), so
  // that a program has one URL class whichever way its modules load this package; bundlers take
  // the ES modules (.mjs), which they can tree-shake.
  format: ['cjs', 'esm'],
  dts: true,
  target: 'node20',
  platform: 'neutral',
  // url-standard is a dependency, loaded from its own package (never bundled in).
  external: [/^url-standard(\/|$)/],
  sourcemap: false,
  clean: true,
  splitting: true,
  treeshake: true,
});
