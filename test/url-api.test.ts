// The URL class's Web IDL surface and the behaviour the standard's §6.1 text describes, beyond what
// the web-platform-tests data files exercise.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formatWithOptions, inspect } from 'node:util';
import { URL, URLSearchParams, validateURL } from '../src/index.ts';
import { hidePassword, type URLFailure } from '../src/url-error.ts';

const ATTRIBUTES = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'searchParams', 'hash'];
const READONLY = new Set(['origin', 'searchParams']);

describe('Web IDL shape', () => {
  test('attributes are enumerable accessors on the prototype, with setters except the readonly ones', () => {
    for (const name of ATTRIBUTES) {
      const d = Object.getOwnPropertyDescriptor(URL.prototype, name);
      assert.ok(d, name);
      assert.equal(typeof d.get, 'function', name);
      assert.equal(typeof d.set, READONLY.has(name) ? 'undefined' : 'function', name);
      assert.equal(d.enumerable, true, name);
      assert.equal(d.configurable, true, name);
      assert.equal(Object.getOwnPropertyDescriptor(new URL('https://x/'), name), undefined, `${name} is not an own property`);
    }
  });

  test('toJSON and toString are enumerable methods returning href; static parse and canParse', () => {
    const u = new URL('https://example.com/a?b#c');
    assert.equal(u.toJSON(), u.href);
    assert.equal(u.toString(), u.href);
    assert.equal(String(u), u.href);
    assert.equal(`${u}`, u.href);
    assert.equal(JSON.stringify({ u }), JSON.stringify({ u: u.href }));
    for (const name of ['toJSON', 'toString']) assert.equal(Object.getOwnPropertyDescriptor(URL.prototype, name)?.enumerable, true);
    for (const name of ['parse', 'canParse']) assert.equal(typeof Object.getOwnPropertyDescriptor(URL, name)?.value, 'function');
  });

  test('Symbol.toStringTag', () => {
    assert.equal(Object.prototype.toString.call(new URL('https://x/')), '[object URL]');
    assert.equal(Object.prototype.toString.call(new URLSearchParams()), '[object URLSearchParams]');
  });

  test('missing arguments throw TypeError', () => {
    const Ctor = URL as unknown as new (...args: unknown[]) => URL;
    assert.throws(() => new Ctor(), TypeError);
    assert.throws(() => (URL.parse as (...args: unknown[]) => unknown)(), TypeError);
    assert.throws(() => (URL.canParse as (...args: unknown[]) => unknown)(), TypeError);
  });

  test('getters and setters on an object that is not a URL throw TypeError', () => {
    const href = Object.getOwnPropertyDescriptor(URL.prototype, 'href')!;
    assert.throws(() => href.get!.call({}), TypeError);
    assert.throws(() => href.set!.call({}, 'https://x/'), TypeError);
  });
});

describe('constructor and parse', () => {
  test('an invalid URL throws a TypeError with the input, and the base, as properties', () => {
    assert.throws(() => new URL('foo'), (e: unknown) => e instanceof TypeError && e.message.startsWith('Invalid URL "foo" (') && (e as { input?: string }).input === 'foo');
    assert.throws(() => new URL('x', 'not a base'), (e: unknown) => e instanceof TypeError && (e as { base?: string }).base === 'not a base');
    assert.equal(URL.parse('foo'), null);
    assert.equal(URL.canParse('foo'), false);
  });

  test('an undefined base is no base; other values are converted to strings', () => {
    assert.equal(new URL('https://x/', undefined).href, 'https://x/');
    assert.throws(() => new URL('a', undefined), TypeError);
    assert.equal(new URL('a', new URL('https://x/y/')).href, 'https://x/y/a');
    assert.equal(new URL({ toString: () => 'https://x/z' } as unknown as string).href, 'https://x/z');
  });

  test('USVString conversion: lone surrogates become U+FFFD in every argument', () => {
    assert.equal(new URL('https://x/\ud800').pathname, '/%EF%BF%BD');
    assert.equal(new URL('\udc00', 'https://x/').pathname, '/%EF%BF%BD');
    const u = new URL('https://x/');
    u.hash = '\ud800';
    assert.equal(u.hash, '#%EF%BF%BD');
    u.search = 'a=\udfff';
    assert.equal(u.searchParams.get('a'), '\ufffd');
  });

  test('the standard\'s examples', () => {
    assert.equal(new URL('https://example.org/💩').pathname, '/%F0%9F%92%A9');
    assert.throws(() => new URL('/🍣🍺'), TypeError);
    assert.equal(new URL('/🍣🍺', 'https://url.spec.whatwg.org/').href, 'https://url.spec.whatwg.org/%F0%9F%8D%A3%F0%9F%8D%BA');
    const url = new URL('🏳️‍🌈', new URL('https://pride.example/hello-world'));
    assert.equal(url.pathname, '/%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88');
    assert.equal(URL.parse('https://example.com/')?.href, 'https://example.com/');
  });
});

