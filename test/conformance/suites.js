/**
 * The conformance suites that run unchanged in every runtime and browser engine (Node, Bun, Deno,
 * Chromium, Firefox, WebKit): plain JavaScript with no imports, so that a page can load it as
 * well as a command-line runtime.
 *
 * runConformance({ URL, URLSearchParams, URLPattern, lib, data }) runs every suite against the
 * given classes and returns { <suite>: { passed, failed, failures: [{ name, message }] } }
 * (a suite that cannot run in the runtime also has `skipped`, the reason).
 *   - URL, URLSearchParams: the package's classes, or the runtime's own (`--native`).
 *   - URLPattern: the package's class or the runtime's own, for the URL Pattern suites
 *     (URLPATTERN_SUITES); undefined (a runtime without one) leaves those suites out.
 *   - lib: the package's main entry (for the host and validation suites), or null for the
 *     runtime's own classes, which have no such functions: those suites are then absent.
 *   - data: the web-platform-tests files by name, parsed (the caller reads and verifies them).
 *   - crashed, beforeEntry: see runURLPatternConformance (only the browser page passes them).
 *
 * The WPT suites follow the semantics of WPT's own scripts (url-constructor.any.js,
 * url-origin.any.js, url-statics-*.any.js, failure.html, url-setters.any.js, toascii.window.js,
 * IdnaTestV2.window.js, percent-encoding.window.js for UTF-8), and, for URL patterns,
 * urlpatterntests.js and urlpattern-compare-tests.tentative.js.
 */

/** A JSON-like description of `value` for messages and comparisons (stable key order). */
function show(value) {
  if (value === undefined) return 'undefined';
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${show(value[key])}`)
      .join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(show).join(',')}]`;
  return JSON.stringify(value);
}

class AssertionError extends Error {}

/** Throws unless `actual` and `expected` have the same JSON-like description. */
function eq(actual, expected, what) {
  const a = show(actual);
  const e = show(expected);
  if (a !== e) throw new AssertionError(`${what ? `${what}: ` : ''}expected ${e}, got ${a}`);
}

function ok(value, what) {
  if (!value) throw new AssertionError(`${what}: expected true`);
}

/** Throws unless `fn` throws a TypeError. */
function throwsTypeError(fn, what) {
  const result = outcome(fn);
  if (result !== 'TypeError') throw new AssertionError(`${what}: expected a TypeError, got ${result}`);
}

/** 'TypeError' when `fn` throws one, otherwise a description of what happened. */
function outcome(fn) {
  let value;
  try {
    value = fn();
  } catch (error) {
    if (error instanceof TypeError) return 'TypeError';
    return `threw ${error && error.name}: ${error && error.message}`;
  }
  if (value !== null && typeof value === 'object' && 'href' in value) return `no exception (href ${JSON.stringify(value.href)})`;
  return `no exception (${show(value)})`;
}

function cut(text, max = 80) {
  const codePoints = [...text];
  return codePoints.length <= max ? text : `${codePoints.slice(0, max).join('')}…`;
}

/** One suite's counts and failures. */
class Suite {
  constructor() {
    this.passed = 0;
    this.failed = 0;
    this.failures = [];
    /** Tests not run in this runtime, each with the reason: [{ name, reason }]. */
    this.skippedTests = [];
  }

  skip(name, reason) {
    this.skippedTests.push({ name, reason });
  }

  fail(name, message) {
    this.failed++;
    this.failures.push({ name, message });
  }

  test(name, fn) {
    try {
      fn();
      this.passed++;
    } catch (error) {
      this.failed++;
      const message = error instanceof AssertionError ? error.message : `threw ${error && error.name}: ${error && error.message}`;
      this.failures.push({ name, message });
    }
  }
}

const COMPONENTS = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];

