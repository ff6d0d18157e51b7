// Builds the URL viewer into viewer/dist: one minified browser bundle, the page and its styles.
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { inlineCodeUnitAt } from '../scripts/build/inline-code-unit-at.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
export const distDir = join(here, 'dist');

/** Builds the viewer; returns the output directory. */
export async function buildViewer({ quiet = false } = {}) {
  await rm(distDir, { recursive: true, force: true });
  await mkdir(distDir, { recursive: true });
  await esbuild.build({
    entryPoints: [join(here, 'src', 'main.ts')],
    outfile: join(distDir, 'viewer.js'),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    legalComments: 'none',
    logLevel: quiet ? 'error' : 'info',
    plugins: [inlineCodeUnitAt],
  });
  await copyFile(join(here, 'index.html'), join(distDir, 'index.html'));
  await copyFile(join(here, 'viewer.css'), join(distDir, 'viewer.css'));
  return distDir;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildViewer();
}
