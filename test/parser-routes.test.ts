/**
 * The parser's routes: which one an input takes and why the faster ones give up (explainRoute),
 * how the corpus spreads over them, and the differential of every route against the plain state
 * machine on inputs made here, so that it runs without the shared data.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { explainRoute, parseCommonShape, parseToSerialization, parseWithStateMachine, ReturnMode, runBasicURLParser } from '../src/url-parser.ts';
import { componentValuesOfSerialization, recordOfSerializedURL, SerializedURL, serializationOf, URLComponent } from '../src/serialized-url.ts';
import { URL } from '../src/url.ts';
import { serializeOriginOfRecord } from '../src/origin.ts';
import type { URLRecord } from '../src/url-record.ts';
import { serializeURL } from '../src/url-serializer.ts';
import { corpusLines, corpusSkip } from './helpers/corpus.ts';
import { assertSameURLAsReference } from './helpers/reference-url.ts';

function base(input: string): URLRecord {
  const record = runBasicURLParser(input, null, null, 0, null, null);
  assert.ok(record !== null, input);
  return record;
}

test('explainRoute names the reason the route for common shapes gives up', () => {
  const special = base('https://example.org/a/b/c?x#y');
  const cases: Array<[string, URLRecord | null, string, string | null]> = [
    ['https://example.org/a?b#c', null, 'common shape', null],
    ['mailto:someone@example.org', null, 'common shape', null],
    ['file:///C|/x', null, 'common shape', null],
    ['/a/b?c', special, 'common shape', null],
    ['b/c', special, 'common shape', null],
    ['//cdn.example/x.js', special, 'common shape', null],
    ['', special, 'common shape', null],
    ['../', special, 'common shape', null],
    ['/\\cdn.example/x.js', special, 'state machine', 'scheme-relative reference'],
    ['//cdn.example/x.js', base('file:///C:/a'), 'state machine after restart', 'another kind of reference or base'],
    ['', null, 'state machine', 'empty input'],
    ['  ', null, 'state machine', 'empty input'],
    ['//h/x', null, 'state machine', 'no scheme'],
    ['x', base('sc:opaque'), 'state machine', 'no scheme'],
    ['?x', base('sc:opaque'), 'state machine', 'another kind of reference or base'],
    ['/x', base('sc://h/a'), 'state machine', 'another kind of reference or base'],
    ['https:example.org', null, 'state machine', 'special scheme without "//"'],
    ['https://example.org\\a', null, 'state machine', 'backslash'],
    ['https://example.org/a\\b', null, 'state machine', 'backslash'],
    ['https:///example.org/', null, 'state machine', 'third slash'],
    ['https://exa\tmple.org/', null, 'state machine after restart', 'tab or newline'],
    ['https://example.org/a?b\nc', null, 'state machine after restart', 'tab or newline'],
    ['https://[::1]/', null, 'state machine', 'IPv6 host'],
    ['https://example.org/a/../b', null, 'state machine', 'dot segment'],
    ['https://example.org/%2E/b', null, 'state machine', 'dot segment'],
    ['https://example.org/' + 'a/'.repeat(3000) + '../b', null, 'state machine', 'dot segment'],
    ['https://' + 'a'.repeat(5000) + '/', null, 'state machine', 'long input'],
    ['file://u@h/x', null, 'state machine after restart', 'file URL of another shape'],
    ['file:x', null, 'state machine after restart', 'file URL of another shape'],
    ['sc://h', null, 'common shape', null],
    ['redis://localhost:6379?db=0', null, 'common shape', null],
    ['sc://h:/x', null, 'state machine', 'non-special URL of another shape'],
    ['sc:a b', null, 'state machine', 'non-special URL of another shape'],
    ['https://exa\tmple.org/' + 'x'.repeat(5000), null, 'state machine on cleaned input', 'tab or newline'],
  ];
  for (const [input, against, route, reason] of cases) {
    const explanation = explainRoute(input, against);
    const what = JSON.stringify(input.length > 60 ? input.slice(0, 60) + '…' : input);
    assert.equal(explanation.route, route, `route of ${what}`);
    assert.equal(explanation.routeGaveUp, reason, `reason for ${what}`);
    const parsed = parseWithStateMachine(input, against);
    assert.equal(explanation.parsed, parsed !== null, `result of ${what}`);
  }
  // A reference in another form that the route takes is rewritten first; a scheme-relative one is
  // read as it is, with the base's scheme, and is not its URL's serialization.
  assert.equal(explainRoute('../c?q', special).rewritten, true);
  assert.equal(explainRoute('https://example.org/', special).rewritten, false);
  assert.equal(explainRoute('//cdn.example/x.js', special).rewritten, false);
  assert.equal(explainRoute('//cdn.example/x.js', special).heldAsSerialization, false);
  // An input that is its serialization is held without a record; one that is not, is not.
  assert.equal(explainRoute('https://example.org/a', null).heldAsSerialization, true);
  assert.equal(explainRoute('HTTPS://example.org/a', null).heldAsSerialization, false);
});

/**
 * Inputs of every shape the routes tell apart: special and other schemes, with hosts, ports,
 * credentials, dot segments (plain and percent-encoded), backslashes, tabs, Windows drive letters,
 * non-ASCII code points and references against several kinds of base.
 */