function urltestdata(suite, { URL, URLSearchParams }, data) {
  for (const file of ['urltestdata.json', 'urltestdata-javascript-only.json']) {
    for (const c of data[file]) {
      if (typeof c === 'string') continue;
      const base = c.base === null ? undefined : c.base;
      const name = `${file}: ${cut(JSON.stringify(c.input))}${c.base === null ? '' : ` against ${cut(JSON.stringify(c.base))}`}`;
      suite.test(name, () => {
        if (c.failure === true) {
          const actual = {
            constructor: outcome(() => new URL(c.input, base)),
            canParse: typeof URL.canParse === 'function' ? URL.canParse(c.input, base) : 'no URL.canParse',
            parse: typeof URL.parse === 'function' ? (URL.parse(c.input, base)?.href ?? null) : 'no URL.parse',
          };
          const expected = { constructor: 'TypeError', canParse: false, parse: null };
          if (c.base === null) {
            actual.asBase = outcome(() => new URL('about:blank', c.input));
            actual.hrefSetter = outcome(() => {
              const url = new URL('about:blank');
              url.href = c.input;
              return url;
            });
            expected.asBase = 'TypeError';
            expected.hrefSetter = 'TypeError';
          }
          eq(actual, expected);
          return;
        }
        const url = new URL(c.input, base);
        const actual = {};
        const expected = {};
        for (const key of COMPONENTS) {
          actual[key] = url[key];
          expected[key] = c[key];
        }
        if (c.origin !== undefined) {
          actual.origin = url.origin;
          expected.origin = c.origin;
        }
        if (c.searchParams !== undefined) {
          actual.searchParams = url.searchParams.toString();
          expected.searchParams = c.searchParams;
          actual.searchParamsFromSearch = new URLSearchParams(url.search).toString();
          expected.searchParamsFromSearch = c.searchParams;
        }
        actual.canParse = typeof URL.canParse === 'function' ? URL.canParse(c.input, base) : 'no URL.canParse';
        expected.canParse = true;
        actual.parseHref = typeof URL.parse === 'function' ? (URL.parse(c.input, base)?.href ?? null) : 'no URL.parse';
        expected.parseHref = c.href;
        actual.string = String(url);
        expected.string = c.href;
        actual.toJSON = url.toJSON();
        expected.toJSON = c.href;
        eq(actual, expected);
      });
    }
  }
}

function setters(suite, { URL }, data) {
  for (const [attribute, cases] of Object.entries(data['setters_tests.json'])) {
    if (attribute === 'comment') continue;
    for (const c of cases) {
      const name = `<${cut(JSON.stringify(c.href))}>.${attribute} = ${cut(JSON.stringify(c.new_value))}`;
      suite.test(name, () => {
        const url = new URL(c.href);
        url[attribute] = c.new_value;
        const actual = {};
        for (const key of Object.keys(c.expected)) actual[key] = url[key];
        eq(actual, c.expected);
      });
    }
  }
}

/** The components WPT checks for `https://<input>/x`, or 'TypeError'. */
function hostComponents(URL, input) {
  let url;
  try {
    url = new URL(`https://${input}/x`);
  } catch (error) {
    return error instanceof TypeError ? 'TypeError' : `threw ${error && error.name}`;
  }
  return { host: url.host, hostname: url.hostname, pathname: url.pathname, href: url.href };
}

function expectedHost(output) {
  return output === null ? 'TypeError' : { host: output, hostname: output, pathname: '/x', href: `https://${output}/x` };
}

function toascii(suite, { URL }, data) {
  for (const c of data['toascii.json']) {
    if (typeof c === 'string') continue;
    const name = cut(JSON.stringify(c.input));
    suite.test(`${name} (new URL)`, () => eq(hostComponents(URL, c.input), expectedHost(c.output)));
    for (const setter of ['host', 'hostname']) {
      suite.test(`${name} (URL.${setter} setter)`, () => {
        const url = new URL('https://x/x');
        url[setter] = c.input;
        eq(url[setter], c.output ?? 'x');
      });
    }
  }
}

const HOST_ENDING = { ':': '%3A', '/': '%2F', '?': '%3F', '#': '%23', '\\': '%5C' };

function encodeHostEnding(input) {
  let output = '';
  for (const codePoint of input) output += HOST_ENDING[codePoint] ?? codePoint;
  return output;
}

/** The IDNA cases WPT runs (it cannot test the empty input through the URL parser). */
function idnaCases(data) {
  const cases = [];
  for (const file of ['IdnaTestV2.json', 'IdnaTestV2-removed.json']) {
    for (const c of data[file]) {
      if (typeof c === 'string') continue;
      if (c.input === '') continue;
      cases.push({ file, input: c.input, output: c.output });
    }
  }
  return cases;
}

function idna(suite, { URL }, data) {
  for (const c of idnaCases(data)) {
    suite.test(`${c.file}: ToASCII(${cut(JSON.stringify(c.input))})`, () =>
      eq(hostComponents(URL, encodeHostEnding(c.input)), expectedHost(c.output)),
    );
  }
}

/**
 * The package's host parsing of hosts whose conversion goes through Unicode normalization
 * (test/conformance/normalization-cases.ts computes the cases and their Unicode 17.0 answers):
 * some mappings and the NFC step use the engine's String.prototype.normalize, whose Unicode data
 * may be older than 17.0. A case that gives its NFC form (`nfc`) is skipped, with the reason, where
 * the engine's own NFC of the input differs from Unicode 17.0's: the package's known difference
 * (docs/runtimes.md, "The engine's Unicode data").
 */
function normalization(suite, { URL }, data) {
  for (const c of data.normalization) {
    if (c.nfc !== undefined && c.input.normalize('NFC') !== c.nfc) {
      suite.skip(c.name, "this engine's Unicode data predates the marks or composition in this host");
      continue;
    }
    suite.test(c.name, () => eq(hostComponents(URL, c.input), expectedHost(c.output)));
  }
}

