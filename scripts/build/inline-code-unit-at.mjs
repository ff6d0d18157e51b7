// An esbuild plugin that writes each call of `codeUnitAt(s, i)` in src/ as
// `String.prototype.charCodeAt.call(s, i)`, the form V8 inlines for every string representation
// (src/code-unit.ts says why). Every bundle of the library goes through it: tsup's builds, the size
// script, the viewer and the browser pages of the conformance runs.
import { readFile } from 'node:fs/promises';
import { sep } from 'node:path';

const CALL = /\bcodeUnitAt\(/g;
const DEFINITION = `${sep}src${sep}code-unit.ts`;

/** @type {import('esbuild').Plugin} */
export const inlineCodeUnitAt = {
  name: 'inline-code-unit-at',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (path.endsWith(DEFINITION) || !source.includes('codeUnitAt(')) return undefined;
      return { contents: source.replace(CALL, 'String.prototype.charCodeAt.call('), loader: 'ts' };
    });
  },
};