function routeInputs(): Array<[string, string | null]> {
  const schemes = ['http', 'HTTPS', 'ws', 'wss', 'ftp', 'file', 'FILE', 'mailto', 'javascript', 'data', 'git', 'sc', 'blob'];
  const authorities = [
    'example.com', 'EXAMPLE.com', 'u:p@h.example', 'u@h.example:81', ':p@h.example', 'u%3A:p:q@h.example', 'a@b@h', '@h', 'h:8080', 'h:80', 'h:0080', 'h:', 'h:65536', '127.0.0.1', '0x7f.1',
    '1.2.3', '[::1]', '[0:0::1]:81', 'xn--nxasmq6b.example', 'bücher.example', 'exa mple', 'a%41b', 'a%zzb', 'h_o~st',
    'localhost', 'C:', 'C|', '',
  ];
  const paths = ['', '/', '/a/b', '/a/./b', '/a/../b', '/%2e/b', '/%2E%2e/b', '/a b', '/a\\b', '/é', '/a/..', '/C|/x', '//x', '/a\tb'];
  // Paths past the route's loop (256 code units), which native scans read: "." and "%" after "/"
  // in segments that are not dot segments, and a dot segment after a long run of "/".
  paths.push('/' + 'a/.b/%41/'.repeat(40) + 'c', '/' + '/'.repeat(300) + '%2e/x', '/' + 'a/'.repeat(150) + 'é/.%41/' + './', '/' + 'x'.repeat(300) + '/.');
  const tails = ['', '?q=1', '?a b', '#f', '#aé', '?q#f', '?', "?'"];
  const inputs: Array<[string, string | null]> = [];
  for (const scheme of schemes) {
    for (const authority of authorities) {
      paths.forEach((path, i) => inputs.push([`${scheme}://${authority}${path}${tails[i % tails.length]}`, null]));
    }
    for (const rest of ['x', 'a@b.example', 'void(0)', ',hello', 'a b', 'a\tb', '/path', '//h/p', ':', ' x ', '%zz', 'é?é#é']) {
      inputs.push([`${scheme}:${rest}`, null]);
    }
  }
  // An authority that the query, the fragment or the end follows (a non-special URL's path is then empty).
  for (const input of ['sc://h?q', 'sc://u@h:1#f', 'sc://h?', 'sc://h#', 'sc://h:0080', 'sc://h:65536?q', 'sc://h?a b#é', 'sc://h:8\\x']) {
    inputs.push([input, null]);
  }
  for (const input of ['', ' ', '\u0000http://h/', 'http://h/ \u0001', 'http://h\n/x', 'http:\\\\h\\x', 'http:/h', 'http:h', 'http:///h']) {
    inputs.push([input, null]);
  }
  const references = [
    '/a/b', '/./a', '/%2e%2e/x', '//other.example/x', '?q', '#f', '', 'a/b', '../c', './d', '.', '..', '\\\\h\\x', 'C:/x',
    'C|/x', 'http:x', 'a:b', '/a\\b', ' /x', '\t/x', '/ü', '?ü', '#ü', '#', '#a\tb', '#f?g#h', '#%2e ',
    // A path-relative reference whose first segment starts with "." or "%" (a dot segment or
    // not), short and past the route's loop.
    '.hidden/x', '%2e/x', '%2E%2e/y', '.%2e', './%2e/z', '../../a', '%41/b',
    '%2e/' + 'x'.repeat(300), '.a/' + 'x/'.repeat(200), '..' + '/x'.repeat(200), './..' + '/x'.repeat(200),
    '.%2e/' + 'x/'.repeat(200), './%2E/' + 'x/'.repeat(200), '../%2e%2e' + '/x'.repeat(200),
  ];
  const bases = [
    'https://example.org/a/b/c?x#y', 'https://u:p@example.org:8080/a/b/c?q=1#f', 'wss://u@h/a', 'ftp://:p@h:21/a/', 'file:///C:/a/b', 'file://h/a', 'sc://h/a/b',
    'sc:opaque', 'http://[::1]:81/a', 'http://example.org',
  ];
  for (const reference of references) for (const against of bases) inputs.push([reference, against]);
  return inputs;
}

