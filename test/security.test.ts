/**
 * Security properties: names like `__proto__` stay plain data, nothing touches Object.prototype,
 * and nothing in the library evaluates its input or compiles it into a regular expression.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { URL, URLSearchParams, parseUrlencoded, serializeUrlencoded } from '../src/index.ts';
import { REPO_ROOT } from './helpers/wpt-data.ts';

/** The own property names of Object.prototype, to compare before and after. */
function prototypeKeys(): string[] {
  return Reflect.ownKeys(Object.prototype).map(String).sort();
}

describe('prototype pollution', () => {
  test('a record from JSON with "__proto__" and "constructor" keys gives plain pairs', () => {
    const before = prototypeKeys();
    const init = JSON.parse('{"__proto__": "x", "constructor": "y", "toString": "z"}') as Record<string, string>;
    assert.ok(Object.hasOwn(init, '__proto__'), 'JSON.parse makes "__proto__" an own property');
    const params = new URLSearchParams(init);
    assert.deepEqual([...params], [['__proto__', 'x'], ['constructor', 'y'], ['toString', 'z']]);
    assert.equal(params.toString(), '__proto__=x&constructor=y&toString=z');
    assert.equal(params.get('__proto__'), 'x');
    assert.equal(params.get('constructor'), 'y');
    assert.equal(params.size, 3);
    assert.equal(typeof params.toString, 'function');
    assert.deepEqual(prototypeKeys(), before);
    assert.equal(Object.getPrototypeOf(params), URLSearchParams.prototype);
  });

  test('a "__proto__" key whose value is an object is converted to a string, not merged', () => {
    const before = prototypeKeys();
    const init = JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}');
    const params = new URLSearchParams(init as Record<string, string>);
    assert.deepEqual([...params], [['__proto__', '[object Object]'], ['constructor', '[object Object]']]);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.deepEqual(prototypeKeys(), before);
  });

  test('an object literal with a __proto__ setter contributes only its own keys', () => {
    const init = { __proto__: { inherited: 'no' }, own: 'yes' } as unknown as Record<string, string>;
    assert.deepEqual([...new URLSearchParams(init)], [['own', 'yes']]);
  });

  test('a record with a symbol key is a TypeError (Web IDL record<USVString, USVString>)', () => {
    assert.throws(() => new URLSearchParams({ [Symbol('s')]: 'x' } as unknown as Record<string, string>), TypeError);
  });

  test('query strings with pollution payloads parse to plain pairs', () => {
    const before = prototypeKeys();
    const query = '__proto__[polluted]=1&__proto__=2&constructor[prototype][polluted]=3&__proto__.polluted=4';
    const expected = [
      ['__proto__[polluted]', '1'],
      ['__proto__', '2'],
      ['constructor[prototype][polluted]', '3'],
      ['__proto__.polluted', '4'],
    ];
    assert.deepEqual(parseUrlencoded(query), expected);
    const params = new URLSearchParams(query);
    assert.deepEqual([...params], expected);
    const url = new URL('https://example.com/?' + query);
    assert.deepEqual([...url.searchParams], expected);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.deepEqual(prototypeKeys(), before);
  });

  test('append, set, delete, sort and has with prototype names', () => {
    const before = prototypeKeys();
    const url = new URL('https://example.com/');
    const params = url.searchParams;
    params.append('__proto__', 'a');
    params.append('constructor', 'b');
    params.append('__proto__', 'c');
    params.set('hasOwnProperty', 'd');
    params.append('prototype', 'e');
    assert.equal(params.get('__proto__'), 'a');
    assert.deepEqual(params.getAll('__proto__'), ['a', 'c']);
    assert.equal(params.has('constructor'), true);
    assert.equal(params.has('toString'), false);
    assert.equal(params.get('valueOf'), null);
    assert.equal(url.search, '?__proto__=a&constructor=b&__proto__=c&hasOwnProperty=d&prototype=e');
    params.sort();
    assert.equal(url.search, '?__proto__=a&__proto__=c&constructor=b&hasOwnProperty=d&prototype=e');
    params.delete('__proto__');
    assert.equal(url.search, '?constructor=b&hasOwnProperty=d&prototype=e');
    assert.equal(typeof params.has, 'function');
    assert.deepEqual(prototypeKeys(), before);
  });

  test('serializeUrlencoded treats tuples as data', () => {
    assert.equal(
      serializeUrlencoded([
        ['__proto__', 'x'],
        ['constructor', 'y'],
      ]),
      '__proto__=x&constructor=y',
    );
  });
});

describe('no code is built from input', () => {
  /** Every .ts file under `dir`. */
  function sourceFiles(dir: string): string[] {
    const out: string[] = [];
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
      else if (/\.(?:ts|mts|cts|js|mjs|cjs)$/.test(name)) out.push(path);
    }
    return out;
  }

  /**
   * Dynamic code and dynamic regular expressions: `eval(...)`, `Function(...)` (with or without
   * `new`), `RegExp(...)` (with or without `new`). A regular-expression literal is fixed text and is
   * not matched.
   */
  const FORBIDDEN = /\beval\s*\(|\bFunction\s*\(|\bRegExp\s*\(/g;

  /**
   * Uses that are allowed, as "path: line text". An entry needs a reason, say a RegExp built only
   * from constants at module load.
   */
  const ALLOWED: ReadonlySet<string> = new Set<string>([
    // The URL Pattern Standard compiles each component to a regular expression (RegExpCreate in
    // "compile a component"): the source is generated from the part list, with fixed text escaped
    // and only the pattern's own regexp groups (ASCII, checked by the tokenizer) passed through.
    "src/urlpattern/component.ts: new RegExp('', 'v');",
    "src/urlpattern/component.ts: re = new RegExp(component.regularExpressionString, component.options.ignoreCase ? 'vi' : 'v');",
    // UTS #46 mapping's runs of code units that need nothing: character classes built once each
    // from the generated IDNA tables alone (the ranges of code units below U+2100 with given
    // LowFlag bits), never from input.
    "src/idna/tables.ts: return new RegExp(`[${ranges}]+`, 'y');",
    // firstPercentEncoded's search of a long range: a character class built once per
    // percent-encode set from the set's own members (the module's constant tables), never from input.
    "src/percent-encoding.ts: encodedUnits.set(set, (unit = new RegExp('[' + units + '\\\\x80-\\\\uffff]')));",
  ]);

  test('src/ has no eval(, Function( or RegExp( outside the allow-list', () => {
    const srcDir = join(REPO_ROOT, 'src');
    const files = sourceFiles(srcDir);
    assert.ok(files.length > 5, 'the source tree was found');
    const found: string[] = [];
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        FORBIDDEN.lastIndex = 0;
        if (!FORBIDDEN.test(line)) return;
        const key = `${relative(REPO_ROOT, file)}: ${line.trim()}`;
        if (!ALLOWED.has(key)) found.push(`${relative(REPO_ROOT, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(found, []);
  });

  test('the pattern catches the forms it is meant to catch', () => {
    const samples = ['new RegExp(x)', 'RegExp (x)', 'eval(code)', 'new Function("a", b)', 'Function(b)()'];
    for (const s of samples) {
      FORBIDDEN.lastIndex = 0;
      assert.ok(FORBIDDEN.test(s), s);
    }
    for (const s of ['isFunction(x)', 'evaluate(x)', 'myRegExp(x)', '/a+/.test(s)']) {
      FORBIDDEN.lastIndex = 0;
      assert.ok(!FORBIDDEN.test(s), s);
    }
  });
});