describe('searchParams and the URL, both ways', () => {
  test('searchParams is the same object every time', () => {
    const u = new URL('https://x/?a=1');
    assert.equal(u.searchParams, u.searchParams);
  });

  test('changing the params updates the query; an empty list makes the query null', () => {
    const u = new URL('https://x/?a=1#f');
    u.searchParams.append('b', '2 3');
    assert.equal(u.href, 'https://x/?a=1&b=2+3#f');
    u.searchParams.delete('a');
    u.searchParams.delete('b');
    assert.equal(u.href, 'https://x/#f');
    assert.equal(u.search, '');
  });

  test('changing href or search updates the params', () => {
    const u = new URL('https://x/?a=1');
    const params = u.searchParams;
    u.href = 'https://y/?b=2&b=3';
    assert.deepEqual(params.getAll('b'), ['2', '3']);
    u.search = '?c=4';
    assert.equal(params.get('c'), '4');
    assert.equal(params.has('b'), false);
    u.search = '';
    assert.equal(params.size, 0);
  });

  test('the query object reflects the last of the search and href setters, whenever it is first read', () => {
    // search setter, last step: the list is the parse of the URL's new query (here without the
    // tab the parser removed); href setter: the list is the parse of the new URL's query.
    const a = new URL('https://x/');
    a.search = '?k\tv=1';
    assert.equal(a.search, '?kv=1');
    assert.deepEqual([...a.searchParams], [['kv', '1']]);

    const b = new URL('https://x/');
    b.search = '?k\tv=1';
    b.href = 'https://y/?z=2';
    assert.deepEqual([...b.searchParams], [['z', '2']]);

    const c = new URL('https://x/?a=1');
    c.search = '?k\tv=1';
    c.search = '';
    assert.deepEqual([...c.searchParams], []);

    const d = new URL('https://x/');
    d.search = '?first';
    d.search = '?second\t';
    d.hash = '#h';
    assert.deepEqual([...d.searchParams], [['second', '']]);
    d.searchParams.append('n', '1');
    assert.equal(d.href, 'https://x/?second=&n=1#h');
  });

  test('the standard\'s note: URLSearchParams encodes differently from the URL', () => {
    const url = new URL('https://example.com/?a=b ~');
    assert.equal(url.href, 'https://example.com/?a=b%20~');
    url.searchParams.sort();
    assert.equal(url.href, 'https://example.com/?a=b+%7E');
    const url2 = new URL('https://example.com/?a=~&b=%7E');
    assert.equal(url2.search, '?a=~&b=%7E');
    assert.equal(url2.searchParams.get('a'), '~');
    assert.equal(url2.searchParams.get('b'), '~');
  });

  test('the sort example', () => {
    const url = new URL('https://example.org/?q=🏳️‍🌈&key=e1f7bc78');
    url.searchParams.sort();
    assert.equal(url.search, '?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88');
  });
});