/**
 * Every route's result is the state machine's: the record, and a serialization the parser knows
 * without serializing only when it is the serializer's.
 */
function checkAgainstStateMachine(input: string, against: URLRecord | null): void {
  const what = `${JSON.stringify(input)}${against === null ? '' : ` against ${serializeURL(against)}`}`;
  const expected = parseWithStateMachine(input, against);
  const viaRoutes = runBasicURLParser(input, against, null, 0, null, null);
  assert.deepEqual(viaRoutes === null ? null : { ...viaRoutes }, expected === null ? null : { ...expected }, what);
  const parsed = parseToSerialization(input, against);
  if (expected === null) {
    assert.equal(parsed, null, what);
    return;
  }
  assert.ok(parsed !== null, what);
  if (parsed instanceof SerializedURL) {
    assert.equal(serializationOf(parsed), serializeURL(expected), `the serialization of ${what}`);
    const record = recordOfSerializedURL(parsed);
    assert.deepEqual({ ...record }, { ...expected }, `the record of ${what}`);
  } else {
    assert.deepEqual({ ...parsed }, { ...expected }, what);
  }
}

test('every route gives the state machine\'s result: inputs of every shape, with and without bases', () => {
  const bases = new Map<string, URLRecord>();
  let routes = new Set<string>();
  for (const [input, baseInput] of routeInputs()) {
    let against: URLRecord | null = null;
    if (baseInput !== null) {
      against = bases.get(baseInput) ?? base(baseInput);
      bases.set(baseInput, against);
    }
    checkAgainstStateMachine(input, against);
    const explanation = explainRoute(input, against);
    routes.add(`${explanation.route}: ${explanation.routeGaveUp}`);
  }
  // The inputs reach the common shapes and the state machine for many reasons.
  routes = new Set([...routes].map((route) => route.split(':')[0]!));
  for (const route of ['common shape', 'state machine', 'state machine after restart']) assert.ok(routes.has(route), route);
});

/**
 * relativeURL parses its `to` without a base first: what the route parses without a base, it
 * parses as the state machine does against any base (it takes only inputs with a scheme followed
 * by what the parser reads without looking at the base).
 */
test('what the route parses without a base, the state machine parses the same against every base', () => {
  const bases = ['https://example.org/a/b/c?x#y', 'http://u:p@example.org:8080/a', 'file:///C:/a/b', 'file://h/a', 'sc://h/a/b', 'sc:opaque', 'ws://h/'].map(base);
  let taken = 0;
  for (const [input] of routeInputs()) {
    const parsed = parseCommonShape(input, null, ReturnMode.Serialization);
    if (parsed === null || typeof parsed === 'number') continue;
    taken++;
    const serialization = parsed instanceof SerializedURL ? serializationOf(parsed) : serializeURL(parsed);
    for (const against of bases) {
      const expected = parseWithStateMachine(input, against);
      assert.equal(expected === null ? null : serializeURL(expected), serialization, `${JSON.stringify(input)} against ${serializeURL(against)}`);
    }
  }
  assert.ok(taken > 1000, `the route took ${taken} inputs`);
});

test('the corpus spreads over the routes as the route for common shapes is designed to', { skip: corpusSkip() }, () => {
  const lines = corpusLines();
  const byRoute = new Map<string, number>();
  let held = 0;
  for (const line of lines) {
    const explanation = explainRoute(line, null);
    const key = explanation.routeGaveUp === null ? explanation.route : `${explanation.route} (${explanation.routeGaveUp})`;
    byRoute.set(key, (byRoute.get(key) ?? 0) + 1);
    if (explanation.heldAsSerialization) held++;
  }
  const common = byRoute.get('common shape') ?? 0;
  // Nearly every real URL is read in one pass, and most are held as their serialization; the few
  // left to the state machine have a dot segment, a tab or newline, or an unusual file or
  // non-special shape. (The corpus of 16,391 URLs: 16,275 take the route, 15,670 are held.)
  assert.ok(common >= lines.length * 0.99, `only ${common} of ${lines.length} take the route: ${JSON.stringify([...byRoute])}`);
  assert.ok(held >= lines.length * 0.95, `only ${held} of ${lines.length} are held as their serialization`);
  for (const [route, count] of byRoute) {
    if (route === 'common shape') continue;
    assert.match(route, /^state machine.* \((dot segment|tab or newline|file URL of another shape|non-special URL of another shape|special scheme without "\/\/"|third slash)\)$/, route);
    assert.ok(count <= 50, `${count} corpus lines take ${route}`);
  }
});

