/**
 * fast-check generators for URL strings, built from the pieces the URL Standard treats specially:
 * schemes (special or not), credentials, every host form, ports at the limits, paths with dot
 * segments and Windows drive letters, queries and fragments, plus noise (tabs, newlines, C0
 * controls, spaces, lone surrogates, bidi and joiner code points) inserted anywhere.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
import fc from 'fast-check';

/** Picks one of the strings, uniformly. */
const pick = (...values: string[]): fc.Arbitrary<string> => fc.constantFrom(...values);

/** Concatenates the strings the arbitraries produce. */
const concat = (...parts: fc.Arbitrary<string>[]): fc.Arbitrary<string> =>
  fc.tuple(...parts).map((xs) => xs.join(''));

/** Joins an array of strings produced by `item` with separators produced by `sep`. */
const joined = (
  item: fc.Arbitrary<string>,
  sep: fc.Arbitrary<string>,
  constraints: fc.ArrayConstraints = {},
): fc.Arbitrary<string> =>
  fc.array(fc.tuple(sep, item), constraints).map((xs) => xs.map(([s, i]) => s + i).join(''));

/** Strings over the given characters. */
export const stringOf = (chars: string, maxLength = 12, minLength = 0): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...Array.from(chars)), minLength, maxLength });

/** Randomly upper-cases some ASCII letters. */
const randomCase = (arb: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(arb, fc.array(fc.boolean(), { minLength: 0, maxLength: 64 })).map(([s, flips]) =>
    Array.from(s, (c, i) => (flips[i % Math.max(1, flips.length)] ? c.toUpperCase() : c)).join(''),
  );

// --- Characters --------------------------------------------------------------------------------

/** Every ASCII code point. */
export const ALL_ASCII = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join('');

/** Printable ASCII. */
export const PRINTABLE_ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i)).join('');

/** C0 controls, space, tab, newlines, DEL. */
const C0_AND_SPACE = Array.from({ length: 33 }, (_, i) => String.fromCharCode(i)).join('') + '\x7f';

/** Code points the standard or UTS #46 treats specially. */
export const TRICKY_CODE_POINTS: readonly string[] = [
  '\t', '\n', '\r', ' ', '\0', '\x1f', '\x7f',
  '\u200c', '\u200d', // ZWNJ, ZWJ (CONTEXTJ)
  '\u202e', '\u202d', '\u200e', '\u200f', '\u061c', // bidi controls
  '\u00ad', '\u034f', '\u180b', '\ufe00', // ignored by UTS #46
  '\u00a0', '\u3000', '\u2028', '\ufeff',
  '\u3002', '\uff0e', '\uff61', // ideographic and fullwidth full stops
  '\uff05', '\uff10', '\uff41', '\uff21', // fullwidth %, 0, a, A
  '\u00df', '\u03c2', // deviation characters
  '\u2100', '\u2488', '\u24b6', '\u0130', '\u212a',
  '\ud800', '\udbff', '\udc00', '\udfff', // lone surrogates
  '\ufffd', '\uffff', '\u{10ffff}', '\u{1f4a9}', '\u{e0001}',
  '\u{3e8ac}', // unassigned in Unicode 16
];

/** One tricky code point. */
export const trickyChar: fc.Arbitrary<string> = fc.constantFrom(...TRICKY_CODE_POINTS);

/** Any UTF-16 string, including lone surrogates, or a string over the tricky code points. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ maxLength: 24 }),
  fc.array(fc.oneof(trickyChar, fc.constantFrom(...Array.from(PRINTABLE_ASCII))), { maxLength: 16 }).map((xs) =>
    xs.join(''),
  ),
);

// --- Percent escapes ---------------------------------------------------------------------------

/** Valid and broken percent escapes. */
export const percentEscape: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 0, max: 255 }).map((b) => '%' + b.toString(16).padStart(2, '0')),
  fc.integer({ min: 0, max: 255 }).map((b) => '%' + b.toString(16).padStart(2, '0').toUpperCase()),
  pick('%', '%%', '%g', '%1', '%1g', '%zz', '%%30', '%2', '%2e', '%2E', '%00', '%ff', '%C3%A9', '%E2%80%AE', '%ED%A0%80', '%F0%9F%92%A9', '%c3', '%e2%82'),
);

// --- Schemes -----------------------------------------------------------------------------------

export const SPECIAL_SCHEMES = ['http', 'https', 'ws', 'wss', 'ftp', 'file'] as const;

