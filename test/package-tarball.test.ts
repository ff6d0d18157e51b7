/**
 * The package as npm publishes it: `npm pack` of the built tree (npm test builds first; the pack
 * itself runs no scripts), then what a consumer meets in the tarball:
 * - its contents (no sources, tests or development files; everything the README links to or shows);
 * - `@arethetypeswrong/cli` and `publint` on the tarball;
 * - the tarball installed into a fresh project: TypeScript in each resolution mode (node10, node16,
 *   nodenext, bundler) type-checks a consumer of every entry, and every entry loads by `import`
 *   and by `require` in this Node, and the command runs.
 * Nothing here needs the network: the dependencies of the installed copy are linked from this
 * repository's node_modules.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, unknown>;
  dependencies: Record<string, string>;
  bin: Record<string, string>;
};

interface PackResult {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

const npmWorks = spawnSync('npm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' }).status === 0;
const skip = !existsSync(join(ROOT, 'dist', 'index.js'))
  ? 'dist/ is missing: run npm run build (npm test does)'
  : npmWorks
    ? false
    : 'npm is not on PATH: cannot pack the package';

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
}

describe('the packed tarball', { skip }, () => {
  let work = '';
  let pack: PackResult;
  let tarball = '';
  /** The fresh consumer project, with the tarball installed in node_modules/url-standard. */
  let project = '';
  let paths: Set<string>;

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'url-standard-pack-'));
    const packed = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT);
    assert.equal(packed.status, 0, packed.stderr);
    pack = (JSON.parse(packed.stdout) as PackResult[])[0]!;
    tarball = join(work, pack.filename);
    paths = new Set(pack.files.map((f) => f.path));

    project = join(work, 'consumer');
    const installed = join(project, 'node_modules', PACKAGE.name);
    mkdirSync(installed, { recursive: true });
    const untar = run('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'], work);
    assert.equal(untar.status, 0, untar.stderr);
    // The runtime dependencies (and theirs), linked from this repository's node_modules.
    const linked = new Set<string>();
    const link = (name: string): void => {
      if (linked.has(name)) return;
      linked.add(name);
      const from = join(ROOT, 'node_modules', name);
      const to = join(project, 'node_modules', name);
      mkdirSync(dirname(to), { recursive: true });
      symlinkSync(from, to, 'dir');
      const manifest = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
      for (const dependency of Object.keys(manifest.dependencies ?? {})) link(dependency);
    };
    for (const dependency of Object.keys(PACKAGE.dependencies)) link(dependency);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  });

  after(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true });
  });

  it('holds the built package, the license, the changelog and the docs, and no sources or tests', (t) => {
    t.diagnostic(`tarball ${pack.size} bytes, unpacked ${pack.unpackedSize} bytes, ${pack.files.length} files`);
    for (const required of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'dist/cli.js']) {
      assert.ok(paths.has(required), required);
    }
    for (const target of Object.values(PACKAGE.exports)) {
      const files = typeof target === 'string' ? [target] : Object.values(target as Record<string, Record<string, string>>).flatMap(Object.values);
      for (const file of files) assert.ok(paths.has(file.replace(/^\.\//, '')), file);
    }
    const unexpected = [...paths].filter(
      (path) => !/^(package\.json|README\.md|LICENSE|CHANGELOG\.md)$/.test(path) && !/^dist\/[^/]+\.(c?js|d\.c?ts)$/.test(path) && !/^docs\/[^/]+\.(md|svg)$/.test(path),
    );
    assert.deepEqual(unexpected, []);
    const license = readFileSync(join(project, 'node_modules', PACKAGE.name, 'LICENSE'), 'utf8');
    assert.match(license, /^MIT License\n\nCopyright \(c\) \d{4} the url-standard authors\n/);
  });

  it('has every file the README and the docs link to', () => {
    const documents = [...paths].filter((path) => path.endsWith('.md'));
    assert.ok(documents.includes('README.md'));
    for (const document of documents) {
      const text = readFileSync(join(project, 'node_modules', PACKAGE.name, document), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target!) || target!.startsWith('#')) continue; // absolute, or in-page
        const path = join(dirname(document), target!.replace(/#.*$/, '')).replace(/\\/g, '/');
        assert.ok(paths.has(path), `${document} links to ${target}, which is not in the tarball`);
      }
    }
  });

  it('the command imports the library chunks: no second copy of the library, no package.json inside', () => {
    const cli = readFileSync(join(project, 'node_modules', PACKAGE.name, 'dist', 'cli.js'), 'utf8');
    assert.ok(cli.startsWith('#!/usr/bin/env node\n'));
    assert.match(cli, /from '\.\/chunk-[A-Z0-9]+\.js'/);
    assert.doesNotMatch(cli, /class URL\b|class URLRecord\b|function parseHost\b/);
    for (const key of ['devDependencies', 'scripts', 'overrides']) assert.ok(!cli.includes(`"${key}"`), key);
    const cliSize = pack.files.find((f) => f.path === 'dist/cli.js')!.size;
    assert.ok(cliSize < 40_000, `dist/cli.js is ${cliSize} bytes`);
  });

  it('@arethetypeswrong/cli finds no problem, and every entry resolves in every mode', () => {
    const attw = join(ROOT, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
    const result = run(process.execPath, [attw, tarball, '--format', 'json'], work);
    const report = JSON.parse(result.stdout) as {
      problems: Record<string, unknown>;
      analysis: {
        problems: unknown[];
        entrypoints: Record<string, { resolutions: Record<string, { resolution?: { fileName: string } }> }>;
      };
    };
    assert.deepEqual(report.analysis.problems, []);
    assert.deepEqual(report.problems, {});
    assert.equal(result.status, 0, result.stderr);
    const entries = Object.keys(report.analysis.entrypoints).sort();
    assert.deepEqual(entries, Object.keys(PACKAGE.exports).sort());
    for (const [entry, { resolutions }] of Object.entries(report.analysis.entrypoints)) {
      assert.deepEqual(Object.keys(resolutions).sort(), ['bundler', 'node10', 'node16-cjs', 'node16-esm'], entry);
      for (const [mode, { resolution }] of Object.entries(resolutions)) {
        assert.ok(resolution?.fileName, `${entry} does not resolve under ${mode}`);
      }
    }
  });

  it('publint finds nothing to report, in strict mode', async () => {
    const bytes = readFileSync(tarball);
    const { messages } = await publint({
      pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer },
      strict: true,
      level: 'suggestion',
    });
    assert.deepEqual(messages, []);
  });

  describe('installed into a fresh project', () => {
    const consumer = (kind: 'esm' | 'cjs'): string => `
// ${kind === 'esm' ? 'An ES module' : 'A CommonJS module'} using every entry.
import { URL, parseURL, urlEquals, parseUrlencoded, type NameValueTuple } from 'url-standard';
import { publicSuffix, publicSuffixListVersion } from 'url-standard/site';
import { displayURL, explainDisplayURL, type PunycodeReason } from 'url-standard/display';
import { parseURL as parseLegacy, type EncodingLabel } from 'url-standard/legacy-encoding';

const url: URL = new URL('https://example.com/a');
const same: boolean = urlEquals(new globalThis.URL('https://example.com/a'), url);
const tuples: NameValueTuple[] = parseUrlencoded('a=1');
const suffix: string | null = publicSuffix('example.co.uk');
const version: string | null = publicSuffixListVersion();
const shown: string = displayURL(url);
const reasons: PunycodeReason[] = explainDisplayURL(parseURL('https://xn--80ak6aa92e.com/')!).punycodeLabels.map((k) => k.reason);
const label: EncodingLabel = 'shift_jis';
const query: string | null | undefined = parseLegacy('https://example.com/?≡', { encoding: label })?.query;
// @ts-expect-error: a number is not a URL
urlEquals(1, url);
// The platform's URL, whose type is also named URL, where the standard stringifies a URL.
const platformURL = new globalThis.URL('https://p.example/');
const fromPlatform: URL = new URL(platformURL);
const againstPlatform: URL = new URL('x', platformURL);
const parsedFromPlatform: URL | null = URL.parse(platformURL, platformURL);
const canParseFromPlatform: boolean = URL.canParse(platformURL) && URL.canParse('x', platformURL);
// @ts-expect-error: a number is not a URL
new URL(1);
export { same, tuples, suffix, version, shown, reasons, query, fromPlatform, againstPlatform, parsedFromPlatform, canParseFromPlatform };
`;

    // The DOM's types, or Node's (@types/node, linked from this repository) without the DOM's.
    const DOM = { lib: ['es2022', 'dom'], types: [] as string[] };
    const NODE = { lib: ['es2022'], types: ['node'] };
    const modes: [string, Record<string, string>, string[], typeof DOM][] = [
      ['node10 (module commonjs)', { module: 'commonjs', moduleResolution: 'node10' }, ['consumer.ts'], DOM],
      ['node16', { module: 'node16', moduleResolution: 'node16' }, ['consumer.mts', 'consumer.cts'], DOM],
      ['nodenext', { module: 'nodenext', moduleResolution: 'nodenext' }, ['consumer.mts', 'consumer.cts'], DOM],
      ['bundler', { module: 'esnext', moduleResolution: 'bundler' }, ['consumer.ts'], DOM],
      ['node16 (lib es2022, @types/node)', { module: 'node16', moduleResolution: 'node16' }, ['consumer.mts', 'consumer.cts'], NODE],
      ['nodenext (lib es2022, @types/node)', { module: 'nodenext', moduleResolution: 'nodenext' }, ['consumer.mts', 'consumer.cts'], NODE],
      ['bundler (lib es2022, @types/node)', { module: 'esnext', moduleResolution: 'bundler' }, ['consumer.ts'], NODE],
    ];
    for (const [name, options, files, environment] of modes) {
      it(`type-checks a consumer of every entry under moduleResolution ${name}`, () => {
        const dir = join(project, name.replace(/[ (),]+/g, '-').replace(/-$/, ''));
        mkdirSync(dir, { recursive: true });
        if (environment === NODE) {
          // @types/node and what it needs, for this consumer alone.
          for (const types of ['@types/node', 'undici-types']) {
            const to = join(dir, 'node_modules', types);
            mkdirSync(dirname(to), { recursive: true });
            if (!existsSync(to)) symlinkSync(join(ROOT, 'node_modules', types), to, 'dir');
          }
        }
        for (const file of files) writeFileSync(join(dir, file), consumer(file.endsWith('.cts') ? 'cjs' : 'esm'));
        const tsconfig = {
          compilerOptions: {
            ...options,
            target: 'es2022',
            lib: environment.lib,
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            types: environment.types,
            ignoreDeprecations: '5.0',
          },
          files,
        };
        writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
        const tsc = run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], dir);
        assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
      });
    }

    it('loads every entry by import and by require, and runs the command', () => {
      const entries = Object.keys(PACKAGE.exports).filter((entry) => entry !== './package.json').map((entry) => PACKAGE.name + entry.slice(1));
      const script = `
const { createRequire } = require('node:module');
const results = {};
(async () => {
  for (const entry of ${JSON.stringify(entries)}) {
    const esm = await import(entry);
    const cjs = require(entry);
    results[entry] = [Object.keys(esm).sort().join(), Object.keys(cjs).sort().join()];
  }
  const { URL } = require('url-standard');
  results.href = new URL('HTTP://EXAMPLE.com/a/../b').href;
  results.version = require('url-standard/site').publicSuffixListVersion();
  process.stdout.write(JSON.stringify(results));
})();
`;
      writeFileSync(join(project, 'load.cjs'), script);
      const loaded = run(process.execPath, ['load.cjs'], project);
      assert.equal(loaded.status, 0, loaded.stderr);
      assert.equal(loaded.stderr, '');
      const results = JSON.parse(loaded.stdout) as Record<string, unknown>;
      for (const entry of entries) {
        const [esm, cjs] = results[entry] as [string, string];
        assert.ok(esm !== '', entry);
        assert.equal(esm, cjs, `${entry}: the ES module and CommonJS forms export the same names`);
      }
      assert.equal(results['href'], 'http://example.com/b');
      const tldts = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'tldts', 'package.json'), 'utf8')) as { version: string };
      assert.equal(results['version'], `tldts ${tldts.version}`);

      const bin = join(project, 'node_modules', PACKAGE.name, PACKAGE.bin['url-standard']!);
      const cli = run(process.execPath, [bin, '--version'], project);
      assert.equal(cli.status, 0, cli.stderr);
      assert.equal(cli.stdout.split('\n')[0], `url-standard ${PACKAGE.version}`);
      assert.ok(readdirSync(join(project, 'node_modules', PACKAGE.name, 'dist')).includes('cli.js'));
    });
  });
});
