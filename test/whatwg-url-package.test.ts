/**
 * packages/whatwg-url as a program gets it: every file of its exports map exists after the build,
 * and installed from its directory under the name `whatwg-url` (as `npm install
 * whatwg-url@file:<dir>`, or an override, does: a link, with install scripts off), it loads with
 * `require` and `import`, one URL class for both, with url-standard found from the repository.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';

const packageDir = fileURLToPath(new URL('../packages/whatwg-url/', import.meta.url));

interface Manifest {
  name: string;
  main: string;
  types: string;
  exports: Record<string, Record<string, { types: string; default: string }> | string>;
  dependencies: Record<string, string>;
}

const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Manifest;

test('every file of the exports map exists, with its types', () => {
  for (const [entry, conditions] of Object.entries(manifest.exports)) {
    if (typeof conditions === 'string') continue;
    for (const [condition, target] of Object.entries(conditions)) {
      for (const file of [target.default, target.types]) {
        assert.ok(existsSync(join(packageDir, file)), `${entry} (${condition}): ${file}`);
      }
    }
  }
  assert.ok(existsSync(join(packageDir, manifest.main)));
  assert.ok(existsSync(join(packageDir, manifest.types)));
  assert.ok('url-standard' in manifest.dependencies);
});

test('publint finds nothing to report in the package', async () => {
  const { messages } = await publint({ pkgDir: packageDir });
  assert.deepEqual(messages, []);
});

function npmSkip(): string | false {
  const result = spawnSync('npm', ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? false : 'npm is not available to install the package';
}

test('installed from its directory as whatwg-url, it loads with require and import', { skip: npmSkip() }, () => {
  const app = mkdtempSync(join(tmpdir(), 'whatwg-url-drop-in-'));
  try {
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }));
    execFileSync(
      'npm',
      ['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `whatwg-url@file:${packageDir}`],
      { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    assert.equal(realpathSync(join(app, 'node_modules', 'whatwg-url')), realpathSync(packageDir));
    writeFileSync(
      join(app, 'check.mjs'),
      [
        "import { createRequire } from 'node:module';",
        "import { URL, parseURL, serializeURL } from 'whatwg-url';",
        "import wrapper from 'whatwg-url/webidl2js-wrapper';",
        'const require = createRequire(import.meta.url);',
        "const main = require('whatwg-url');",
        'console.log(JSON.stringify({',
        '  sameClass: main.URL === URL,',
        "  href: new URL('HTTPS://EXAMPLE.com/a/../b').href,",
        "  record: serializeURL(parseURL('x', { baseURL: main.parseURL('http://h/a/') })),",
        "  wrapper: typeof wrapper.URL.install + ' ' + typeof require('whatwg-url/webidl2js-wrapper').URLSearchParams.createImpl,",
        "  urlStandard: require.resolve('url-standard', { paths: [require('node:path').dirname(require.resolve('whatwg-url'))] }),",
        '}));',
      ].join('\n'),
    );
    const output = execFileSync(process.execPath, ['check.mjs'], { cwd: app, encoding: 'utf8' });
    const result = JSON.parse(output) as Record<string, string | boolean>;
    assert.equal(result['sameClass'], true);
    assert.equal(result['href'], 'https://example.com/b');
    assert.equal(result['record'], 'http://h/a/x');
    assert.equal(result['wrapper'], 'function function');
    const repositoryRoot = realpathSync(fileURLToPath(new URL('..', import.meta.url)));
    assert.ok(realpathSync(result['urlStandard'] as string).startsWith(repositoryRoot + '/dist/'), String(result['urlStandard']));
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
});

test('@arethetypeswrong/cli finds no problem in the packed package', { skip: npmSkip() }, () => {
  const work = mkdtempSync(join(tmpdir(), 'whatwg-url-drop-in-pack-'));
  try {
    const packed = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--loglevel=error', '--pack-destination', work], {
      cwd: packageDir,
      encoding: 'utf8',
    });
    const [{ filename }] = JSON.parse(packed) as [{ filename: string }];
    const attw = fileURLToPath(new URL('../node_modules/@arethetypeswrong/cli/dist/index.js', import.meta.url));
    const result = spawnSync(process.execPath, [attw, join(work, filename), '--format', 'json'], { encoding: 'utf8' });
    const report = JSON.parse(result.stdout) as { analysis: { problems: unknown[] } };
    assert.deepEqual(report.analysis.problems, []);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
