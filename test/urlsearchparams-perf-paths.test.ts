// The shortcuts of URLSearchParams must give what the algorithms give. URLSearchParams keeps the
// string it was given unparsed until its list is needed, and serializes such a string straight from
// its text (reserializeUrlencoded). These tests compare both with the parser and serializer written
// out step by step, on generated inputs, and check every operation after a lazy construction
// against a plain list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { corpusLines, corpusSkip } from './helpers/corpus.ts';
import fc from './helpers/fast-check.ts';
import { reserializeUrlencoded } from '../src/urlencoded.ts';
import { FORM_URLENCODED_SET, percentDecodeBytes, utf8PercentEncodeString } from '../src/percent-encoding.ts';
import { utf8DecodeWithoutBOM } from '../src/infra.ts';
import { URL } from '../src/url.ts';
import { URLSearchParams } from '../src/url-search-params.ts';
import { anyString, percentEscape, trickyChar } from './helpers/arbitraries.ts';

type Pair = [string, string];

/** Lone surrogates become U+FFFD, as converting to a USVString does. */
const toUSV = (s: string): string => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/**
 * The application/x-www-form-urlencoded parser on the UTF-8 encoding of `input`, step by step.
 * https://url.spec.whatwg.org/#concept-urlencoded-parser
 */
function referenceParse(input: string): Pair[] {
  const bytes = new TextEncoder().encode(input);
  const sequences: number[][] = [[]];
  for (const byte of bytes) {
    if (byte === 0x26) sequences.push([]);
    else sequences[sequences.length - 1]!.push(byte);
  }
  const output: Pair[] = [];
  for (const sequence of sequences) {
    if (sequence.length === 0) continue;
    const equals = sequence.indexOf(0x3d);
    const name = (equals === -1 ? sequence : sequence.slice(0, equals)).map((b) => (b === 0x2b ? 0x20 : b));
    const value = (equals === -1 ? [] : sequence.slice(equals + 1)).map((b) => (b === 0x2b ? 0x20 : b));
    output.push([
      utf8DecodeWithoutBOM(percentDecodeBytes(Uint8Array.from(name))),
      utf8DecodeWithoutBOM(percentDecodeBytes(Uint8Array.from(value))),
    ]);
  }
  return output;
}

/** https://url.spec.whatwg.org/#concept-urlencoded-serializer */
function referenceSerialize(list: readonly Pair[]): string {
  return list
    .map(
      ([name, value]) =>
        utf8PercentEncodeString(name, FORM_URLENCODED_SET) +
        '=' +
        utf8PercentEncodeString(value, FORM_URLENCODED_SET),
    )
    .join('&');
}

/** Pieces that matter to the shortcuts: separators, escapes of every kind, text that is and is not its own serialization. */
const queryPiece: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('a', 'Z', '9', '*', '-', '.', '_', '+', ' ', '=', '&', '&&', '%', '~', '/', '?', '#', "'", '!', '==', '=&', '&='),
  fc.constantFrom('%20', '%2B', '%2b', '%3D', '%3d', '%26', '%41', '%7E', '%7e', '%2A', '%25', '%zz', '%2', '%%', '%+2'),
  fc.constantFrom('%C3%A9', '%c3%a9', '%C3%a9', '%E2%9C%93', '%F0%9F%98%80', '%C3', '%A9', '%C3%A9%A9', '%E2%9C', '%ED%A0%80'),
  fc.constantFrom('%E0%80%80', '%F4%90%80%80', '%C0%80', '%FF', '%EF%BF%BD', '%F0%9F%98', '%E2%2B', '%C3+'),
  fc.constantFrom('é', '日本', '😀', '\ud800', '\udc00', '\ud83d', '\ude00', '\u0000', '\u007f', '\u0080', '\uffff'),
  percentEscape,
  trickyChar,
);

const query: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.array(queryPiece, { maxLength: 24 }).map((xs) => xs.join('')) },
  { weight: 1, arbitrary: anyString },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fc.stringMatching(/^[a-z0-9_.*-]{0,6}$/), fc.stringMatching(/^[A-Za-z0-9_.*+-]{0,8}$/)), { maxLength: 6 })
      .map((pairs) => pairs.map(([n, v]) => n + '=' + v).join('&')),
  },
);

