/**
 * The URLPattern class's Web IDL surface and behaviour written from the standard: overloads,
 * argument conversion, TypeErrors, lengths, enumerability, brand checks, results as fresh objects,
 * ignoreCase, and base URLs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { URLPattern } from '../src/urlpattern.ts';
import { componentsOf } from '../src/urlpattern/url-pattern.ts';
import { MatchKind } from '../src/urlpattern/component.ts';

type Loose = new (...args: unknown[]) => URLPattern;
const P = URLPattern as unknown as Loose;

test('lengths: URLPattern 0, test 0, exec 0, compareComponent 3, generate 2', () => {
  assert.equal(URLPattern.length, 0);
  assert.equal(URLPattern.prototype.test.length, 0);
  assert.equal(URLPattern.prototype.exec.length, 0);
  assert.equal(URLPattern.compareComponent.length, 3);
  assert.equal(URLPattern.prototype.generate.length, 2);
});

test('attributes and operations are enumerable accessors and methods on the prototype', () => {
  for (const name of ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash', 'hasRegExpGroups']) {
    const d = Object.getOwnPropertyDescriptor(URLPattern.prototype, name)!;
    assert.equal(typeof d.get, 'function', name);
    assert.equal(d.set, undefined, name);
    assert.equal(d.enumerable, true, name);
  }
  for (const name of ['test', 'exec', 'generate']) {
    assert.equal(Object.getOwnPropertyDescriptor(URLPattern.prototype, name)!.enumerable, true, name);
  }
  assert.equal(Object.prototype.toString.call(new URLPattern()), '[object URLPattern]');
  assert.deepEqual(Object.keys(new URLPattern()), []);
});

test('brand checks: getters and methods throw a TypeError on other objects', () => {
  const fake = Object.create(URLPattern.prototype) as URLPattern;
  assert.throws(() => fake.pathname, TypeError);
  assert.throws(() => fake.test('https://a/'), TypeError);
  assert.throws(() => URLPattern.prototype.exec.call({}, 'https://a/'), TypeError);
  assert.throws(() => URLPattern.compareComponent('pathname', fake, new URLPattern()), TypeError);
  assert.throws(() => (URLPattern as unknown as () => void)(), TypeError, 'called without new');
});

test('overloads: the second argument is a base URL unless it is undefined, null or an object', () => {
  // (input, options)
  assert.equal(new P({ pathname: '/A' }, { ignoreCase: true }).test({ pathname: '/a' }), true);
  assert.equal(new P({ pathname: '/A' }, null).test({ pathname: '/a' }), false);
  new P(undefined, undefined);
  // (input, baseURL): a string, or any primitive converted to one
  assert.equal(new P('/a/*', 'https://example.com/').hostname, 'example.com');
  assert.throws(() => new P('/a', 42), TypeError, '"42" is not a valid base URL');
  // A base URL with a URLPatternInit is a TypeError (create, step 3.2).
  assert.throws(() => new P({ pathname: '/a' }, 'https://example.com/'), TypeError);
  // Three arguments select (input, baseURL, options); the base URL is converted even when undefined.
  assert.throws(() => new P({ pathname: '/a' }, undefined, {}), TypeError);
  assert.equal(new P('/A', 'https://example.com/', { ignoreCase: true }).test('https://example.com/a'), true);
  assert.throws(() => new P('/A', 'https://example.com/', 1), TypeError, 'options must be an object');
});

test('a relative constructor string needs a base URL', () => {
  assert.throws(() => new P('/a'), TypeError);
  assert.equal(new P('/a', 'https://example.com').pathname, '/a');
});

test('argument conversion: USVStrings, dictionary members read in lexicographic order', () => {
  const order: string[] = [];
  const init = new Proxy(
    {},
    {
      get(_target, key) {
        if (typeof key === 'string') order.push(key);
        return undefined;
      },
    },
  );
  new P(init);
  assert.deepEqual(order, ['baseURL', 'hash', 'hostname', 'password', 'pathname', 'port', 'protocol', 'search', 'username']);
  // Lone surrogates become U+FFFD (USVString).
  assert.equal(new P({ pathname: '/\uD800' }).pathname, '/%EF%BF%BD');
  assert.throws(() => new P({ pathname: Symbol('x') }), TypeError);
  assert.throws(() => new P(Symbol('x')), TypeError);
  // Numbers and other primitives are strings.
  assert.equal(new P({ port: 8080 }).port, '8080');
});

test('test() and exec() with no input match an empty URLPatternInit', () => {
  const p = new URLPattern();
  assert.equal(p.test(), true);
  const r = p.exec()!;
  assert.deepEqual(r.inputs, [{}]);
  assert.equal(r.pathname.input, '');
  assert.deepEqual(r.pathname.groups, { 0: '' });
});

test('exec() returns fresh objects, with the inputs it was given', () => {
  const p = new URLPattern({ pathname: '/users/:id' });
  const a = p.exec('https://example.com/users/1')!;
  const b = p.exec('https://example.com/users/1')!;
  assert.notEqual(a, b);
  assert.notEqual(a.pathname, b.pathname);
  assert.notEqual(a.pathname.groups, b.pathname.groups);
  a.pathname.groups['id'] = 'changed';
  assert.equal(p.exec('https://example.com/users/1')!.pathname.groups['id'], '1');
  assert.deepEqual(p.exec('/users/2', 'https://example.com/')!.inputs, ['/users/2', 'https://example.com/']);
  const init = { pathname: '/users/3' };
  const r = p.exec(init)!;
  assert.deepEqual(r.inputs, [{ pathname: '/users/3' }]);
  assert.notEqual(r.inputs[0], init);
  assert.notEqual(p.exec(init)!.inputs[0], r.inputs[0]);
  // The dictionary comes back with its members in lexicographic order.
  assert.deepEqual(Object.keys(p.exec({ search: 'q', pathname: '/users/3', hash: '' })!.inputs[0]!), ['hash', 'pathname', 'search']);
  // A later match leaves an earlier result's groups as they were.
  const first = p.exec('https://example.com/users/1')!;
  assert.equal(p.exec('https://example.com/users/2')!.pathname.groups['id'], '2');
  assert.deepEqual(first.pathname.groups, { id: '1' });
});

test('a URLPatternInit with a base URL argument throws in test() and exec()', () => {
  const p = new URLPattern({ pathname: '/a' });
  assert.throws(() => p.test({ pathname: '/a' }, 'https://example.com/'), TypeError);
  assert.throws(() => p.exec({ pathname: '/a' }, 'https://example.com/'), TypeError);
  // An input that does not parse is no match, not an error.
  assert.equal(p.test('not a url'), false);
  assert.equal(p.exec('/a', 'not a base'), null);
  assert.equal(p.exec({ protocol: 'ht tp' }), null);
});

test('invalid patterns throw TypeErrors', () => {
  for (const init of [
    { pathname: '/:id(' },
    { pathname: '/(' },
    { pathname: '/:a/:a' },
    { pathname: '/([)' },
    { pathname: '/(a{2,1})' },
    { hostname: 'a b' },
    { port: '65536' },
    { protocol: 'ht tp' },
    { pathname: '/{a' },
    { pathname: '/\\' },
  ]) {
    assert.throws(() => new P(init), TypeError, JSON.stringify(init));
  }
});

test('ignoreCase', () => {
  const p = new P({ pathname: '/Foo/:id', hash: 'Top' }, { ignoreCase: true });
  assert.equal(p.test('https://a.example/FOO/1#TOP'), true);
  assert.equal(p.exec('https://a.example/foo/Bar#top')!.pathname.groups['id'], 'Bar');
  assert.equal(new URLPattern({ pathname: '/Foo' }).test('https://a.example/foo'), false);
});

test('groups: segment wildcards stop at the delimiter, full wildcards do not', () => {
  const p = new URLPattern({ hostname: ':sub.example.com', pathname: '/files/*' });
  const r = p.exec('https://cdn.example.com/files/a/b.txt')!;
  assert.deepEqual(r.hostname.groups, { sub: 'cdn' });
  assert.deepEqual(r.pathname.groups, { 0: 'a/b.txt' });
  assert.equal(p.test('https://a.b.example.com/files/x'), false);
  const optional = new URLPattern({ pathname: '/products/:id?' });
  assert.deepEqual(optional.exec({ pathname: '/products' })!.pathname.groups, { id: undefined });
  assert.equal(optional.test({ pathname: '/products/' }), false);
  assert.deepEqual(optional.exec({ pathname: '/products/7' })!.pathname.groups, { id: '7' });
});

test('groups are ordinary objects whose keys are own data properties, "__proto__" too', () => {
  // Web IDL converts the record to an ordinary object with CreateDataProperty for each key: a group
  // named "__proto__" is an own property (an assignment would call the inherited setter, which
  // ignores a string), and the prototype stays Object.prototype.
  const cases: [URLPattern, 'pathname' | 'hostname', string, [string, string][]][] = [
    [new URLPattern({ pathname: '/:__proto__/:b' }), 'pathname', 'https://x/y/z', [['__proto__', 'y'], ['b', 'z']]],
    [new URLPattern({ pathname: '/:__proto__(\\d+)/:b' }), 'pathname', 'https://x/1/z', [['__proto__', '1'], ['b', 'z']]],
    [new URLPattern({ pathname: '/:__proto__*' }), 'pathname', 'https://x/y/z', [['__proto__', 'y/z']]],
    [new URLPattern({ hostname: ':__proto__.example' }), 'hostname', 'https://a.example/', [['__proto__', 'a']]],
    [new URLPattern({ hostname: ':a.:__proto__' }), 'hostname', 'https://a.example/', [['a', 'a'], ['__proto__', 'example']]],
  ];
  for (const [pattern, component, input, entries] of cases) {
    const what = `${pattern[component]} on ${input}`;
    for (let i = 0; i < 2; i++) {
      // Twice: a second result is built as the first was.
      const groups = pattern.exec(input)![component].groups;
      assert.equal(Object.getPrototypeOf(groups), Object.prototype, what);
      assert.deepEqual(Object.entries(groups), entries, what);
      assert.ok(Object.hasOwn(groups, '__proto__'), what);
    }
  }
});

test('compareComponent and generate check their arguments', () => {
  const p = new URLPattern({ pathname: '/:id' });
  assert.throws(() => URLPattern.compareComponent('nope' as 'pathname', p, p), TypeError);
  assert.throws(() => (URLPattern.compareComponent as (...a: unknown[]) => number)('pathname', p), TypeError);
  assert.throws(() => p.generate('pathname', null as unknown as Record<string, string>), TypeError);
  assert.throws(() => p.generate('nope' as 'pathname', {}), TypeError);
  assert.equal(p.generate('pathname', { id: 'a b' }), '/a%20b');
  const routes = ['/users/:id', '/users/me', '/*', '/users/*'].map((pathname) => new URLPattern({ pathname }));
  routes.sort((a, b) => URLPattern.compareComponent('pathname', b, a));
  assert.deepEqual(routes.map((r) => r.pathname), ['/users/me', '/users/:id', '/users/*', '/*']);
});

test("a special scheme's default port in the pattern is the empty pattern; file has no default port", () => {
  assert.equal(new URLPattern({ protocol: 'https', port: '443' }).port, '');
  assert.equal(new URLPattern({ protocol: 'http', port: '443' }).port, '443');
  // "null" is not a port number: the port canonicalization rejects it, as for any other scheme.
  assert.throws(() => new URLPattern({ protocol: 'file', port: 'null' }), TypeError);
  assert.equal(new URLPattern({ protocol: 'file', port: '80' }).port, '80');
});

test('a string input with lone surrogates matches as its USVString conversion, which exec() returns as its input', () => {
  const p = new URLPattern({ pathname: '/:name' });
  for (const [raw, converted] of [
    ['https://example.com/a\uD800', 'https://example.com/a\uFFFD'],
    ['https://example.com/\uDC00b', 'https://example.com/\uFFFDb'],
    ['https://example.com/\uD83D\uDCA9', 'https://example.com/\uD83D\uDCA9'],
    ['https://example.com/plain', 'https://example.com/plain'],
  ] as const) {
    assert.equal(p.test(raw), p.test(converted), raw);
    const a = p.exec(raw)!;
    const b = p.exec(converted)!;
    assert.deepEqual(a.inputs, [converted], raw);
    assert.deepEqual(a.pathname, b.pathname, raw);
    // The same input again (the parse of the last input is reused) gives the same result.
    assert.deepEqual(p.exec(raw)!.inputs, [converted], raw);
  }
  assert.deepEqual(p.exec('/x\uD800', 'https://example.com/\uDC00')!.inputs, ['/x\uFFFD', 'https://example.com/\uFFFD']);
});

test("exec() gives each input the result it gives alone, whatever the input before it was", () => {
  const p = new URLPattern({ pathname: '/:name' });
  // Inputs that are their own serialization, ASCII inputs that are not (upper case, a default
  // port, a missing path), inputs with lone surrogates, and ones with a base URL.
  const calls: [string, string | undefined][] = [
    ['https://example.com/plain', undefined],
    ['HTTPS://EXAMPLE.com/upper', undefined],
    ['https://example.com:443/port', undefined],
    ['https://example.com/a\uD800', undefined],
    ['https://example.com/\uDC00b', undefined],
    ['/relative', 'https://example.com/'],
    ['/x\uD800', 'https://example.com/\uDC00'],
    ['https://example.com', undefined],
  ];
  const alone = calls.map(([input, base]) => p.exec(input, base));
  assert.deepEqual(alone[3]!.inputs, ['https://example.com/a\uFFFD']);
  assert.deepEqual(alone[1]!.inputs, ['HTTPS://EXAMPLE.com/upper']);
  for (const [firstInput, firstBase] of calls) {
    for (let n = 0; n < calls.length; n++) {
      const [input, base] = calls[n]!;
      p.exec(firstInput, firstBase);
      p.test(firstInput, firstBase);
      assert.deepEqual(p.exec(input, base), alone[n], `${JSON.stringify(input)} after ${JSON.stringify(firstInput)}`);
    }
  }
});

test('segment patterns: each match gives the groups it gives alone, whatever was matched before', () => {
  // Pathname patterns that are matched segment by segment (not by their regular expression), and
  // inputs that match some of them, fail some after a first group, or match with fewer groups.
  const patterns = ['/:a/:b', '/users/:id', '/files/*', '/:x/items/:y?', '/static/*.js'].map((pathname) => new URLPattern({ pathname }));
  for (const pattern of patterns) assert.equal(componentsOf(pattern)[5]!.kind, MatchKind.Segments, pattern.pathname);
  const inputs = ['/p/q', '/users/7', '/users/7/more', '/files/a/b/c', '/n/items', '/n/items/3', '/static/app.js', '/static/app.css', '/x'].map(
    (pathname) => ({ pathname }),
  );
  const alone = patterns.map((pattern) => inputs.map((input) => pattern.exec(input)));
  assert.deepEqual(alone[0]![0]!.pathname.groups, { a: 'p', b: 'q' });
  assert.deepEqual(alone[3]![4]!.pathname.groups, { x: 'n', y: undefined });
  for (let first = 0; first < patterns.length; first++) {
    for (const firstInput of inputs) {
      patterns[first]!.exec(firstInput);
      for (let n = 0; n < patterns.length; n++) {
        for (let m = 0; m < inputs.length; m++) {
          assert.deepEqual(patterns[n]!.exec(inputs[m]!), alone[n]![m], `${patterns[n]!.pathname} on ${inputs[m]!.pathname}`);
        }
      }
    }
  }
  // A result keeps its groups after the same pattern matched again.
  const result = patterns[0]!.exec({ pathname: '/p/q' })!;
  patterns[0]!.exec({ pathname: '/r/s' });
  assert.deepEqual(result.pathname.groups, { a: 'p', b: 'q' });
});

test('a scan of one URL over many patterns gives what each pattern gives the URL on its own', () => {
  const patterns = [
    new URLPattern({ pathname: '/users/:id' }),
    new URLPattern({ hostname: '{*.}?example.com', pathname: '/a/*' }),
    new URLPattern('https://example.com/books/:id(\\d+)'),
    new URLPattern({ protocol: 'mailto' }),
    new URLPattern({ username: 'u', password: 'p' }),
    new URLPattern({ search: 'q=:q' }),
    new URLPattern({ hash: 'top' }),
    new URLPattern({ port: '8080' }),
    new URLPattern(),
  ];
  const inputs = [
    'https://example.com/users/42',
    'https://www.example.com/a/b/c?q=1#top',
    'https://example.com/books/7',
    'https://example.com/books/x',
    'mailto:someone@example.com',
    'https://u:p@example.com:8080/',
    'HTTPS://EXAMPLE.COM/users/%41',
    'https://exa mple.com/',
    'not a url',
    'https://example.com',
  ];
  // Each pattern alone: another URL string is matched before each call.
  const alone = (pattern: URLPattern, input: string) => {
    pattern.test('https://other.example/');
    const tested = pattern.test(input);
    pattern.exec('https://other.example/');
    return { tested, result: pattern.exec(input) };
  };
  const expected = inputs.map((input) => patterns.map((pattern) => alone(pattern, input)));
  for (let round = 0; round < 2; round++) {
    inputs.forEach((input, i) => {
      // The scan: one URL string over every pattern in a row, test() then exec(), with a
      // URLPatternInit and a base URL among them.
      patterns.forEach((pattern, j) => {
        assert.equal(pattern.test(input), expected[i]![j]!.tested, `test(${input}) of pattern ${j}`);
        assert.deepEqual(pattern.exec(input), expected[i]![j]!.result, `exec(${input}) of pattern ${j}`);
      });
      patterns[0]!.test({ pathname: '/users/1' });
      patterns[0]!.test('/users/1', 'https://example.com/');
      patterns.forEach((pattern, j) => assert.equal(pattern.test(input), expected[i]![j]!.tested, `test(${input}) of pattern ${j}, again`));
    });
  }
  assert.ok(expected.some((row) => row.some((cell) => cell.tested)) && expected.some((row) => row.some((cell) => !cell.tested)));
});