describe('setters do nothing where the standard says "return"', () => {
  test('username, password and port on URLs that cannot have them', () => {
    for (const href of ['file:///a', 'sc:opaque', 'sc:/no-host']) {
      const u = new URL(href);
      const before = u.href;
      u.username = 'u';
      u.password = 'p';
      u.port = '8080';
      assert.equal(u.href, before, href);
    }
  });

  test('host, hostname and pathname on a URL with an opaque path', () => {
    const u = new URL('mailto:someone@example.com');
    u.host = 'example.org';
    u.hostname = 'example.org';
    u.pathname = '/x';
    assert.equal(u.href, 'mailto:someone@example.com');
  });

  test('an invalid href setter value throws and changes nothing', () => {
    const u = new URL('https://x/a');
    assert.throws(() => { u.href = 'nope'; }, TypeError);
    assert.equal(u.href, 'https://x/a');
  });
});

test('references starting with "/" against different bases give independent URLs (the partial base is one reused record)', () => {
  const cases: Array<[string, string, string]> = [
    ['/x', 'https://a.example:8080/p?q#f', 'https://a.example:8080/x'],
    ['//h2/y', 'wss://u:p@b.example/p', 'wss://h2/y'],
    ['/a\\b', 'http://c.example/', 'http://c.example/a/b'],
    ['/\t/z', 'ftp://d.example/', 'ftp://z/'],
    ['/../w', 'https://u@e.example/', 'https://u@e.example/w'],
  ];
  const urls = cases.map(([ref, base]) => new URL(ref, base));
  const parsed = cases.map(([ref, base]) => URL.parse(ref, base));
  cases.forEach(([, , expected], i) => {
    assert.equal(urls[i]!.href, expected);
    assert.equal(parsed[i]!.href, expected);
  });
  assert.equal(new URL('/q', 'http://1.2.3.4:81/').host, '1.2.3.4:81');
  assert.equal(urls[0]!.host, 'a.example:8080');
});

test('many references against one base string: each result is a URL of its own, as a fresh parse gives it', () => {
  const base = 'https://u:p@example.org:8080/a/b/c?q=1#f';
  const references = ['/x', 'y', '../z', '?n', '#g', '', '//h/i', 'mailto:m', '/x', 'y'];
  // Against the same base string several times in a row, interleaved with other bases, and after
  // a URL made against it was changed.
  for (let round = 0; round < 3; round++) {
    for (const reference of references) {
      const url = new URL(reference, base);
      assert.equal(url.href, new globalThis.URL(reference, base).href, `${reference} against ${base}`);
      url.pathname = '/changed';
      url.username = 'other';
      url.search = '?changed';
    }
    assert.equal(new URL('/w', 'http://other.example/').href, 'http://other.example/w');
  }
  assert.equal(new URL('', base).href, 'https://u:p@example.org:8080/a/b/c?q=1');
  // A base that fails, twice in a row: both throw, with the base's failure.
  for (let i = 0; i < 2; i++) {
    assert.throws(() => new URL('/x', 'https://exa mple/'), (error: Error) => /of the base/.test(error.message));
    assert.equal(URL.parse('y', 'https://exa mple/'), null);
  }
});