/** Every spelling of each special scheme in upper- and lowercase letters ("http" has 16). */
const SPECIAL_SCHEME_SPELLINGS = SPECIAL_SCHEMES.flatMap((scheme) =>
  Array.from({ length: 1 << scheme.length }, (_, mask) => Array.from(scheme, (c, i) => ((mask >> i) & 1 ? c.toUpperCase() : c)).join('')),
);

/** A special scheme, mostly lowercase, else in any of its spellings (an upper-case letter in any place). */
export const specialScheme: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SPECIAL_SCHEMES), weight: 3 },
  { arbitrary: fc.constantFrom(...SPECIAL_SCHEME_SPELLINGS), weight: 2 },
);

/** A non-special scheme, with `+`, `-`, `.` and upper case. */
export const nonSpecialScheme: fc.Arbitrary<string> = fc.oneof(
  pick('foo', 'data', 'javascript', 'mailto', 'blob', 'about', 'urn', 'git+ssh', 'a.b-c+d', 'HTTP+X', 'web+demo', 'sc', 'h', 'httpx', 'file2', 'view-source'),
  // One letter away from a special scheme: a scanner that matches special schemes must not take these.
  pick('hxtp', 'htxp', 'httx', 'httpz', 'htps', 'hTTPSs', 'wx', 'wsx', 'wxs', 'ftx', 'fxp', 'ftps', 'fil', 'fxle', 'filex'),
  concat(stringOf('abcdefxyzABCXYZ', 1, 1), stringOf('abcdefxyzABZ0189+-.', 8)),
);

/** Strings that are not schemes (start with a digit, contain forbidden characters) or are empty. */
const brokenScheme: fc.Arbitrary<string> = pick('', '1http', '+a', 'ht tp', 'ht%74p', 'h\u0131ttp', 'é', '-', '.');

export const scheme: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: specialScheme, weight: 5 },
  { arbitrary: nonSpecialScheme, weight: 3 },
  { arbitrary: brokenScheme, weight: 1 },
);

// --- Credentials -------------------------------------------------------------------------------

const userinfoText = fc.oneof(
  stringOf('abcXYZ019:@%/;=[]|\\ !$&\'()*+,-._~"<>`{}^#?', 10),
  percentEscape,
  anyString,
);

/** `user@`, `user:pass@`, `:@`, `@@`, or nothing. */
export const credentials: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant(''), weight: 4 },
  { arbitrary: userinfoText.map((u) => u + '@'), weight: 2 },
  { arbitrary: fc.tuple(userinfoText, userinfoText).map(([u, p]) => `${u}:${p}@`), weight: 2 },
  { arbitrary: pick('@', ':@', '@@', 'a@b@', ':::@', 'user:pa:ss@', '%40@', 'u%3Ap@'), weight: 1 },
);

// --- Hosts -------------------------------------------------------------------------------------

const asciiLabel = stringOf('abcdefghijklmnopqrstuvwxyz0123456789-', 10, 1);

/** Labels in several scripts (assigned in Unicode 16), mixed scripts, bidi, joiners. */
const IDN_LABELS = [
  'münchen', 'bücher', 'faß', 'straße', 'ŁÓDŹ', 'ıstanbul', 'İstanbul',
  'пример', 'россия', 'ПРИМЕР', 'ελληνικά', 'ΣΊΣΥΦΟΣ', 'ς', 'σ',
  '例え', '中国', '日本語', '한국', 'ファミリー',
  'مثال', 'ایران', 'עברית', 'א1', '1א', 'aא', 'ا٠١', 'ا0',
  'उदाहरण', 'क्\u200dष', 'ไทย', 'ລາວ', 'ქართული', 'հայ',
  'a\u200cb', 'a\u200db', '\u0915\u094d\u200c', '\u200c', '\u200d',
  'a\u202eb', '\u202e', 'a\u00adb', '💩', '☃', '⒈', 'ℌ', 'Ⓐ', 'ａｂｃ',
  'a\u0301', '\u0301a', 'x\u3002y', 'é', 'e\u0301', 'ǅ', 'ﬃ', '⁉',
  '\u{1d400}', '\u{1f1fa}\u{1f1f8}',
];