function corpusQueryStrings(): string[] {
  const out: string[] = [];
  for (const line of corpusLines()) {
    const q = line.indexOf('?');
    if (q < 0) continue;
    const hash = line.indexOf('#', q);
    out.push(hash < 0 ? line.slice(q + 1) : line.slice(q + 1, hash));
  }
  return out;
}

test('reserializeUrlencoded: fixed cases', () => {
  const cases: Array<[string, string]> = [
    ['', ''],
    ['&', ''],
    ['&&&', ''],
    ['a', 'a='],
    ['a&', 'a='],
    ['&a', 'a='],
    ['a&&b', 'a=&b='],
    ['a=b&&c=d&', 'a=b&c=d'],
    ['=', '='],
    ['=&=', '=&='],
    ['a=b=c', 'a=b%3Dc'],
    ['a+b=c+d', 'a+b=c+d'],
    ['a b=c%20d', 'a+b=c+d'],
    ['%41=%7e', 'A=%7E'],
    ['%2b=%2B', '%2B=%2B'],
    ['%zz=%', '%25zz=%25'],
    ['%C3%A9=%c3%a9', '%C3%A9=%C3%A9'],
    ['%C3=%C3%A9%A9', '%EF%BF%BD=%C3%A9%EF%BF%BD'],
    ['%ED%A0%80', '%EF%BF%BD%EF%BF%BD%EF%BF%BD='],
    ['%E2%9C+', '%EF%BF%BD+='],
    ['é=😀', '%C3%A9=%F0%9F%98%80'],
    ['\ud800=\udc00', '%EF%BF%BD=%EF%BF%BD'],
    ["~!'()*-._", '%7E%21%27%28%29*-._='],
  ];
  for (const [input, expected] of cases) {
    assert.equal(referenceSerialize(referenceParse(input)), expected, `reference on ${JSON.stringify(input)}`);
    assert.equal(reserializeUrlencoded(input), expected, JSON.stringify(input));
    assert.equal(reserializeUrlencoded('?' + input, 1), expected, `from 1: ${JSON.stringify(input)}`);
  }
});

// A run of escapes that forms one UTF-8 sequence is copied when all its hex digits are uppercase
// and uppercased otherwise: every mix of cases, each alone and after every other (what one call
// found about the case of its escapes must not reach the next).
test('reserializeUrlencoded: every mix of cases in the escapes of a UTF-8 sequence', () => {
  const variants = (escapes: string): string[] => {
    let out = [''];
    for (const c of escapes) out = out.flatMap((prefix) => (/[A-F]/.test(c) ? [prefix + c, prefix + c.toLowerCase()] : [prefix + c]));
    return out;
  };
  const inputs = ['%C3%A9', '%E2%82%AC', '%F0%9F%98%80', '%EF%BF%BD'].flatMap(variants).flatMap((escapes) => [escapes, 'a=' + escapes + 'b', escapes + '%C3']);
  const alone = inputs.map((input) => referenceSerialize(referenceParse(input)));
  for (let n = 0; n < inputs.length; n++) assert.equal(reserializeUrlencoded(inputs[n]!), alone[n], JSON.stringify(inputs[n]));
  for (const first of inputs) {
    for (let n = 0; n < inputs.length; n++) {
      reserializeUrlencoded(first);
      assert.equal(reserializeUrlencoded(inputs[n]!), alone[n], `${JSON.stringify(inputs[n])} after ${JSON.stringify(first)}`);
    }
  }
});

test('reserializeUrlencoded equals serialize(parse(input)) on generated inputs', () => {
  fc.assert(
    fc.property(query, (input) => {
      const expected = referenceSerialize(referenceParse(input));
      assert.equal(reserializeUrlencoded(input), expected);
      assert.equal(reserializeUrlencoded('x&' + input, 2), expected);
    }),
    { numRuns: 5000 },
  );
});

const corpusQueries = corpusQueryStrings();
test(
  'reserializeUrlencoded equals serialize(parse(input)) on the corpus queries',
  { skip: corpusSkip() },
  () => {
    // The corpus has hundreds of URLs with a query; far fewer means the lines were not read.
    assert.ok(corpusQueries.length > 100, `${corpusQueries.length} corpus queries`);
    for (const input of corpusQueries) {
      assert.equal(reserializeUrlencoded(input), referenceSerialize(referenceParse(input)), JSON.stringify(input));
    }
  },
);

