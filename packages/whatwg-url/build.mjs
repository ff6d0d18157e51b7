#!/usr/bin/env node
/**
 * Builds the package into dist/ (tsup, with tsup.config.ts), after linking node_modules/url-standard
 * to the repository root: the package depends on url-standard, which, inside this repository, is
 * the repository itself. A program that installs this directory (`npm install <dir>`, which links
 * it and installs none of its dependencies) then finds url-standard from here through that link,
 * and url-standard's own dependencies in the repository's node_modules.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = join(packageDir, '..', '..');

const link = join(packageDir, 'node_modules', 'url-standard');
const target = join('..', '..', '..');
let linked = false;
try {
  linked = lstatSync(link).isSymbolicLink() && readlinkSync(link) === target;
} catch {
  linked = false;
}
if (!linked) {
  rmSync(link, { recursive: true, force: true });
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(target, link, 'dir');
}
if (!existsSync(join(repositoryRoot, 'dist', 'index.cjs'))) {
  console.error('build the repository first (npm run build): url-standard has no dist/');
  process.exit(1);
}

const require = createRequire(join(repositoryRoot, 'package.json'));
const tsupCommand = join(dirname(require.resolve('tsup/package.json')), 'dist', 'cli-default.js');
const result = spawnSync(process.execPath, [tsupCommand, '--config', 'tsup.config.ts'], {
  cwd: packageDir,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