describe('the TypeError of an invalid URL', () => {
  type InvalidURLError = TypeError & { input: string; base?: string; validationError?: URLFailure };

  test('says what failed and where, with the input, the base and the validation error as properties', () => {
    const error = captureError(() => new URL('http://exa mple/')) as InvalidURLError;
    assert.ok(error instanceof TypeError);
    assert.equal(error.message, 'Invalid URL "http://exa mple/" (domain-to-ASCII at index 10)');
    assert.equal(error.input, 'http://exa mple/');
    assert.equal(Object.hasOwn(error, 'base'), false);
    // The standard's error covers the domain; the message points at the code point in it.
    assert.deepEqual({ ...error.validationError }, { type: 'domain-to-ASCII', index: 7, length: 8, of: 'input' });
  });

  test('names the failing validation error for each kind of failure, as validateURL does', () => {
    const cases: [string, string | undefined, string, number, 'input' | 'base'][] = [
      ['http://[::1', undefined, 'IPv6-unclosed', 7, 'input'],
      ['https://h:99999/', undefined, 'port-out-of-range', 10, 'input'],
      ['https://h:8a/', undefined, 'port-invalid', 11, 'input'],
      ['https://exa%23mple.org', undefined, 'domain-to-ASCII', 8, 'input'],
      ['foo', undefined, 'missing-scheme-non-relative-URL', 0, 'input'],
      ['foo', 'bar', 'missing-scheme-non-relative-URL', 0, 'base'],
      ['x', 'https://a b/', 'domain-to-ASCII', 8, 'base'],
      ['//x', 'mailto:a', 'missing-scheme-non-relative-URL', 0, 'input'],
      ['non-special://h[/', undefined, 'host-invalid-code-point', 15, 'input'],
      ['\t https://h:8a/', undefined, 'port-invalid', 13, 'input'],
    ];
    for (const [input, base, type, index, of] of cases) {
      const error = captureError(() => new URL(input, base)) as InvalidURLError;
      const label = JSON.stringify([input, base]);
      assert.equal(error.validationError?.type, type, label);
      assert.equal(error.validationError?.index, index, label);
      assert.equal(error.validationError?.of, of, label);
      assert.equal(error.input, input, label);
      if (base !== undefined) assert.equal(error.base, base, label);
      assert.match(error.message, new RegExp(` \\(${type} at index \\d+${of === 'base' ? ' of the base' : ''}\\)$`), label);
      // validateURL reports the same error first among its failures, with its message.
      const failing = validateURL(of === 'base' ? base! : input, { base: of === 'base' ? undefined : base }).errors.find((e) => e.failure);
      assert.equal(failing?.type, type, label);
      assert.equal(failing?.index, index, label);
      assert.equal(failing?.length, error.validationError?.length, label);
      assert.ok(failing!.message.length > 0, label);
    }
    assert.match(captureError(() => new URL('https://exa%23mple.org')).message, /\(domain-to-ASCII at index 11\)$/);
  });

  test('quotes the input with its password hidden: error.input has all of it', () => {
    const error = captureError(() => new URL('https://user:secret@exa mple.org:8:/')) as InvalidURLError;
    assert.equal(error.message.includes('secret'), false, error.message);
    assert.ok(error.message.startsWith('Invalid URL "https://user:***@exa mple.org:8:/" (domain-to-ASCII at index 23)'), error.message);
    assert.equal(String(error.stack).includes('secret'), false);
    assert.equal(error.input, 'https://user:secret@exa mple.org:8:/');
    assert.equal(hidePassword('https://u:p@h:1@x/'), 'https://u:***@x/');
    assert.equal(hidePassword('https:\\\\u:p@h/a@b'), 'https:\\\\u:***@h/a@b');
    assert.equal(hidePassword('http://h:80/a@b'), 'http://h:80/a@b');
    assert.equal(hidePassword('http://u:@h/'), 'http://u:@h/');
    assert.equal(hidePassword('no scheme:pass@x'), 'no scheme:pass@x');
    const base = captureError(() => new URL('x', 'https://u:pw@a b/'));
    assert.equal(base.message.includes('pw@'), false, base.message);
    // A long input is cut short in the message, with all of it in error.input.
    const long = captureError(() => new URL('x'.repeat(5000))) as InvalidURLError;
    assert.ok(long.message.length < 400, String(long.message.length));
    assert.equal(long.input.length, 5000);
    // Control characters and lone surrogates are escaped in the quotation.
    assert.ok(captureError(() => new URL('a\x00b')).message.startsWith('Invalid URL "a\\u0000b" ('));
  });

  test('the href setter throws the same error', () => {
    const url = new URL('https://example.com/');
    const error = captureError(() => {
      url.href = 'https://exa mple.com/';
    }) as InvalidURLError;
    assert.ok(error instanceof TypeError);
    assert.match(error.message, /^Invalid URL "https:\/\/exa mple.com\/" \(domain-to-ASCII at index 11\)$/);
    assert.equal(error.input, 'https://exa mple.com/');
    assert.equal(error.validationError?.type, 'domain-to-ASCII');
    assert.equal(url.href, 'https://example.com/');
  });
});