/**
 * Every line of the URL corpus (test/conformance/corpus-cases.ts): the href, or the failure, that
 * whatwg-url gives, through the constructor and `URL.canParse`. The package takes its fast routes
 * (the common shapes, the verbatim href) on most of these, which the web-platform-tests data
 * exercises less; the suite shows that every engine runs them alike.
 */
function corpus(suite, { URL }, data) {
  if (!Array.isArray(data.corpus)) {
    suite.skipped = (data.corpus && data.corpus.skipped) || 'no corpus data';
    return;
  }
  for (const c of data.corpus) {
    suite.test(cut(JSON.stringify(c.input)), () => {
      eq(outcome(() => new URL(c.input).href), c.href === null ? 'TypeError' : `no exception (${show(c.href)})`, 'new URL(input).href');
      eq(URL.canParse(c.input), c.href !== null, 'URL.canParse');
    });
  }
}

function percentEncoding(suite, { URL }, data) {
  for (const c of data['percent-encoding.json']) {
    if (typeof c === 'string') continue;
    const utf8 = c.output['utf-8'];
    suite.test(`UTF-8 query and fragment of ${cut(JSON.stringify(c.input))}`, () => {
      const url = new URL(`https://doesnotmatter.invalid/?${c.input}#${c.input}`);
      eq({ search: url.search, hash: url.hash }, { search: `?${utf8}`, hash: `#${utf8}` });
    });
  }
}

const ATTRIBUTES = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'searchParams', 'hash'];
const READONLY = ['origin', 'searchParams'];