/** The list of `new URLSearchParams(init)` for a string: a leading "?" is removed. */
const parseInit = (init: string): Pair[] => referenceParse(toUSV(init.startsWith('?') ? init.slice(1) : init));

/** Operations on a URLSearchParams object and on a plain list, which must stay the same. */
type Op =
  | { kind: 'append' | 'set'; name: string; value: string }
  | { kind: 'delete' | 'has'; name: string; value: string | undefined }
  | { kind: 'get' | 'getAll'; name: string }
  | { kind: 'sort' | 'size' | 'toString' | 'entries' | 'forEach' };

const nameOrValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('a', 'b', 'a b', 'a+b', '', '=', '&', '%', '%41', 'é', '\ud800', '😀', 'utm_source'),
  fc.array(queryPiece, { maxLength: 3 }).map((xs) => xs.join('')),
);

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('append' as const, 'set' as const), name: nameOrValue, value: nameOrValue }),
  fc.record({
    kind: fc.constantFrom('delete' as const, 'has' as const),
    name: nameOrValue,
    value: fc.option(nameOrValue, { nil: undefined }),
  }),
  fc.record({ kind: fc.constantFrom('get' as const, 'getAll' as const), name: nameOrValue }),
  fc.record({ kind: fc.constantFrom('sort' as const, 'size' as const, 'toString' as const, 'entries' as const, 'forEach' as const) }),
);

/** Runs `o` on both and checks that they agree. */
function runOp(params: URLSearchParams, list: Pair[], o: Op): void {
  switch (o.kind) {
    case 'append':
      params.append(o.name, o.value);
      list.push([toUSV(o.name), toUSV(o.value)]);
      break;
    case 'set': {
      params.set(o.name, o.value);
      const n = toUSV(o.name);
      const i = list.findIndex((p) => p[0] === n);
      if (i < 0) list.push([n, toUSV(o.value)]);
      else {
        list[i] = [n, toUSV(o.value)];
        for (let j = list.length - 1; j > i; j--) if (list[j]![0] === n) list.splice(j, 1);
      }
      break;
    }
    case 'delete': {
      params.delete(o.name, o.value);
      const n = toUSV(o.name);
      const v = o.value === undefined ? undefined : toUSV(o.value);
      for (let j = list.length - 1; j >= 0; j--) {
        if (list[j]![0] === n && (v === undefined || list[j]![1] === v)) list.splice(j, 1);
      }
      break;
    }
    case 'has': {
      const n = toUSV(o.name);
      const v = o.value === undefined ? undefined : toUSV(o.value);
      assert.equal(params.has(o.name, o.value), list.some((p) => p[0] === n && (v === undefined || p[1] === v)));
      break;
    }
    case 'get': {
      const n = toUSV(o.name);
      const found = list.find((p) => p[0] === n);
      assert.equal(params.get(o.name), found === undefined ? null : found[1]);
      break;
    }
    case 'getAll': {
      const n = toUSV(o.name);
      assert.deepEqual(params.getAll(o.name), list.filter((p) => p[0] === n).map((p) => p[1]));
      break;
    }
    case 'sort': {
      params.sort();
      // A stable sort by code units of the names.
      const sorted = list
        .map((p, i) => [p, i] as const)
        .sort((x, y) => (x[0][0] < y[0][0] ? -1 : x[0][0] > y[0][0] ? 1 : x[1] - y[1]))
        .map(([p]) => p);
      list.splice(0, list.length, ...sorted);
      break;
    }
    case 'size':
      assert.equal(params.size, list.length);
      break;
    case 'toString':
      assert.equal(params.toString(), referenceSerialize(list));
      break;
    case 'entries':
      assert.deepEqual([...params], list);
      break;
    case 'forEach': {
      const seen: Pair[] = [];
      params.forEach((value, name) => seen.push([name, value]));
      assert.deepEqual(seen, list);
      break;
    }
  }
}