/** Punycode labels, valid and not. */
const XN_LABELS = [
  'xn--mnchen-3ya', 'xn--bcher-kva', 'xn--zca', 'xn--nxasmq6b', 'xn--e1afmkfd', 'xn--fsqu00a',
  'xn--mgbh0fb', 'xn--ls8h', 'xn--n3h', 'xn--ida', 'xn--1ca', 'xn--a', 'xn--', 'xn--a-', 'xn---',
  'xn--zz', 'xn--abc-', 'xn--0', 'xn--55555555', 'xn--ab--c', 'XN--MNCHEN-3YA', 'xn--a.xn--',
  'xn--mnchen-3yA', 'xn--tda', 'xn--hxa', 'xn--4xa', 'xn--ls8h.xn--ls8h', 'xn--xn--a', 'xn--e-ufa',
  'xn--53h', 'xn--b1abfaaepdrnnbgefbaDotcwatmq2g4l', 'xn--9dbdgkbd', 'xn--zn7c', 'xn--1ug', 'xn--1ch',
];

const domainLabel: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: asciiLabel, weight: 5 },
  { arbitrary: randomCase(asciiLabel), weight: 2 },
  { arbitrary: fc.constantFrom(...IDN_LABELS), weight: 3 },
  { arbitrary: fc.constantFrom(...XN_LABELS), weight: 2 },
  { arbitrary: pick('', '-a', 'a-', 'ab--c', 'a_b', 'a%41', '%7f', 'a%2eb', 'a%00', 'a%zz', '0x', '09', '1e3', 'localhost', 'LOCALHOST', 'localhost.'), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }), weight: 1 },
);

const domainSep: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant('.'), weight: 10 },
  { arbitrary: pick('\u3002', '\uff0e', '\uff61', '%2e', '..'), weight: 1 },
);

/** Domains, including IDN and punycode labels. */
export const domain: fc.Arbitrary<string> = fc
  .tuple(domainLabel, joined(domainLabel, domainSep, { maxLength: 4 }), pick('', '', '', '.'))
  .map(([a, rest, dot]) => a + rest + dot);

/** An IPv4 part in decimal, hex, octal, out of range, or broken. */
const ipv4Part: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 0, max: 255 }).map(String),
  fc.integer({ min: 0, max: 0xffffffff }).map(String),
  fc.integer({ min: 0, max: 255 }).map((n) => '0x' + n.toString(16)),
  fc.integer({ min: 0, max: 255 }).map((n) => '0X' + n.toString(16).toUpperCase()),
  fc.integer({ min: 0, max: 255 }).map((n) => '0' + n.toString(8)),
  pick('0x', '0X', '0', '00', '08', '09', '0x0g', '4294967295', '4294967296', '0xffffffff', '0x100000000', '256', '1e1', '-1', '0x00000000000000000001', '000000000000000000010', '99999999999999999999', ''),
);

/** IPv4 addresses with 1 to 5 parts, and a trailing dot. */
export const ipv4: fc.Arbitrary<string> = fc
  .tuple(fc.array(ipv4Part, { minLength: 1, maxLength: 5 }), pick('', '', '', '.', '..'))
  .map(([parts, dot]) => parts.join('.') + dot);

const hex16 = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
const ipv6Piece: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hex16, weight: 6 },
  { arbitrary: pick('0', '0000', 'FFFF', '00000', '12345', 'g', ''), weight: 1 },
);

/** IPv6 addresses (without brackets): full, compressed, with embedded IPv4, and broken. */
export const ipv6: fc.Arbitrary<string> = fc.oneof(
  fc.array(ipv6Piece, { minLength: 1, maxLength: 9 }).map((p) => p.join(':')),
  fc
    .tuple(fc.array(ipv6Piece, { maxLength: 4 }), fc.array(ipv6Piece, { maxLength: 4 }))
    .map(([a, b]) => a.join(':') + '::' + b.join(':')),
  fc
    .tuple(fc.array(hex16, { maxLength: 5 }), fc.boolean(), ipv4)
    .map(([a, compress, v4]) => a.join(':') + (compress ? '::' : ':') + v4),
  pick('::', '::1', '1::', ':', ':::', '::1::', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8:9', '::ffff:1.2.3.4', '::1.2.3', '::1.2.3.4.5', '::1.2.3.04', '::1.2.3.256', '0::0:0', 'fe80::1%eth0', '::%31', 'v1.x', '::127.0.0.1', '1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:7:1.2.3.4', '::0x1.2.3.4', '::1.2..3', '::1.'),
);

/** Opaque-host-ish strings: most ASCII, escapes, non-ASCII. */
const opaqueHostText: fc.Arbitrary<string> = fc.oneof(
  stringOf('abcXYZ019-._~!$&\'()*+,;=%', 10, 1),
  concat(asciiLabel, percentEscape, asciiLabel),
  fc.constantFrom(...IDN_LABELS),
);

/** Hosts containing a forbidden host or domain code point. */
const forbiddenHost: fc.Arbitrary<string> = fc
  .tuple(asciiLabel, fc.constantFrom(...Array.from('\0\t\n\r #/:<>?@[\\]^|%\x01\x1f\x7f')), asciiLabel)
  .map(([a, c, b]) => a + c + b);

/** Every form of host, with or without brackets. */
export const host: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: domain, weight: 8 },
  { arbitrary: ipv4, weight: 4 },
  { arbitrary: ipv6.map((h) => `[${h}]`), weight: 4 },
  { arbitrary: ipv6, weight: 1 },
  { arbitrary: opaqueHostText, weight: 2 },
  { arbitrary: forbiddenHost, weight: 1 },
  { arbitrary: pick('', '[', ']', '[]', '[::1', '::1]', '[[::1]]', '%5B::1%5D', 'example.com.', '.', '..', 'a..b', '%30.%30.%30.%30', '0%2e0%2e0%2e0', '１２７.0.0.1', '\u3002', '%e2%80%ae', 'a%C2%ADb', 'a<\u0338b', 'a>\u0338b', 'a\u0338<b'), weight: 1 },
);