/** The Web IDL surface of URL and URLSearchParams, and the standard's API text. */
function api(suite, { URL, URLSearchParams }) {
  suite.test('URL attributes are enumerable, configurable accessors on the prototype', () => {
    for (const name of ATTRIBUTES) {
      const d = Object.getOwnPropertyDescriptor(URL.prototype, name);
      eq(
        d && { get: typeof d.get, set: typeof d.set, enumerable: d.enumerable, configurable: d.configurable },
        { get: 'function', set: READONLY.includes(name) ? 'undefined' : 'function', enumerable: true, configurable: true },
        name,
      );
      eq(Object.getOwnPropertyDescriptor(new URL('https://x/'), name), undefined, `${name} own property`);
    }
  });
  suite.test('toJSON and toString return href; static parse and canParse', () => {
    const u = new URL('https://example.com/a?b#c');
    eq([u.toJSON(), u.toString(), String(u), `${u}`], Array(4).fill(u.href));
    eq(JSON.stringify({ u }), JSON.stringify({ u: u.href }));
    eq(typeof URL.parse, 'function', 'URL.parse');
    eq(typeof URL.canParse, 'function', 'URL.canParse');
  });
  suite.test('Symbol.toStringTag', () => {
    eq(Object.prototype.toString.call(new URL('https://x/')), '[object URL]');
    eq(Object.prototype.toString.call(new URLSearchParams()), '[object URLSearchParams]');
  });
  suite.test('missing arguments throw TypeError', () => {
    throwsTypeError(() => new URL(), 'new URL()');
    throwsTypeError(() => URL.parse(), 'URL.parse()');
    throwsTypeError(() => URL.canParse(), 'URL.canParse()');
  });
  suite.test('the href getter and setter on an object that is not a URL throw TypeError', () => {
    const href = Object.getOwnPropertyDescriptor(URL.prototype, 'href');
    throwsTypeError(() => href.get.call({}), 'get');
    throwsTypeError(() => href.set.call({}, 'https://x/'), 'set');
  });
  suite.test('an invalid URL throws TypeError; parse gives null, canParse false', () => {
    throwsTypeError(() => new URL('foo'), 'new URL("foo")');
    throwsTypeError(() => new URL('x', 'not a base'), 'bad base');
    eq(URL.parse('foo'), null);
    eq(URL.canParse('foo'), false);
  });
  suite.test('an undefined base is no base; other values are converted to strings', () => {
    eq(new URL('https://x/', undefined).href, 'https://x/');
    throwsTypeError(() => new URL('a', undefined), 'relative without base');
    eq(new URL('a', new URL('https://x/y/')).href, 'https://x/y/a');
    eq(new URL({ toString: () => 'https://x/z' }).href, 'https://x/z');
  });
  suite.test('USVString conversion: lone surrogates become U+FFFD', () => {
    eq(new URL('https://x/\ud800').pathname, '/%EF%BF%BD');
    eq(new URL('\udc00', 'https://x/').pathname, '/%EF%BF%BD');
    const u = new URL('https://x/');
    u.hash = '\ud800';
    eq(u.hash, '#%EF%BF%BD');
    u.search = 'a=\udfff';
    eq(u.searchParams.get('a'), '\ufffd');
  });
  suite.test("the standard's examples", () => {
    eq(new URL('https://example.org/💩').pathname, '/%F0%9F%92%A9');
    throwsTypeError(() => new URL('/🍣🍺'), 'no base');
    eq(new URL('/🍣🍺', 'https://url.spec.whatwg.org/').href, 'https://url.spec.whatwg.org/%F0%9F%8D%A3%F0%9F%8D%BA');
    eq(new URL('🏳️‍🌈', new URL('https://pride.example/hello-world')).pathname, '/%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88');
  });
  suite.test('searchParams is one object, coupled to its URL both ways', () => {
    const u = new URL('https://x/?a=1#f');
    const params = u.searchParams;
    eq(u.searchParams === params, true, 'same object');
    params.append('b', '2 3');
    eq(u.href, 'https://x/?a=1&b=2+3#f');
    params.delete('a');
    params.delete('b');
    eq([u.href, u.search], ['https://x/#f', '']);
    u.href = 'https://y/?b=2&b=3';
    eq(params.getAll('b'), ['2', '3']);
    u.search = '?c=4';
    eq([params.get('c'), params.has('b')], ['4', false]);
    u.search = '';
    eq(params.size, 0);
  });
  suite.test('URLSearchParams encodes differently from the URL (the note in the standard)', () => {
    const url = new URL('https://example.com/?a=b ~');
    eq(url.href, 'https://example.com/?a=b%20~');
    url.searchParams.sort();
    eq(url.href, 'https://example.com/?a=b+%7E');
  });
  suite.test('sort() is stable and compares code units', () => {
    const url = new URL('https://example.org/?q=🏳️‍🌈&key=e1f7bc78');
    url.searchParams.sort();
    eq(url.search, '?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88');
    const params = new URLSearchParams('z=1&\uFB03=2&a=3&\u{1F308}=4&a=5&z=0');
    params.sort();
    eq([...params], [['a', '3'], ['a', '5'], ['z', '1'], ['z', '0'], ['\u{1F308}', '4'], ['\uFB03', '2']]);
  });
  suite.test('URLSearchParams constructor: string, record, sequence; a leading "?" is dropped', () => {
    eq(new URLSearchParams('?a=1&b=2').toString(), 'a=1&b=2');
    eq(new URLSearchParams({ a: '1', b: 'x y' }).toString(), 'a=1&b=x+y');
    eq(new URLSearchParams([['a', '1'], ['a', '2']]).getAll('a'), ['1', '2']);
    throwsTypeError(() => new URLSearchParams([['a']]), 'pair of one');
    eq(new URLSearchParams('a=%zz&b=%41+%42').get('b'), 'A B');
    eq(new URLSearchParams('a=%zz').get('a'), '%zz');
  });
  suite.test('URLSearchParams has/delete with a value, size, set', () => {
    const p = new URLSearchParams('a=1&a=2&b=3');
    eq([p.has('a', '2'), p.has('a', '3'), p.size], [true, false, 3]);
    p.delete('a', '1');
    eq(p.toString(), 'a=2&b=3');
    p.set('b', '4');
    p.set('c', '5');
    eq(p.toString(), 'a=2&b=4&c=5');
  });
  suite.test('URLSearchParams iterators see changes made while iterating', () => {
    const p = new URLSearchParams('a=1&b=2');
    const seen = [];
    for (const [name] of p) {
      seen.push(name);
      if (name === 'a') p.append('c', '3');
    }
    eq(seen, ['a', 'b', 'c']);
    eq(Object.prototype.toString.call(p.entries()), '[object URLSearchParams Iterator]');
  });
  suite.test('setters do nothing where the standard says "return"', () => {
    for (const href of ['file:///a', 'sc:opaque', 'sc:/no-host']) {
      const u = new URL(href);
      const before = u.href;
      u.username = 'u';
      u.password = 'p';
      u.port = '8080';
      eq(u.href, before, href);
    }
    const m = new URL('mailto:someone@example.com');
    m.host = 'example.org';
    m.hostname = 'example.org';
    m.pathname = '/x';
    eq(m.href, 'mailto:someone@example.com');
    const u = new URL('https://x/a');
    throwsTypeError(() => {
      u.href = 'nope';
    }, 'href = "nope"');
    eq(u.href, 'https://x/a');
  });
}

/** The host parser's examples in the standard (§3.5), through the package's parseHost. */
const HOST_EXAMPLES = [
  ['EXAMPLE.COM', 'example.com', 'EXAMPLE.COM'],
  ['example%2Ecom', 'example.com', 'example%2Ecom'],
  ['faß.example', 'xn--fa-hia.example', 'fa%C3%9F.example'],
  ['0', '0.0.0.0', '0'],
  ['%30', '0.0.0.0', '%30'],
  ['0x', '0.0.0.0', '0x'],
  ['0xffffffff', '255.255.255.255', '0xffffffff'],
  ['[0:0::1]', '[::1]', '[::1]'],
  ['[0:0::1%5D', null, null],
  ['[0:0::%31]', null, null],
  ['09', null, '09'],
  ['example.255', null, 'example.255'],
  ['example^example', null, null],
];

