// The built package as a user gets it: the exports map, ESM and CommonJS, every entry point, and the
// bundled type declarations. (`npm test` builds first.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, { import: { types: string; default: string }; require: { types: string; default: string } } | string>;
};

test('every entry of the exports map exists, with its types', () => {
  for (const [entry, target] of Object.entries(pkg.exports)) {
    if (typeof target === 'string') continue;
    for (const file of [target.import.default, target.import.types, target.require.default, target.require.types]) {
      assert.ok(existsSync(new URL('../' + file, import.meta.url)), `${entry}: ${file}`);
    }
  }
});

test('both manifests name the repository, the homepage and the bug tracker', () => {
  type Links = { repository?: { type: string; url: string; directory?: string }; homepage?: string; bugs?: string };
  const root = pkg as unknown as Links;
  const dropIn = JSON.parse(readFileSync(new URL('../packages/whatwg-url/package.json', import.meta.url), 'utf8')) as Links;
  for (const [manifest, directory] of [[root, undefined], [dropIn, 'packages/whatwg-url']] as const) {
    assert.deepEqual(manifest.repository, {
      type: 'git',
      url: 'git+https://github.com/url-standard/url-standard.git',
      ...(directory === undefined ? {} : { directory }),
    });
    assert.match(manifest.homepage ?? '', /^https:\/\/github\.com\/url-standard\/url-standard#readme$/);
    assert.match(manifest.bugs ?? '', /^https:\/\/github\.com\/url-standard\/url-standard\/issues$/);
  }
  // The README links the source repository where it sends readers to it.
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  assert.equal(/(?<!\[)source repository(?!\]\()/.test(readme), false, 'an unlinked "source repository" in README.md');
});

test('typesVersions gives every subpath export its CommonJS types (for moduleResolution node10)', () => {
  const manifest = pkg as unknown as {
    types: string;
    typesVersions: Record<string, Record<string, string[]>>;
    exports: Record<string, { require?: { types: string } } | string>;
  };
  const mapped = manifest.typesVersions['*']!;
  const subpaths = Object.keys(manifest.exports).filter((entry) => entry !== '.' && entry !== './package.json');
  assert.deepEqual(Object.keys(mapped).sort(), subpaths.map((entry) => entry.slice(2)).sort());
  for (const entry of subpaths) {
    const target = manifest.exports[entry] as { require: { types: string } };
    assert.deepEqual(mapped[entry.slice(2)], [target.require.types], entry);
  }
  // The package's own types are those of the CommonJS build too, so that under node10 every
  // entry's declarations share one URL class.
  assert.equal(manifest.types, (manifest.exports['.'] as { require: { types: string } }).require.types);
});

test('ES module entry points load by the package name', async () => {
  const main = await import('url-standard');
  assert.equal(new main.URL('HTTP://EXAMPLE.com/a/../b').href, 'http://example.com/b');
  assert.equal(main.parseURL('https://a.example/x')?.host, 'a.example');
  const site = await import('url-standard/site');
  assert.equal(site.registrableDomain('www.example.com'), 'example.com');
  const display = await import('url-standard/display');
  assert.equal(display.displayURL('https://user:pw@example.com/'), 'https://example.com/');
  const legacy = await import('url-standard/legacy-encoding');
  assert.equal(legacy.parseURL('https://example.com/?≡', { encoding: 'Shift_JIS' })?.query, '%81%DF');
});

test('CommonJS entry points load with require', () => {
  const main = require('url-standard') as typeof import('../src/index.ts');
  assert.equal(new main.URL('https://example.com/?a=1').searchParams.get('a'), '1');
  assert.equal(main.URL.canParse('nope'), false);
  const site = require('url-standard/site') as typeof import('../src/site.ts');
  assert.equal(site.publicSuffix('whatwg.github.io'), 'github.io');
});

test('the ES module and CommonJS builds are the same library', async () => {
  const esm = await import('url-standard');
  const cjs = require('url-standard') as typeof import('../src/index.ts');
  for (const input of ['https://EXAMPLE.com:443/a/./b?x#y', 'file:///C|/x', 'sc:a ?b', 'http://[::ffff:1.2.3.4]/']) {
    assert.equal(new esm.URL(input).href, new cjs.URL(input).href);
  }
});

test('the two copies (ES module and CommonJS): instanceof does not cross, the functions taking a URL do', async () => {
  const esm = await import('url-standard');
  const cjs = require('url-standard') as typeof import('../src/index.ts');
  const display = require('url-standard/display') as typeof import('../src/display.ts');
  const site = require('url-standard/site') as typeof import('../src/site.ts');
  const url = new esm.URL('https://user@xn--mnchen-3ya.de/a/');
  assert.equal(url instanceof cjs.URL, false); // as the README says
  assert.equal(cjs.urlEquals(url, new cjs.URL('https://user@münchen.de/a/')), true);
  assert.deepEqual(cjs.getOrigin(url), esm.getOrigin(url));
  assert.equal(display.displayURL(url), 'https://münchen.de/a/');
  assert.equal(site.isSameSiteURL(url, 'https://www.xn--mnchen-3ya.de/'), true);
  assert.equal(cjs.serializeURL(cjs.parseURL('b', { base: url })!), 'https://user@xn--mnchen-3ya.de/a/b');
});

test('the built classes keep their names, as the platform classes have them', async () => {
  const esm = await import('url-standard');
  const cjs = require('url-standard') as typeof import('../src/index.ts');
  for (const [build, m] of [['ESM', esm], ['CommonJS', cjs]] as const) {
    // Node's own classes are the reference for the two the platform defines.
    assert.equal(m.URL.name, globalThis.URL.name, `${build} URL`);
    assert.equal(m.URLSearchParams.name, globalThis.URLSearchParams.name, `${build} URLSearchParams`);
    assert.equal(m.URLRecord.name, 'URLRecord', `${build} URLRecord`);
    assert.equal(m.URL.parse('https://a/')!.constructor.name, 'URL', `${build} URL.parse`);
    assert.equal(m.parseURL('https://a/')!.clone().constructor.name, 'URLRecord', `${build} clone`);
  }
});

test('url-standard/global makes the package the global URL and URLSearchParams, and can be undone', async () => {
  const own = { URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams };
  try {
    const entry = await import('url-standard/global');
    const main = await import('url-standard');
    assert.equal(globalThis.URL, main.URL);
    assert.equal(globalThis.URLSearchParams, main.URLSearchParams);
    assert.equal(entry.URL, main.URL);
    // Defined as the platform defines its interface objects.
    assert.deepEqual(
      { ...Object.getOwnPropertyDescriptor(globalThis, 'URL'), value: null },
      { value: null, writable: true, enumerable: false, configurable: true },
    );
    // The standard's answer where Node 20's own parser keeps the space.
    assert.equal(new globalThis.URL('sc:a ?b').href, 'sc:a%20?b');
    // require() installs the CommonJS build's classes.
    require('url-standard/global');
    assert.equal(globalThis.URL, (require('url-standard') as typeof import('../src/index.ts')).URL);
  } finally {
    Object.assign(globalThis, own);
  }
});

test('url-standard/urlpattern loads as an ES module and with require, and keeps the class name', async () => {
  const esm = await import('url-standard/urlpattern');
  const cjs = require('url-standard/urlpattern') as typeof import('../src/urlpattern.ts');
  for (const [build, m] of [['ESM', esm], ['CommonJS', cjs]] as const) {
    assert.equal(m.URLPattern.name, 'URLPattern', `${build} URLPattern`);
    const pattern = new m.URLPattern({ pathname: '/users/:id' });
    assert.equal(pattern.exec('https://example.com/users/42')?.pathname.groups['id'], '42', build);
    assert.equal(Object.prototype.toString.call(pattern), '[object URLPattern]', build);
  }
});