// --- Ports -------------------------------------------------------------------------------------

/** `:port` at the limits, with leading zeros, non-digits; or nothing. */
export const port: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant(''), weight: 6 },
  { arbitrary: fc.integer({ min: 0, max: 70000 }).map((n) => ':' + n), weight: 3 },
  {
    arbitrary: pick(':', ':0', ':00', ':01', ':09', ':080', ':80', ':443', ':21', ':65535', ':65536', ':99999999999', ':000000080', ':0065535', ':8a', ':a8', ':-1', ':+1', ': 1', ':1 ', ':0x50', ':１', ':8080:9090', ':1\t2'),
    weight: 2,
  },
);

// --- Paths -------------------------------------------------------------------------------------

/** Path segments: dot segments in every spelling, drive letters, escapes, ordinary text. */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: stringOf('abcxyzABC019-._~!$&\'()*+,;=:@', 8), weight: 5 },
  {
    arbitrary: pick('.', '..', '%2e', '%2E', '.%2e', '%2e.', '%2e%2e', '%2E%2e', '...', '%2e%2e%2e', '.%2E', '..%00', '%2f', '%5c'),
    weight: 4,
  },
  { arbitrary: pick('C:', 'c|', 'C|', 'z:', 'C:x', 'CC:', 'C%3a', 'C%7C', 'c:.', '|', ':'), weight: 2 },
  { arbitrary: percentEscape, weight: 1 },
  { arbitrary: stringOf(PRINTABLE_ASCII.replace(/[/\\?#]/g, ''), 6), weight: 1 },
  { arbitrary: anyString.map((s) => s.replace(/[/\\?#]/g, '')), weight: 1 },
);

const pathSep: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant('/'), weight: 8 },
  { arbitrary: pick('\\', '//', '/\\', '\\\\'), weight: 2 },
);

/** An absolute path (starting with a separator), possibly empty. */
export const path: fc.Arbitrary<string> = joined(pathSegment, pathSep, { maxLength: 6 });

/** A relative path (not starting with a separator). */
export const relativePath: fc.Arbitrary<string> = fc
  .tuple(pathSegment, path)
  .map(([first, rest]) => first + rest);

// --- Query and fragment ------------------------------------------------------------------------

const queryText: fc.Arbitrary<string> = fc.oneof(
  stringOf(ALL_ASCII, 16),
  joined(
    fc.tuple(stringOf('abc=+%&;', 4), stringOf('abc=+%&; ', 4)).map(([k, v]) => `${k}=${v}`),
    fc.constant('&'),
    { maxLength: 4 },
  ),
  percentEscape,
  anyString,
);

/** `?query` or nothing. */
export const query: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant(''), weight: 2 },
  { arbitrary: queryText.map((q) => '?' + q), weight: 2 },
);

/** `#fragment` or nothing. */
export const fragment: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant(''), weight: 2 },
  { arbitrary: queryText.map((f) => '#' + f), weight: 2 },
);

// --- Noise -------------------------------------------------------------------------------------

/**
 * Inserts tricky code points (tabs, newlines, C0 controls, spaces, surrogates, bidi and joiners)
 * at random positions, and C0 controls and spaces at the ends.
 */
export function withNoise(arb: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const insertion = fc.tuple(fc.nat(), fc.oneof(trickyChar, stringOf(C0_AND_SPACE, 2, 1)));
  return fc
    .tuple(arb, fc.array(insertion, { maxLength: 3 }), stringOf(C0_AND_SPACE, 2), stringOf(C0_AND_SPACE, 2))
    .map(([s, inserts, lead, trail]) => {
      let out = s;
      for (const [at, text] of inserts) {
        const i = out.length === 0 ? 0 : at % (out.length + 1);
        out = out.slice(0, i) + text + out.slice(i);
      }
      return lead + out + trail;
    });
}

// --- Whole URLs --------------------------------------------------------------------------------

const authoritySlashes: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant('//'), weight: 10 },
  { arbitrary: pick('', '/', '///', '\\\\', '/\\', '\\/', '////'), weight: 2 },
);