describe('structuredClone', () => {
  // The README says so: a class's private state is not cloned, and a class cannot make the
  // structured clone algorithm throw as the platform's URL does, without a property on every URL.
  test('gives an empty object for a URL: its href clones', () => {
    const url = new URL('https://example.com/a?b#c');
    const clone = structuredClone(url) as unknown;
    assert.deepEqual(clone, {});
    assert.equal(clone instanceof URL, false);
    assert.equal(new URL(structuredClone(url.href)).href, url.href);
  });
});

function captureError(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('no error thrown');
}

describe('util.inspect (Node\'s own URL is the oracle)', () => {
  const Native = globalThis.URL;
  const inputs = [
    'https://user:pw@example.com:8080/p?a=1&b=2#h',
    'file:///C:/x',
    'sc:opaque?q',
    'http://[::1]/',
    'https://xn--mnchen-3ya.de/?q=%C3%A9&' + 'x'.repeat(90),
  ];
  const forms: [string, (U: typeof Native | typeof URL, input: string) => string][] = [
    ['alone', (U, s) => inspect(new U(s))],
    ['nested in objects', (U, s) => inspect({ x: { y: new U(s) } })],
    ['beyond the depth', (U, s) => inspect({ x: { y: { z: new U(s) } } })],
    ['depth 0', (U, s) => inspect(new U(s), { depth: 0 })],
    ['depth 0, nested', (U, s) => inspect({ x: new U(s) }, { depth: 0 })],
    ['depth null', (U, s) => inspect({ a: { b: { c: { d: new U(s) } } } }, { depth: null })],
    ['in an array, wide lines', (U, s) => inspect([new U(s)], { breakLength: 200 })],
    ['colours', (U, s) => inspect(new U(s), { colors: true })],
    ['not compact', (U, s) => inspect(new U(s), { compact: false })],
    // (Not %o: it sets showHidden, where Node shows its internal URLContext.)
    ['console.log', (U, s) => formatWithOptions({}, '%O|%s|%j', new U(s), [new U(s)], new U(s))],
  ];
  for (const [name, show] of forms) {
    test(name, () => {
      for (const input of inputs) assert.equal(show(URL, input), show(Native, input), input);
    });
  }

  test('follows changes made through setters and searchParams', () => {
    const ours = new URL('https://example.com/?a=1');
    const native = new Native('https://example.com/?a=1');
    for (const url of [ours, native]) {
      url.searchParams.append('b', '2');
      url.hash = 'x';
      url.port = '8443';
    }
    assert.equal(inspect(ours), inspect(native));
    assert.match(inspect(ours), /^URL \{\n {2}href: 'https:\/\/example\.com:8443\/\?a=1&b=2#x',/);
  });

  test('the prototype is shown as an object; an object inheriting from it is not a URL', () => {
    assert.match(inspect(URL.prototype), /href: \[Getter\/Setter\]/);
    // Node's own URL throws a TypeError there too (its getters check the receiver).
    assert.throws(() => inspect(Object.create(Native.prototype)), TypeError);
    assert.throws(() => inspect(Object.create(URL.prototype)), TypeError);
  });
});

test('URL.parse and URL.canParse read a lone surrogate as U+FFFD, as the constructor does', () => {
  for (const [input, base] of [
    ['https://example.com/a\uD800', undefined],
    ['/b\uDC00?\uD800#\uDFFF', 'https://example.com/\uD800'],
    ['https://ex\uD800ample.com/', undefined],
    ['sc:\uD800', undefined],
  ] as const) {
    const usv = (s: string) => s.replace(/[\uD800-\uDFFF]/g, '\uFFFD');
    const expected = URL.parse(usv(input), base === undefined ? undefined : usv(base));
    assert.equal(URL.parse(input, base)?.href, expected?.href, input);
    assert.equal(URL.canParse(input, base), expected !== null, input);
    let constructed: string | null;
    try {
      constructed = new URL(input, base).href;
    } catch {
      constructed = null;
    }
    assert.equal(constructed, expected?.href ?? null, input);
  }
});
