import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      site: 'src/site.ts',
      display: 'src/display.ts',
      'legacy-encoding': 'src/legacy-encoding.ts',
      urlpattern: 'src/urlpattern.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    target: 'node20',
    platform: 'neutral',
    sourcemap: false,
    clean: true,
    splitting: true,
    treeshake: true,
  },
  {
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
    splitting: false,
  },
]);