function host(suite, { lib }, data) {
  const roundTrip = (input, isOpaque) => {
    const parsed = lib.parseHost(input, isOpaque);
    return parsed === null ? null : lib.serializeHost(parsed);
  };
  for (const [input, domain, opaque] of HOST_EXAMPLES) {
    suite.test(`the standard's host parser example ${JSON.stringify(input)}`, () =>
      eq([roundTrip(input, false), roundTrip(input, true)], [domain, opaque]),
    );
  }
  // The host parser alone gives what the URL parser puts in the host, for the WPT host data.
  for (const c of idnaCases(data)) {
    suite.test(`parseHost(${cut(JSON.stringify(c.input))}) from ${c.file}`, () =>
      eq(roundTrip(encodeHostEnding(c.input), false), c.output),
    );
  }
  for (const c of data['toascii.json']) {
    if (typeof c === 'string' || /[:/?#\\]/.test(c.input)) continue;
    suite.test(`parseHost(${cut(JSON.stringify(c.input))}) from toascii.json`, () => eq(roundTrip(c.input, false), c.output));
  }
  suite.test('domainToASCII and domainToUnicode (UTS #46, nontransitional)', () => {
    eq(lib.domainToASCII('☕.example'), 'xn--53h.example');
    eq(lib.domainToUnicode('xn--53h.example'), '☕.example');
    eq(lib.domainToASCII('münchen.DE'), 'xn--mnchen-3ya.de');
    eq(lib.domainToASCII('faß.de'), 'xn--fa-hia.de');
    eq(lib.domainToASCII('a..b', true), null);
  });
}

/** Validation errors (§1.3 and the parser's steps) and the valid URL string grammar. */
const VALIDATION_EXAMPLES = [
  ['https://example.org/', []],
  ['https:example.org', ['special-scheme-missing-following-solidus']],
  ['https://user:pass@example.org/', ['invalid-credentials']],
  ['https://example.org\\path', ['invalid-reverse-solidus']],
  ['https://example.org:70000/', ['port-out-of-range']],
  ['https://example.org:7z/', ['port-invalid']],
  ['https://exa%41mple.org/', ['domain-percent-encoded']],
  ['https:///', ['special-scheme-missing-following-solidus', 'host-missing']],
  ['foo://ex ample/', ['host-invalid-code-point']],
];

function validation(suite, { lib }, data) {
  for (const [input, types] of VALIDATION_EXAMPLES) {
    suite.test(`validateURL(${JSON.stringify(input)}) reports ${types.join(', ') || 'nothing'}`, () => {
      const result = lib.validateURL(input);
      eq(result.errors.map((error) => error.type), types);
      eq(result.valid, types.length === 0, 'valid');
      eq(lib.isValidURLString(input), types.length === 0, 'isValidURLString');
    });
  }
  // Every WPT parser case: validateURL parses as the URL class does, and a failure ends with an
  // error marked as such.
  for (const file of ['urltestdata.json', 'urltestdata-javascript-only.json']) {
    for (const c of data[file]) {
      if (typeof c === 'string') continue;
      const options = c.base === null ? undefined : { base: c.base };
      suite.test(`validateURL agrees with the parser on ${file}: ${cut(JSON.stringify(c.input))}`, () => {
        const result = lib.validateURL(c.input, options);
        if (c.failure === true) {
          const last = result.errors[result.errors.length - 1];
          eq({ valid: result.valid, url: result.url, lastIsFailure: last === undefined || last.failure }, { valid: false, url: null, lastIsFailure: true });
        } else {
          eq(result.url === null ? null : lib.serializeURL(result.url), c.href);
          ok(result.errors.every((error) => !error.failure), 'no failure error');
          ok(!result.valid || result.errors.length === 0, 'valid only without errors');
        }
      });
    }
  }
}

// The URL Pattern suites: web-platform-tests' urlpattern/resources data, with the semantics of
// WPT's urlpatterntests.js and urlpattern-compare-tests.tentative.js (kept beside the data in
// harness/), and of urlpattern-generate-test-data.json (`expected: null` means a TypeError).

// WPT's list (it names "password" twice; the repetition checks nothing more).
const PATTERN_COMPONENTS = ['protocol', 'username', 'password', 'hostname', 'port', 'password', 'pathname', 'search', 'hash'];

/** The components whose presence in a URLPatternInit makes a later one default to "*". */
const EARLIER_COMPONENTS = {
  protocol: [],
  hostname: ['protocol'],
  port: ['protocol', 'hostname'],
  username: [],
  password: [],
  pathname: ['protocol', 'hostname', 'port'],
  search: ['protocol', 'hostname', 'port', 'pathname'],
  hash: ['protocol', 'hostname', 'port', 'pathname', 'search'],
};

/** testharness.js's same_value: ===, except that NaN equals NaN and 0 differs from -0. */
function sameValue(actual, expected) {
  return Object.is(actual, expected);
}

function equals(actual, expected, what) {
  if (!sameValue(actual, expected)) throw new AssertionError(`${what}: expected ${show(expected)}, got ${show(actual)}`);
}

/**
 * testharness.js's assert_object_equals: every enumerable property of `actual` is an own property
 * of `expected`, with the same value (objects compared recursively), and every enumerable
 * property of `expected` is an own property of `actual`.
 */
function objectEquals(actual, expected, what, stack = []) {
  if (actual === null || typeof actual !== 'object') throw new AssertionError(`${what}: expected an object, got ${show(actual)}`);
  stack.push(actual);
  for (const key in actual) {
    if (!Object.prototype.hasOwnProperty.call(expected, key)) {
      throw new AssertionError(`${what}: unexpected property ${key} (got ${show(actual)}, expected ${show(expected)})`);
    }
    const value = actual[key];
    if (typeof value === 'object' && value !== null) {
      if (!stack.includes(value)) objectEquals(value, expected[key], `${what}.${key}`, stack);
    } else if (!sameValue(value, expected[key])) {
      throw new AssertionError(`${what}.${key}: expected ${show(expected[key])}, got ${show(value)}`);
    }
  }
  for (const key in expected) {
    if (!Object.prototype.hasOwnProperty.call(actual, key)) {
      throw new AssertionError(`${what}: expected property ${key} missing (got ${show(actual)}, expected ${show(expected)})`);
    }
  }
  stack.pop();
}

/**
 * The component pattern string WPT expects when the entry gives none: the pattern's own, "*"
 * when an earlier component was given, the base URL's component (never username or password),
 * or "*".
 */
function expectedPatternString(entry, component, URL) {
  const first = entry.pattern[0];
  let baseURL = null;
  if (entry.pattern.length > 0 && first && first.baseURL) baseURL = new URL(first.baseURL);
  else if (entry.pattern.length > 1 && typeof entry.pattern[1] === 'string') baseURL = new URL(entry.pattern[1]);
  if (entry.exactly_empty_components && entry.exactly_empty_components.includes(component)) return '';
  const init = typeof first === 'object' && first !== null;
  if (init && first[component]) return first[component];
  if (init && EARLIER_COMPONENTS[component].some((c) => c in first)) return '*';
  if (baseURL && component !== 'username' && component !== 'password') {
    const value = baseURL[component];
    if (component === 'protocol') return value.substring(0, value.length - 1);
    if (component === 'search' || component === 'hash') return value.substring(1, value.length);
    return value;
  }
  return '*';
}

/**
 * One entry of urlpatterntestdata.json, as urlpatterntests.js runs it (without changing it);
 * throws at the first mismatch. Node's test runner uses it too (test/helpers/urlpattern-harness.ts).
 */
export function runPatternEntry(entry, URLPattern, URL) {
  if (entry.expected_obj === 'error') {
    throwsTypeError(() => new URLPattern(...entry.pattern), 'URLPattern() constructor');
    return;
  }
  const pattern = new URLPattern(...entry.pattern);
  const expectedObj = entry.expected_obj || {};
  for (const component of PATTERN_COMPONENTS) {
    let expected = expectedObj[component];
    if (expected == undefined) expected = expectedPatternString(entry, component, URL);
    equals(pattern[component], expected, `compiled pattern property '${component}'`);
  }
  const inputs = entry.inputs || [];
  if (entry.expected_match === 'error') {
    throwsTypeError(() => pattern.test(...inputs), 'test() result');
    throwsTypeError(() => pattern.exec(...inputs), 'exec() result');
    return;
  }
  equals(pattern.test(...inputs), !!entry.expected_match, 'test() result');
  const result = pattern.exec(...inputs);
  if (!entry.expected_match || typeof entry.expected_match !== 'object') {
    equals(result, entry.expected_match, 'exec() failed match result');
    return;
  }
  const expectedInputs = entry.expected_match.inputs || inputs;
  equals(result.inputs.length, expectedInputs.length, 'exec() result.inputs.length');
  for (let i = 0; i < result.inputs.length; i++) {
    const input = result.inputs[i];
    if (typeof input === 'string') {
      equals(input, expectedInputs[i], `exec() result.inputs[${i}]`);
      continue;
    }
    for (const component of PATTERN_COMPONENTS) {
      equals(input[component], expectedInputs[i][component], `exec() result.inputs[${i}][${component}]`);
    }
  }
  for (const component of PATTERN_COMPONENTS) {
    const given = entry.expected_match[component];
    let expected;
    if (given) {
      expected = { ...given };
      if (given.groups) {
        // JSON has no undefined: null in the data stands for it.
        expected.groups = {};
        for (const key in given.groups) expected.groups[key] = given.groups[key] === null ? undefined : given.groups[key];
      }
    } else {
      expected = { input: '', groups: {} };
      // A default wildcard component matches the empty input with group "0"; an empty one has none.
      if (!entry.exactly_empty_components || !entry.exactly_empty_components.includes(component)) expected.groups['0'] = '';
    }
    objectEquals(result[component], expected, `exec() result for ${component}`);
  }
}

function urlpattern(suite, { URLPattern, URL, crashed = [], beforeEntry }, data) {
  data['urlpatterntestdata.json'].forEach((entry, index) => {
    const name = `#${index} Pattern: ${cut(JSON.stringify(entry.pattern), 120)} Inputs: ${cut(JSON.stringify(entry.inputs) ?? 'undefined', 120)}`;
    if (crashed.includes(index)) {
      suite.fail(name, 'the page died while it ran (its content process crashed, or it hung)');
      return;
    }
    if (beforeEntry) beforeEntry(index);
    suite.test(name, () => runPatternEntry(entry, URLPattern, URL));
  });
  if (beforeEntry) beforeEntry(null);
}

function urlpatternCompare(suite, { URLPattern }, data) {
  for (const entry of data['urlpattern-compare-test-data.json']) {
    const name = `Component: ${entry.component} Left: ${cut(JSON.stringify(entry.left))} Right: ${cut(JSON.stringify(entry.right))}`;
    suite.test(name, () => {
      const left = new URLPattern(entry.left);
      const right = new URLPattern(entry.right);
      equals(URLPattern.compareComponent(entry.component, left, right), entry.expected, 'compareComponent');
      // ~~ makes -0 a 0, which same_value tells apart.
      equals(URLPattern.compareComponent(entry.component, right, left), ~~(entry.expected * -1), 'reverse order');
      equals(URLPattern.compareComponent(entry.component, left, left), 0, 'left equality');
      equals(URLPattern.compareComponent(entry.component, right, right), 0, 'right equality');
    });
  }
}

function urlpatternGenerate(suite, { URLPattern }, data) {
  for (const entry of data['urlpattern-generate-test-data.json']) {
    const name = `${entry.component} of ${cut(JSON.stringify(entry.pattern))} with ${cut(JSON.stringify(entry.groups))}`;
    suite.test(name, () => {
      const pattern = new URLPattern(entry.pattern);
      if (entry.expected === null) throwsTypeError(() => pattern.generate(entry.component, entry.groups), 'generate()');
      else equals(pattern.generate(entry.component, entry.groups), entry.expected, 'generate()');
    });
  }
}

/**
 * Names of code points whose ID_Start or ID_Continue changed since Unicode 15.0 (test/conformance/
 * identifier-cases.ts): "/:<c>" is a pattern iff c is ID_Start, and "/:a<c>" has the name "a<c>"
 * iff c is ID_Continue (otherwise c is text after the name "a", and the pattern string shows it
 * percent-encoded). A class whose names follow an engine's older Unicode data fails it.
 */
function urlpatternNames(suite, { URLPattern }, data) {
  for (const c of data['urlpattern-names']) {
    const char = String.fromCodePoint(c.codePoint);
    const hex = `U+${c.codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
    suite.test(`${hex} at the start of a name`, () => {
      const made = outcome(() => void new URLPattern({ pathname: `/:${char}` }));
      equals(made, c.start ? 'no exception (undefined)' : 'TypeError', 'new URLPattern');
    });
    suite.test(`${hex} inside a name`, () => {
      equals(new URLPattern({ pathname: `/:a${char}` }).pathname === `/:a${char}`, c.part, 'the name holds it');
    });
  }
}

/**
 * The URL Pattern suites, run when runConformance is given a URLPattern class. The tentative APIs'
 * suites run only when the class has the API (`has`): a runtime's own class may lack it; `up-names`
 * runs when the data has its cases (the runner computes them; the WPT data alone has none).
 */
export const URLPATTERN_SUITES = {
  urlpattern: { run: urlpattern, has: () => true },
  'up-compare': { run: urlpatternCompare, has: (URLPattern) => typeof URLPattern.compareComponent === 'function' },
  'up-generate': { run: urlpatternGenerate, has: (URLPattern) => typeof URLPattern.prototype.generate === 'function' },
  'up-names': { run: urlpatternNames, has: (URLPattern, data) => Array.isArray(data['urlpattern-names']) },
};

/**
 * Why the URL Pattern suites cannot run, or null: the standard compiles every component with the
 * RegExp `v` flag (unicodeSets); in a runtime without it, a class that follows the standard
 * throws on construction, and the suites are skipped rather than counted as failures.
 */
function urlpatternSkipReason(URLPattern) {
  try {
    new RegExp('', 'v');
    return null;
  } catch {
    // No v flag: see whether the class can be constructed anyway.
  }
  try {
    new URLPattern({ pathname: '/a' });
    return null;
  } catch (error) {
    return `no RegExp v flag (new URLPattern() throws ${error && error.name})`;
  }
}

export const SUITES = {
  urltestdata,
  setters,
  toascii,
  idna,
  'percent-encoding': percentEncoding,
  api,
  host,
  validation,
  normalization,
  corpus,
};

/**
 * The suites of the package alone: `host` and `validation` need its own functions (`lib`),
 * `normalization` checks its IDNA against Unicode 17.0 beyond the web-platform-tests data, and
 * `corpus` its fast routes on real URLs.
 */
export const LIBRARY_SUITES = ['host', 'validation', 'normalization', 'corpus'];

/** Runs one suite into `results[name]`; an exception of the suite itself counts as a failure. */
function runSuite(results, name, run, classes, data) {
  const suite = new Suite();
  try {
    run(suite, classes, data);
  } catch (error) {
    suite.failed++;
    suite.failures.push({ name: `${name} (the suite itself)`, message: `threw ${error && error.name}: ${error && error.message}` });
  }
  results[name] = { passed: suite.passed, failed: suite.failed, failures: suite.failures };
  if (suite.skipped !== undefined) results[name].skipped = suite.skipped;
  if (suite.skippedTests.length > 0) results[name].skippedTests = suite.skippedTests;
}

/** Runs every suite; see the comment at the top of this file. */
export function runConformance({ URL, URLSearchParams, URLPattern, lib, data, crashed, beforeEntry }) {
  const results = {};
  const classes = { URL, URLSearchParams, lib };
  for (const [name, run] of Object.entries(SUITES)) {
    if (LIBRARY_SUITES.includes(name) && !lib) continue;
    runSuite(results, name, run, classes, data);
  }
  if (URLPattern !== undefined) Object.assign(results, runURLPatternConformance({ URL, URLPattern, data, crashed, beforeEntry }));
  return results;
}

/**
 * The URL Pattern suites alone, against `URLPattern` (`URL` reads the base URLs the expected
 * pattern strings come from), each present only when the class has its API; with no RegExp `v`
 * flag, each is { passed: 0, failed: 0, failures: [], skipped: <reason> } instead.
 *
 * For a browser whose own URLPattern crashes the page on some entries: `beforeEntry(index)`, when
 * given, is called before each entry of urlpatterntestdata.json is run, and with null after the
 * last (the page reports it, so that the runner learns which entry crashed), and the entries whose
 * index is in `crashed` are
 * counted as failures ("crashed the page") instead of being run.
 */
export function runURLPatternConformance({ URL, URLPattern, data, crashed, beforeEntry }) {
  const results = {};
  const skip = urlpatternSkipReason(URLPattern);
  for (const [name, { run, has }] of Object.entries(URLPATTERN_SUITES)) {
    if (!has(URLPattern, data)) continue;
    if (skip) results[name] = { passed: 0, failed: 0, failures: [], skipped: skip };
    else runSuite(results, name, run, { URL, URLPattern, crashed, beforeEntry }, data);
  }
  return results;
}

/** The data files the suites read. */
export const DATA_FILES = [
  'urltestdata.json',
  'urltestdata-javascript-only.json',
  'setters_tests.json',
  'toascii.json',
  'IdnaTestV2.json',
  'IdnaTestV2-removed.json',
  'percent-encoding.json',
];

/** The URL Pattern data files the URL Pattern suites read (web-platform-tests urlpattern/resources). */
export const URLPATTERN_DATA_FILES = ['urlpatterntestdata.json', 'urlpattern-compare-test-data.json', 'urlpattern-generate-test-data.json'];

/**
 * Inputs on which runtimes' own URL classes are known to differ from the standard, for the
 * examples table of docs/runtimes.md: [input, base or null].
 */
export const EXAMPLES = [
  ['sc:a ?b', null],
  ['non-special:opaque  ?hi', null],
  ['file://C:/x', null],
  ['file://foo/C:', null],
  ['file:c:\\foo\\bar.html', 'file:///tmp/mock/path'],
  ['file://spider///', null],
  ['file://example:1/', null],
  ['\\a', 'foo://foo/a'],
  ['http://a.b.c.xn--pokxncvks', null],
  ['https://xn--u-ccb.example/', null],
  ['https://xn--a.pt/', null],
];

/** The href `URL` gives for each example, or 'failure'. */
export function runExamples(URL) {
  return EXAMPLES.map(([input, base]) => {
    try {
      return new URL(input, base ?? undefined).href;
    } catch {
      return 'failure';
    }
  });
}