test('a URL held as its serialization reads its components as serialized-url.ts splits them', () => {
  let held = 0;
  let heldWithCredentials = 0;
  for (const [input, baseInput] of routeInputs()) {
    if (baseInput !== null) continue;
    const parsed = parseToSerialization(input, null);
    if (!(parsed instanceof SerializedURL) || parsed.record !== null) continue;
    held++;
    const url = new URL(input);
    const what = JSON.stringify(input);
    const components = componentValuesOfSerialization(parsed);
    assert.equal(url.protocol, components[URLComponent.Protocol] + ':', what);
    assert.equal(url.hostname, components[URLComponent.Hostname], what);
    assert.equal(url.port, components[URLComponent.Port], what);
    const port = components[URLComponent.Port];
    assert.equal(url.host, components[URLComponent.Hostname] + (port === '' ? '' : ':' + port), what);
    assert.equal(url.pathname, components[URLComponent.Pathname], what);
    const query = components[URLComponent.Search];
    assert.equal(url.search, query === '' ? '' : '?' + query, what);
    const fragment = components[URLComponent.Hash];
    assert.equal(url.hash, fragment === '' ? '' : '#' + fragment, what);
    // The credentials, read off the href, are the state machine's.
    const record = runBasicURLParser(input, null, null, 0, null, null)!;
    assert.equal(components[URLComponent.Username], record.username, what);
    assert.equal(components[URLComponent.Password], record.password, what);
    assert.equal(url.username, record.username, what);
    assert.equal(url.password, record.password, what);
    assert.equal(url.origin, serializeOriginOfRecord(record), what);
    assert.equal(url.protocol, record.scheme + ':', what);
    assert.equal(url.href, serializationOf(parsed), what);
    if (record.username !== '' || record.password !== '') heldWithCredentials++;
  }
  assert.ok(held > 20, `only ${held} inputs are held`);
  assert.ok(heldWithCredentials > 20, `only ${heldWithCredentials} inputs with credentials are held`);
});

/**
 * Inputs at the edges of what the scanners and the route decide on their own: where a special
 * scheme's letters are upper case, a scheme that differs from a special one in one place or lacks
 * its ":", a port of two digits with a leading zero, "<" or ">" before U+0338 (which NFC composes),
 * the positions of a held serialization of a reference that starts with "./" or "../", and an "@"
 * at the start of an authority past LONG_INPUT. The state machine shares the scanners with the
 * route, so a differential against it cannot see a scanner's mistake: these are compared with
 * whatwg-url on every getter, and the route with the state machine as above.
 */
function edgeInputs(): Array<[string, string | undefined]> {
  const inputs: Array<[string, string | undefined]> = [];
  const bases = [undefined, 'http://x/a/b'];
  for (const scheme of ['http', 'https', 'ws', 'wss', 'ftp', 'file']) {
    for (let i = 0; i < scheme.length; i++) {
      const upper = scheme.slice(0, i) + scheme[i]!.toUpperCase() + scheme.slice(i + 1);
      const other = scheme.slice(0, i) + 'x' + scheme.slice(i + 1);
      for (const base of bases) inputs.push([`${upper}://a/b`, base], [`${other}://a/b`, base]);
    }
    for (const base of bases) inputs.push([`${scheme}X//a/b`, base], [`${scheme}://a:01/`, base], [`${scheme}://a:00/`, base], [`${scheme}://a:080/`, base]);
  }
  for (const host of ['a<\u0338b.com', 'a>\u0338b.com', 'a<b.com', 'a\u0338<b.com', 'a%3C\u0338b.com']) {
    inputs.push([`http://${host}/`, undefined], [`sc://${host}/`, undefined]);
  }
  for (const reference of ['./x?q#f', '../x?q', '../x#f', './?q', '../?q#f', 'x?q#f', '.?q', '..#f', './x/./y?q#f']) {
    for (const base of ['http://h/a/b', 'http://h/a/b/c', 'https://u:p@h:8080/a/b/c?q=1#f']) inputs.push([reference, base]);
  }
  const long = 'a'.repeat(5000);
  for (const authority of [`@${long}.com`, `u@${long}.com`, `${long}@b.com`, `:@${long}.com`, `${long}:1@b.com`]) {
    inputs.push([`http://${authority}/`, undefined], [`ws://${authority}:81/x`, undefined]);
  }
  return inputs;
}

test('inputs at the edges of the scanners\' decisions agree with whatwg-url on every getter', () => {
  for (const [input, baseInput] of edgeInputs()) {
    assertSameURLAsReference(input, baseInput);
    checkAgainstStateMachine(input, baseInput === undefined ? null : base(baseInput));
  }
});