/** `scheme://credentials@host:port/path?query#fragment`, each piece drawn as above. */
export const hierarchicalURL: fc.Arbitrary<string> = fc
  .tuple(scheme, authoritySlashes, credentials, host, port, path, query, fragment)
  .map(([s, sl, c, h, p, pa, q, f]) => `${s}:${sl}${c}${h}${p}${pa}${q}${f}`);

/** `file:` URLs with drive letters, UNC-like hosts and `localhost`. */
export const fileURL: fc.Arbitrary<string> = fc
  .tuple(
    randomCase(fc.constant('file')),
    pick(':', ':/', '://', ':///', ':\\\\', '://localhost/', '://LOCALHOST', '://host', '://C:', ':C:', ':/C|', '://[::1]', '://1.2.3.4', ':////'),
    pick('', 'C:', 'c|', '/C:', '/c|/', 'C:/', 'C|\\', 'C:..', ''),
    path,
    query,
    fragment,
  )
  .map((xs) => xs.join(''));

/** Non-special URLs with opaque paths (`mailto:`, `data:`, `javascript:`) and odd shapes. */
export const opaquePathURL: fc.Arbitrary<string> = fc
  .tuple(
    nonSpecialScheme,
    fc.oneof(stringOf(PRINTABLE_ASCII, 16), anyString, pick('', ' ', 'a ', ' a', '/.//p', '/..//p', '/.//', 'text/plain,x')),
    query,
    fragment,
  )
  .map(([s, p, q, f]) => `${s}:${p}${q}${f}`);

/** Long inputs: a piece repeated a few hundred times inside an otherwise normal URL. */
export const longURL: fc.Arbitrary<string> = fc
  .tuple(
    specialScheme,
    fc.oneof(pathSegment, host, percentEscape, pick('/..', '/.', '%2e%2e/', 'a.', '@', ':', '[', '%')),
    fc.integer({ min: 50, max: 600 }),
    fc.nat({ max: 3 }),
  )
  .map(([s, piece, n, where]) => {
    const long = piece.repeat(n);
    switch (where) {
      case 0:
        return `${s}://${long}/`;
      case 1:
        return `${s}://h/${long}`;
      case 2:
        return `${s}://h/?${long}#${long}`;
      default:
        return `${s}://${long}@h/`;
    }
  });

/** Any absolute URL string (many of which fail to parse, as intended). */
export const urlString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hierarchicalURL, weight: 10 },
  { arbitrary: withNoise(hierarchicalURL), weight: 4 },
  { arbitrary: fileURL, weight: 3 },
  { arbitrary: withNoise(fileURL), weight: 1 },
  { arbitrary: opaquePathURL, weight: 3 },
  { arbitrary: longURL, weight: 1 },
  { arbitrary: anyString, weight: 1 },
);

/** Absolute URLs that always parse (used as bases and as starting points for setters). */
export const baseURLString: fc.Arbitrary<string> = fc.oneof(
  pick(
    'http://example.com/a/b/c?q#f',
    'https://user:pass@example.com:8080/dir/file.html?x=1',
    'http://[::1]/',
    'http://192.168.0.1/a/',
    'file:///C:/dir/file',
    'file://host/share/x',
    'file:///',
    'ws://h/',
    'ftp://f.example/pub/',
    'foo://opaque.host/p/q',
    'foo:/p/q',
    'foo:opaque path',
    'mailto:a@b',
    'sc://ñ/x',
    'non-spec:/.//p',
    'data:text/plain,hi',
    'about:blank',
    'blob:https://a.example/uuid',
    'javascript:alert(1)',
  ),
  hierarchicalURL,
  fileURL,
  opaquePathURL,
);