test('URLSearchParams from a string: operations after construction agree with a plain list', () => {
  fc.assert(
    fc.property(fc.constantFrom('', '?'), query, fc.array(op, { maxLength: 8 }), (prefix, input, ops) => {
      const params = new URLSearchParams(prefix + input);
      const list = parseInit(prefix + input);
      for (const o of ops) runOp(params, list, o);
      assert.equal(params.toString(), referenceSerialize(list));
      assert.deepEqual([...params], list);
      // Serializing twice, and after appending to a serialized list, gives the same.
      assert.equal(params.toString(), referenceSerialize(list));
      params.append('k', 'v w');
      list.push(['k', 'v w']);
      assert.equal(params.toString(), referenceSerialize(list));
      assert.deepEqual([...params], list);
    }),
    { numRuns: 3000 },
  );
});

test('URLSearchParams from a string: the first operation sees the parsed list', () => {
  fc.assert(
    fc.property(query, op, (input, o) => {
      const params = new URLSearchParams(input);
      const list = parseInit(input);
      runOp(params, list, o);
      assert.equal(params.toString(), referenceSerialize(list));
    }),
    { numRuns: 3000 },
  );
});

test('URLSearchParams from a URL: update steps and search setter keep query and list in step', () => {
  fc.assert(
    fc.property(query, fc.array(fc.tuple(op, fc.option(query, { nil: undefined })), { maxLength: 6 }), (input, steps) => {
      const url = new URL('https://example.org/p?' + input + '#f');
      const hash = url.hash;
      const params = url.searchParams;
      let list = referenceParse(url.search.slice(1));
      for (const [o, search] of steps) {
        const before = url.search;
        runOp(params, list, o);
        if (o.kind === 'append' || o.kind === 'set' || o.kind === 'delete' || o.kind === 'sort') {
          const serialized = referenceSerialize(list);
          assert.equal(url.search, serialized === '' ? '' : '?' + serialized);
          assert.equal(url.href, 'https://example.org/p' + url.search + hash);
        } else {
          assert.equal(url.search, before);
        }
        if (search !== undefined) {
          url.search = search;
          // The list is the parse of the URL's new query (search setter, last step).
          list = referenceParse(url.search.slice(1));
          assert.deepEqual([...params], list);
        }
      }
      assert.equal(params.toString(), referenceSerialize(list));
    }),
    { numRuns: 2000 },
  );
});

test('URLSearchParams: appending to a list read from a URL serializes the whole list', () => {
  const url = new URL('https://example.org/?a=b%20c&&d=%zz&e+f=%C3%A9');
  url.searchParams.append('g', 'h i');
  assert.equal(url.search, '?a=b+c&d=%25zz&e+f=%C3%A9&g=h+i');
  url.searchParams.append('j', '');
  assert.equal(url.search, '?a=b+c&d=%25zz&e+f=%C3%A9&g=h+i&j=');
  assert.deepEqual(
    [...url.searchParams],
    [
      ['a', 'b c'],
      ['d', '%zz'],
      ['e f', 'é'],
      ['g', 'h i'],
      ['j', ''],
    ],
  );
  url.href = 'https://example.org/?x=1&&';
  assert.deepEqual([...url.searchParams], [['x', '1']]);
  url.searchParams.append('y', '2');
  assert.equal(url.href, 'https://example.org/?x=1&y=2');
  url.search = '';
  assert.equal(url.searchParams.size, 0);
  url.searchParams.append('z', '3');
  assert.equal(url.href, 'https://example.org/?z=3');
});

test('URLSearchParams: copying an unparsed object, and iterating while appending', () => {
  const source = new URLSearchParams('?a=1&b=%41&&c');
  const copy = new URLSearchParams(source);
  assert.deepEqual([...copy], [['a', '1'], ['b', 'A'], ['c', '']]);
  source.append('d', '4');
  assert.equal(copy.toString(), 'a=1&b=A&c=');
  assert.equal(source.toString(), 'a=1&b=A&c=&d=4');

  const params = new URLSearchParams('x=1&y=2');
  const seen: string[] = [];
  for (const [name] of params) {
    seen.push(name);
    if (seen.length < 4) params.append(name + name, '');
  }
  assert.deepEqual(seen, ['x', 'y', 'xx', 'yy', 'xxxx']);
});
