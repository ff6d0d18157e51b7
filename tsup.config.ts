import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';
import { inlineCodeUnitAt } from './scripts/build/inline-code-unit-at.mjs';

/** The library's entry points (the `exports` map of package.json). */
const LIBRARY = {
  index: 'src/index.ts',
  site: 'src/site.ts',
  display: 'src/display.ts',
  'legacy-encoding': 'src/legacy-encoding.ts',
  global: 'src/global.ts',
  urlpattern: 'src/urlpattern.ts',
};

/** Only the version is taken from package.json; the command line prints it for --version. */
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig([
  {
    // ES modules. The command line (`dist/cli.js`, ES modules only) is built with the library's
    // entries so that it imports the library's chunks instead of carrying a second copy; its
    // `#!/usr/bin/env node` line is kept from src/cli.ts.
    entry: { ...LIBRARY, cli: 'src/cli.ts' },
    format: ['esm'],
    dts: { entry: LIBRARY },
    target: 'node20',
    platform: 'neutral',
    external: [/^node:/],
    define: { __URL_STANDARD_VERSION__: JSON.stringify(version) },
    sourcemap: false,
    clean: false,
    splitting: true,
    treeshake: true,
    esbuildPlugins: [inlineCodeUnitAt],
  },
  {
    entry: LIBRARY,
    format: ['cjs'],
    dts: true,
    // publicSuffixListVersion uses __filename in CommonJS and import.meta.url (empty here) only
    // in ES modules. (tsup's import.meta shim would call the global URL in a chunk that declares
    // this library's URL class, before the class exists.)
    esbuildOptions(options) {
      options.logOverride = { ...options.logOverride, 'empty-import-meta': 'silent' };
    },
    target: 'node20',
    platform: 'neutral',
    sourcemap: false,
    clean: false,
    splitting: true,
    treeshake: true,
    esbuildPlugins: [inlineCodeUnitAt],
  },
]);