/** Relative references to resolve against a base. */
export const relativeReference: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.tuple(credentials, host, port, path, query, fragment).map((xs) => '//' + xs.join('')), weight: 3 },
  { arbitrary: fc.tuple(path, query, fragment).map((xs) => xs.join('')), weight: 4 },
  { arbitrary: fc.tuple(relativePath, query, fragment).map((xs) => xs.join('')), weight: 4 },
  { arbitrary: fc.tuple(query, fragment).map((xs) => xs.join('')), weight: 2 },
  {
    arbitrary: pick('', '.', '..', './', '../', '../../../..', '/', '//', '///', '\\', '\\\\x', '?', '#', '#x', '?#', 'C:', 'C|', '/C:', 'C:/x', '//C:/', 'http:', 'http:x', 'http:/x', 'HTTP://x', 'file:', 'file:x', 'foo:', 'a:b', ':', ':x', '%2e%2e', '.%2E/x', 'x/../../y', '//[::1]:1/', 'httpsX//a/b', 'ftpX//a', 'fileX//h/p', 'wss//h', './x?q#f', '../x?q'),
    weight: 2,
  },
  { arbitrary: urlString, weight: 1 },
);

// --- Setters -----------------------------------------------------------------------------------

export const SETTER_NAMES = [
  'href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash',
] as const;
export type SetterName = (typeof SETTER_NAMES)[number];

/** A value suited to the setter, or any string. */
function setterValue(name: SetterName): fc.Arbitrary<string> {
  const generic = fc.oneof(anyString, stringOf(PRINTABLE_ASCII, 8), percentEscape);
  switch (name) {
    case 'href':
      return fc.oneof(urlString, generic);
    case 'protocol':
      return fc.oneof(scheme, scheme.map((s) => s + ':'), scheme.map((s) => s + ':x'), generic);
    case 'username':
    case 'password':
      return fc.oneof(userinfoText, generic);
    case 'host':
      return fc.oneof(fc.tuple(host, port).map(([h, p]) => h + p), host, withNoise(host), generic, pick('h:1/x', 'h:1?x', 'h#x', 'h\\x', '[::1]:2'));
    case 'hostname':
      return fc.oneof(host, withNoise(host), generic, pick('h:1', 'h/x', '[::1]:2'));
    case 'port':
      return fc.oneof(port.map((p) => p.slice(1)), generic, pick('8080abc', '65536', '', '0', '\t1', '1/2', '1?', '1#'));
    case 'pathname':
      return fc.oneof(path, relativePath, withNoise(path), generic);
    case 'search':
    case 'hash':
      return fc.oneof(queryText, queryText.map((q) => '?' + q), queryText.map((q) => '#' + q), generic);
  }
}

/** A setter applied to a URL object. */
export type SetterStep =
  | { kind: 'set'; name: SetterName; value: string }
  | { kind: 'params'; op: 'append' | 'set' | 'delete'; name: string; value: string }
  | { kind: 'params'; op: 'sort'; name: string; value: string };

export const setterStep: fc.Arbitrary<SetterStep> = fc.oneof(
  {
    arbitrary: fc
      .constantFrom(...SETTER_NAMES)
      .chain((name) => setterValue(name).map((value): SetterStep => ({ kind: 'set', name, value }))),
    weight: 10,
  },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('append', 'set', 'delete', 'sort' as const), queryText, queryText)
      .map(([op, name, value]): SetterStep => ({ kind: 'params', op, name, value })),
    weight: 2,
  },
);

/** A sequence of setter calls. */
export const setterSequence: fc.Arbitrary<SetterStep[]> = fc.array(setterStep, { minLength: 1, maxLength: 6 });

// --- URLSearchParams ---------------------------------------------------------------------------

/** Query strings for URLSearchParams: `&`/`=`/`+`/escapes and arbitrary text. */
export const urlencodedString: fc.Arbitrary<string> = fc.oneof(
  queryText,
  joined(fc.tuple(queryText, queryText).map(([k, v]) => `${k}=${v}`), pick('&', '&&', ';'), { maxLength: 5 }),
  fc.tuple(pick('', '?', '??'), queryText).map(([a, b]) => a + b),
);

/** Name/value pairs, with names like `__proto__` and `constructor`. */
export const pairs: fc.Arbitrary<[string, string][]> = fc.array(
  fc.tuple(fc.oneof(anyString, pick('__proto__', 'constructor', 'toString', 'prototype', 'hasOwnProperty', '')), anyString),
  { maxLength: 6 },
);
