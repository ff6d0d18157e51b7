import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { URLSearchParams, createSearchParamsForURL, setSearchParamsQuery } from '../src/url-search-params.ts';

/** Lets tests pass values the TypeScript signatures do not describe. */
const any = (value: unknown): any => value;

const entriesOf = (params: URLSearchParams): Array<[string, string]> => [...params];

describe('URLSearchParams constructor', () => {
  it('creates an empty list without init, with undefined and with the empty string', () => {
    assert.equal(new URLSearchParams().size, 0);
    assert.equal(new URLSearchParams(undefined).size, 0);
    assert.equal(new URLSearchParams('').size, 0);
    assert.equal(new URLSearchParams('').toString(), '');
  });

  it('parses a string, removing one leading "?"', () => {
    assert.deepEqual(entriesOf(new URLSearchParams('a=b&c=d')), [['a', 'b'], ['c', 'd']]);
    assert.deepEqual(entriesOf(new URLSearchParams('?a=b&c=d')), [['a', 'b'], ['c', 'd']]);
    assert.deepEqual(entriesOf(new URLSearchParams('??a=b')), [['?a', 'b']]);
    assert.deepEqual(entriesOf(new URLSearchParams('?')), []);
    assert.deepEqual(entriesOf(new URLSearchParams('a?b=c')), [['a?b', 'c']]);
    assert.deepEqual(entriesOf(new URLSearchParams(' ?a=b')), [[' ?a', 'b']]);
  });

  it('converts other primitives with ToString', () => {
    assert.equal(new URLSearchParams(any(null)).toString(), 'null=');
    assert.equal(new URLSearchParams(any(12)).toString(), '12=');
    assert.equal(new URLSearchParams(any(true)).toString(), 'true=');
    assert.equal(new URLSearchParams(any(10n)).toString(), '10=');
    assert.throws(() => new URLSearchParams(any(Symbol('s'))), TypeError);
  });

  it('replaces lone surrogates in a string with U+FFFD', () => {
    assert.deepEqual(entriesOf(new URLSearchParams('\uD800=\uDC00')), [['\uFFFD', '\uFFFD']]);
    assert.deepEqual(entriesOf(new URLSearchParams('?\uDBFF')), [['\uFFFD', '']]);
  });

  it('parses application/x-www-form-urlencoded edge cases', () => {
    assert.deepEqual(entriesOf(new URLSearchParams('a=b=c')), [['a', 'b=c']]);
    assert.deepEqual(entriesOf(new URLSearchParams('=')), [['', '']]);
    assert.deepEqual(entriesOf(new URLSearchParams('&&')), []);
    assert.deepEqual(entriesOf(new URLSearchParams('a')), [['a', '']]);
    assert.deepEqual(entriesOf(new URLSearchParams('+%20')), [['  ', '']]);
    assert.deepEqual(entriesOf(new URLSearchParams('%zz')), [['%zz', '']]);
    assert.deepEqual(entriesOf(new URLSearchParams('%C3%A9')), [['é', '']]);
    assert.deepEqual(entriesOf(new URLSearchParams('a=%FF')), [['a', '\uFFFD']]);
    assert.deepEqual(entriesOf(new URLSearchParams('a=%2B+')), [['a', '+ ']]);
  });

  it('takes a sequence of name-value sequences', () => {
    const params = new URLSearchParams([
      ['a', '1'],
      ['b', '2'],
      ['a', '3'],
    ]);
    assert.deepEqual(entriesOf(params), [['a', '1'], ['b', '2'], ['a', '3']]);
    assert.deepEqual(entriesOf(new URLSearchParams([])), []);
    assert.deepEqual(entriesOf(new URLSearchParams([['', '']])), [['', '']]);
    // Names and values are converted to USVString.
    assert.deepEqual(entriesOf(new URLSearchParams(any([[1, { toString: () => 'x' }], [null, undefined]]))), [
      ['1', 'x'],
      ['null', 'undefined'],
    ]);
    assert.deepEqual(entriesOf(new URLSearchParams([['\uD800', 'a\uDFFF']])), [['\uFFFD', 'a\uFFFD']]);
  });

  it('throws a TypeError when an inner sequence does not have exactly two items', () => {
    assert.throws(() => new URLSearchParams(any([['a']])), {
      name: 'TypeError',
      message: /item 0 has 1/,
    });
    assert.throws(() => new URLSearchParams(any([['a', 'b'], ['a', 'b', 'c']])), {
      name: 'TypeError',
      message: /item 1 has 3/,
    });
    assert.throws(() => new URLSearchParams(any([[]])), TypeError);
  });

  it('throws a TypeError when an item is not an iterable object', () => {
    assert.throws(() => new URLSearchParams(any(['ab'])), TypeError);
    assert.throws(() => new URLSearchParams(any([['a', 'b'], 1])), TypeError);
    assert.throws(() => new URLSearchParams(any([{ 0: 'a', 1: 'b', length: 2 }])), TypeError);
    assert.throws(() => new URLSearchParams(any([null])), TypeError);
    assert.throws(() => new URLSearchParams(any([{ [Symbol.iterator]: 1 }])), TypeError);
    assert.throws(() => new URLSearchParams(any({ [Symbol.iterator]: 'not callable' })), TypeError);
  });

  it('converts the whole sequence before checking the sizes', () => {
    const log: string[] = [];
    const value = {
      toString() {
        log.push('converted');
        return 'v';
      },
    };
    assert.throws(() => new URLSearchParams(any([['a'], ['b', value]])), TypeError);
    assert.deepEqual(log, ['converted']);
  });

  it('takes any iterable: Map, Set, generators, iterable inner items', () => {
    assert.deepEqual(entriesOf(new URLSearchParams(new Map([['m', '1'], ['n', '2']]))), [['m', '1'], ['n', '2']]);
    assert.deepEqual(entriesOf(new URLSearchParams(new Set([['s', 't']]))), [['s', 't']]);
    function* pairs(): Generator<Iterable<string>> {
      yield ['g', '1'];
      yield new Set(['h', '2']);
      yield 'ij'; // a string is not an object: rejected below
    }
    assert.throws(() => new URLSearchParams(pairs()), TypeError);
    function* good(): Generator<Iterable<string>> {
      yield ['g', '1'];
      yield new Set(['h', '2']);
      yield (function* () {
        yield 'k';
        yield 'v';
      })();
    }
    assert.deepEqual(entriesOf(new URLSearchParams(good())), [['g', '1'], ['h', '2'], ['k', 'v']]);
    const custom = {
      *[Symbol.iterator]() {
        yield ['c', 'd'];
      },
    };
    assert.deepEqual(entriesOf(new URLSearchParams(custom)), [['c', 'd']]);
  });

  it("uses an array's own Symbol.iterator", () => {
    const array: Array<[string, string]> = [['ignored', '1']];
    Object.defineProperty(array, Symbol.iterator, {
      value: function* () {
        yield ['used', '2'];
      },
    });
    assert.deepEqual(entriesOf(new URLSearchParams(array)), [['used', '2']]);
    const inner = ['x', 'y'];
    Object.defineProperty(inner, Symbol.iterator, {
      value: function* () {
        yield 'p';
        yield 'q';
      },
    });
    assert.deepEqual(entriesOf(new URLSearchParams([inner])), [['p', 'q']]);
  });

  it('follows the iterator protocol', () => {
    let nextCalls = 0;
    const iterable = {
      [Symbol.iterator]() {
        let i = 0;
        return {
          next() {
            nextCalls++;
            return i < 2 ? { value: [`n${i}`, `v${i++}`], done: false } : { value: 'ignored', done: 1 };
          },
        };
      },
    };
    assert.deepEqual(entriesOf(new URLSearchParams(any(iterable))), [['n0', 'v0'], ['n1', 'v1']]);
    assert.equal(nextCalls, 3);
    assert.throws(() => new URLSearchParams(any({ [Symbol.iterator]: () => 1 })), TypeError);
    assert.throws(() => new URLSearchParams(any({ [Symbol.iterator]: () => ({ next: () => 1 }) })), TypeError);
    assert.throws(() => new URLSearchParams(any({ [Symbol.iterator]: () => ({}) })), TypeError);
  });

  it('copies another URLSearchParams object', () => {
    const original = new URLSearchParams('a=1&b=2&a=3');
    const copy = new URLSearchParams(original);
    assert.deepEqual(entriesOf(copy), [['a', '1'], ['b', '2'], ['a', '3']]);
    copy.set('a', 'x');
    copy.append('c', '4');
    assert.equal(original.toString(), 'a=1&b=2&a=3');
    assert.equal(copy.toString(), 'a=x&b=2&c=4');
  });

  it('copies another URLSearchParams object through its Symbol.iterator when that is replaced', () => {
    const original = new URLSearchParams('a=1');
    Object.defineProperty(original, Symbol.iterator, {
      value: function* () {
        yield ['replaced', 'yes'];
      },
    });
    assert.deepEqual(entriesOf(new URLSearchParams(original)), [['replaced', 'yes']]);
  });

  it('copies another URLSearchParams object through the iterator protocol when it is altered', () => {
    const original = new URLSearchParams('a=1&b=2');
    const iteratorPrototype = Object.getPrototypeOf(original.entries());
    const next = iteratorPrototype.next;
    let calls = 0;
    iteratorPrototype.next = function (this: unknown) {
      calls++;
      return next.call(this);
    };
    let copy: URLSearchParams;
    try {
      copy = new URLSearchParams(original);
    } finally {
      iteratorPrototype.next = next;
    }
    assert.equal(calls, 3);
    assert.deepEqual(entriesOf(copy), [['a', '1'], ['b', '2']]);
    const arrayIteratorPrototype = Object.getPrototypeOf([][Symbol.iterator]());
    const arrayNext = arrayIteratorPrototype.next;
    arrayIteratorPrototype.next = function (this: Iterator<unknown>) {
      const result = arrayNext.call(this);
      return result.done ? result : { value: String(result.value).toUpperCase(), done: false };
    };
    try {
      copy = new URLSearchParams(original);
    } finally {
      arrayIteratorPrototype.next = arrayNext;
    }
    assert.deepEqual(entriesOf(copy), [['A', '1'], ['B', '2']]);
  });

  it('takes a record: own enumerable string keys, in property order', () => {
    const params = new URLSearchParams({ key: '730d67' });
    assert.equal(params.toString(), 'key=730d67');
    assert.deepEqual(entriesOf(new URLSearchParams(any({ b: 1, 2: 'x', a: undefined, 1: null }))), [
      ['1', 'null'],
      ['2', 'x'],
      ['b', '1'],
      ['a', 'undefined'],
    ]);
    assert.deepEqual(entriesOf(new URLSearchParams({})), []);
    // Objects without Symbol.iterator, functions included, are records.
    assert.deepEqual(entriesOf(new URLSearchParams(any(Object.assign(() => {}, { f: 'g' })))), [['f', 'g']]);
    // A Symbol.iterator of undefined or null means "not iterable".
    const noIterator = Object.defineProperty({ x: 'y' }, Symbol.iterator, { value: undefined });
    assert.deepEqual(entriesOf(new URLSearchParams(any(noIterator))), [['x', 'y']]);
    const nullIterator = Object.defineProperty({}, Symbol.iterator, { value: null });
    assert.deepEqual(entriesOf(new URLSearchParams(any(nullIterator))), []);
  });

  it('skips inherited and non-enumerable properties of a record', () => {
    const proto = { inherited: 'no' };
    const record = Object.create(proto);
    record.own = 'yes';
    Object.defineProperty(record, 'hidden', { value: 'no', enumerable: false });
    Object.defineProperty(record, Symbol('hidden'), { value: 'no', enumerable: false });
    assert.deepEqual(entriesOf(new URLSearchParams(record)), [['own', 'yes']]);
    // An object with its toString on the prototype is still a record, not a string.
    class WithToString {
      toString(): string {
        return 'a=b';
      }
    }
    assert.equal(new URLSearchParams(any(new WithToString())).toString(), '');
  });

  it('treats __proto__ and constructor as ordinary names without touching prototypes', () => {
    const record = JSON.parse('{"__proto__": "p", "constructor": "c", "hasOwnProperty": "h"}');
    const params = new URLSearchParams(record);
    assert.deepEqual(entriesOf(params), [['__proto__', 'p'], ['constructor', 'c'], ['hasOwnProperty', 'h']]);
    assert.equal(params.get('__proto__'), 'p');
    assert.equal(Object.getPrototypeOf(params), URLSearchParams.prototype);
    assert.equal(({} as Record<string, unknown>).constructor, Object);
    assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'p'), false);
    const nullProto = Object.create(null);
    nullProto.a = 'b';
    assert.equal(new URLSearchParams(nullProto).toString(), 'a=b');
  });

  it('throws a TypeError for an enumerable symbol key in a record', () => {
    assert.throws(() => new URLSearchParams(any({ a: 'b', [Symbol('s')]: 'c' })), TypeError);
  });

  it('reads a record with [[GetOwnProperty]] then [[Get]] for each key, calling getters', () => {
    const log: string[] = [];
    const target = { a: '1', b: '2' };
    const proxy = new Proxy(target, {
      ownKeys(t) {
        log.push('ownKeys');
        return Reflect.ownKeys(t);
      },
      getOwnPropertyDescriptor(t, key) {
        log.push(`getOwnPropertyDescriptor ${String(key)}`);
        return Reflect.getOwnPropertyDescriptor(t, key);
      },
      get(t, key, receiver) {
        log.push(`get ${String(key)}`);
        return Reflect.get(t, key, receiver);
      },
    });
    assert.deepEqual(entriesOf(new URLSearchParams(proxy)), [['a', '1'], ['b', '2']]);
    assert.deepEqual(log, [
      'get Symbol(Symbol.iterator)',
      'ownKeys',
      'getOwnPropertyDescriptor a',
      'get a',
      'getOwnPropertyDescriptor b',
      'get b',
    ]);
    let calls = 0;
    const withGetter = {
      get g() {
        calls++;
        return 'got';
      },
    };
    assert.deepEqual(entriesOf(new URLSearchParams(any(withGetter))), [['g', 'got']]);
    assert.equal(calls, 1);
  });

  it('merges record keys that become equal after USVString conversion', () => {
    // "\uD835x" and "\uDC35x" both become "\uFFFDx": one entry, first position, last value.
    const params = new URLSearchParams({ '\uD835x': '1', xx: '2', '\uDC35x': '3', '\uFFFDx': '4', y: '5' });
    assert.deepEqual(entriesOf(params), [['\uFFFDx', '4'], ['xx', '2'], ['y', '5']]);
  });

  it('must be called with new', () => {
    assert.throws(() => any(URLSearchParams)('a=b'), TypeError);
  });

  it('can be subclassed', () => {
    class Params extends URLSearchParams {
      first(): string | null {
        return this.get('a');
      }
    }
    const params = new Params('a=1');
    params.append('b', '2');
    assert.equal(params.first(), '1');
    assert.equal(params.toString(), 'a=1&b=2');
    assert.ok(params instanceof URLSearchParams);
  });
});

describe('URLSearchParams methods', () => {
  it('size is the number of tuples', () => {
    const params = new URLSearchParams('a=1&b=2&a=3');
    assert.equal(params.size, 3);
    params.append('c', '4');
    assert.equal(params.size, 4);
    params.delete('a');
    assert.equal(params.size, 2);
    params.set('b', 'x');
    assert.equal(params.size, 2);
  });

  it('append adds a tuple at the end, even with an existing name', () => {
    const params = new URLSearchParams('a=1');
    params.append('a', '2');
    params.append('', '');
    assert.deepEqual(entriesOf(params), [['a', '1'], ['a', '2'], ['', '']]);
    params.append(any(1), any(null));
    assert.deepEqual(entriesOf(params).at(-1), ['1', 'null']);
  });

  it('delete(name) removes every tuple with that name', () => {
    const params = new URLSearchParams('a=1&b=2&a=3&c=4&a=5');
    params.delete('a');
    assert.deepEqual(entriesOf(params), [['b', '2'], ['c', '4']]);
    params.delete('missing');
    assert.deepEqual(entriesOf(params), [['b', '2'], ['c', '4']]);
  });

  it('delete(name, value) removes only the tuples with that name and value', () => {
    const params = new URLSearchParams('a=1&b=1&a=2&a=1');
    params.delete('a', '1');
    assert.deepEqual(entriesOf(params), [['b', '1'], ['a', '2']]);
    params.delete('a', '3');
    assert.deepEqual(entriesOf(params), [['b', '1'], ['a', '2']]);
    // undefined for the optional value means it is not given.
    params.delete('a', undefined);
    assert.deepEqual(entriesOf(params), [['b', '1']]);
    // Any other value is converted.
    const nulls = new URLSearchParams('n=null&n=x');
    nulls.delete('n', any(null));
    assert.deepEqual(entriesOf(nulls), [['n', 'x']]);
  });

  it('get returns the first value or null', () => {
    const params = new URLSearchParams('a=1&b=2&a=3&e=');
    assert.equal(params.get('a'), '1');
    assert.equal(params.get('e'), '');
    assert.equal(params.get('missing'), null);
    assert.equal(params.get('A'), null);
  });

  it('getAll returns every value in list order', () => {
    const params = new URLSearchParams('a=1&b=2&a=3');
    assert.deepEqual(params.getAll('a'), ['1', '3']);
    assert.deepEqual(params.getAll('missing'), []);
    const all = params.getAll('a');
    all.push('x');
    assert.deepEqual(params.getAll('a'), ['1', '3']);
  });

  it('has(name) and has(name, value)', () => {
    const params = new URLSearchParams('a=1&b=&a=3');
    assert.equal(params.has('a'), true);
    assert.equal(params.has('b'), true);
    assert.equal(params.has('c'), false);
    assert.equal(params.has('a', '3'), true);
    assert.equal(params.has('a', '2'), false);
    assert.equal(params.has('b', ''), true);
    assert.equal(params.has('a', undefined), true);
    assert.equal(params.has('c', undefined), false);
    assert.equal(new URLSearchParams('a=null').has('a', any(null)), true);
  });

  it('set replaces the first value and removes the other tuples with that name', () => {
    const params = new URLSearchParams('a=1&b=2&a=3&c=4&a=5');
    params.set('a', 'x');
    assert.deepEqual(entriesOf(params), [['a', 'x'], ['b', '2'], ['c', '4']]);
    params.set('d', 'y');
    assert.deepEqual(entriesOf(params), [['a', 'x'], ['b', '2'], ['c', '4'], ['d', 'y']]);
    params.set('b', 'z');
    assert.deepEqual(entriesOf(params), [['a', 'x'], ['b', 'z'], ['c', '4'], ['d', 'y']]);
  });

  it('sort orders by name, keeping the relative order of equal names', () => {
    const params = new URLSearchParams('z=1&a=2&z=3&b=4&a=5&=6');
    params.sort();
    assert.deepEqual(entriesOf(params), [['', '6'], ['a', '2'], ['a', '5'], ['b', '4'], ['z', '1'], ['z', '3']]);
    const stable = new URLSearchParams();
    for (let i = 0; i < 100; i++) stable.append(i % 2 === 0 ? 'x' : 'w', String(i));
    stable.sort();
    const values = entriesOf(stable).map(([, v]) => Number(v));
    const odd = values.slice(0, 50);
    const even = values.slice(50);
    assert.deepEqual(odd, [...odd].sort((a, b) => a - b));
    assert.deepEqual(even, [...even].sort((a, b) => a - b));
    assert.ok(odd.every((v) => v % 2 === 1) && even.every((v) => v % 2 === 0));
  });

  it('sort compares code units, not code points or locale order', () => {
    // U+1F600 is the surrogate pair D83D DE00, which is less than FFFD.
    const params = new URLSearchParams([
      ['\uFFFD', 'replacement'],
      ['\u{1F600}', 'emoji'],
      ['\uE000', 'private use'],
      ['Z', 'upper'],
      ['a', 'lower'],
      ['é', 'e acute'],
    ]);
    params.sort();
    assert.deepEqual(params.getAll('\u{1F600}'), ['emoji']);
    assert.deepEqual(
      [...params.keys()],
      ['Z', 'a', 'é', '\u{1F600}', '\uE000', '\uFFFD'],
    );
    // The standard's example: sorting "q=🏳️‍🌈&key=e1f7bc78".
    const flags = new URLSearchParams('q=🏳️‍🌈&key=e1f7bc78');
    flags.sort();
    assert.equal(flags.toString(), 'key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88');
  });

  it('toString serializes with the application/x-www-form-urlencoded serializer', () => {
    assert.equal(new URLSearchParams([['a b', 'c d']]).toString(), 'a+b=c+d');
    assert.equal(new URLSearchParams([['*-._', '~!']]).toString(), '*-._=%7E%21');
    assert.equal(new URLSearchParams([["'()", '+&=%#']]).toString(), '%27%28%29=%2B%26%3D%25%23');
    assert.equal(new URLSearchParams([['é', '\u{1F600}']]).toString(), '%C3%A9=%F0%9F%98%80');
    assert.equal(new URLSearchParams('a=b ~').toString(), 'a=b+%7E');
    assert.equal(new URLSearchParams('a=~&b=%7E').get('b'), '~');
    const params = new URLSearchParams('x=1&y=2');
    assert.equal(String(params), 'x=1&y=2');
    assert.equal(`${params}`, 'x=1&y=2');
    assert.equal(params + '', 'x=1&y=2');
  });

  it('converts every argument to a USVString: lone surrogates become U+FFFD', () => {
    const params = new URLSearchParams();
    params.append('\uD800', '\uDFFFx');
    assert.deepEqual(entriesOf(params), [['\uFFFD', '\uFFFDx']]);
    assert.equal(params.get('\uDC00'), '\uFFFDx');
    assert.equal(params.has('\uD801', '\uDFFEx'), true);
    params.set('\uDBFF', 'y\uD800');
    assert.deepEqual(entriesOf(params), [['\uFFFD', 'y\uFFFD']]);
    assert.deepEqual(params.getAll('\uDC01'), ['y\uFFFD']);
    params.delete('\uDFFF', 'y\uDBFF');
    assert.equal(params.size, 0);
    assert.throws(() => params.append(any(Symbol('s')), 'v'), TypeError);
    assert.throws(() => params.get(any(Symbol('s'))), TypeError);
  });

  it('converts arguments left to right', () => {
    const log: string[] = [];
    const value = (s: string) => ({
      toString() {
        log.push(s);
        return s;
      },
    });
    new URLSearchParams().append(any(value('name')), any(value('value')));
    new URLSearchParams().set(any(value('n2')), any(value('v2')));
    assert.deepEqual(log, ['name', 'value', 'n2', 'v2']);
  });

  it('throws TypeErrors for missing arguments', () => {
    // Web IDL requires a TypeError and leaves the message to the implementation; it must at least
    // name the operation and say how many arguments it needs and got.
    const params = new URLSearchParams('a=1');
    const missing = (method: string, required: number, given: number) => ({
      name: 'TypeError',
      message: new RegExp(`\\b${method}\\b.*\\b${required}\\b.*\\b${given}\\b`),
    });
    assert.throws(() => any(params).append('a'), missing('append', 2, 1));
    assert.throws(() => any(params).append(), missing('append', 2, 0));
    assert.throws(() => any(params).set('a'), missing('set', 2, 1));
    for (const method of ['delete', 'get', 'getAll', 'has', 'forEach']) {
      assert.throws(() => any(params)[method](), missing(method, 1, 0));
    }
    // undefined passed explicitly counts as an argument.
    params.append(any(undefined), any(undefined));
    assert.equal(params.get('undefined'), 'undefined');
  });

  it('checks that this is a URLSearchParams object', () => {
    const proto = URLSearchParams.prototype as any;
    for (const method of ['append', 'delete', 'get', 'getAll', 'has', 'set', 'sort', 'entries', 'keys', 'values', 'forEach', 'toString']) {
      for (const thisValue of [{}, null, undefined, 1, 'a=b', new Map()]) {
        assert.throws(() => proto[method].call(thisValue, 'a', 'b'), TypeError, `${method} on ${String(thisValue)}`);
      }
    }
    const sizeGetter = Object.getOwnPropertyDescriptor(URLSearchParams.prototype, 'size')!.get!;
    assert.throws(() => sizeGetter.call({}), TypeError);
    assert.throws(() => proto.size, TypeError);
    // The brand check comes before argument conversion.
    let converted = false;
    const name = {
      toString() {
        converted = true;
        return 'a';
      },
    };
    assert.throws(() => proto.append.call({}, name, 'b'), TypeError);
    assert.equal(converted, false);
  });
});

describe('URLSearchParams iteration', () => {
  it('entries, keys, values and Symbol.iterator', () => {
    const params = new URLSearchParams('a=1&b=2&a=3');
    assert.deepEqual([...params.entries()], [['a', '1'], ['b', '2'], ['a', '3']]);
    assert.deepEqual([...params.keys()], ['a', 'b', 'a']);
    assert.deepEqual([...params.values()], ['1', '2', '3']);
    assert.deepEqual([...params], [['a', '1'], ['b', '2'], ['a', '3']]);
    assert.equal(URLSearchParams.prototype[Symbol.iterator], URLSearchParams.prototype.entries);
    assert.deepEqual(Object.fromEntries(params), { a: '3', b: '2' });
    assert.deepEqual(new Map(params).get('b'), '2');
  });

  it('yields fresh pairs that do not alias the list', () => {
    const params = new URLSearchParams('a=1');
    const [pair] = params.entries();
    pair![1] = 'changed';
    assert.equal(params.get('a'), '1');
    const [again] = params;
    assert.notEqual(again, pair);
  });

  it('iterator objects: next, Symbol.iterator returning itself, toStringTag, prototype chain', () => {
    const params = new URLSearchParams('a=1');
    const iterator = params.entries();
    assert.equal(iterator[Symbol.iterator](), iterator);
    assert.equal(Object.prototype.toString.call(iterator), '[object URLSearchParams Iterator]');
    const proto = Object.getPrototypeOf(iterator);
    assert.equal(Object.getPrototypeOf(proto), Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
    assert.equal(Object.getPrototypeOf(params.keys()), proto);
    assert.equal(Object.getPrototypeOf(params.values()), proto);
    assert.deepEqual(Object.getOwnPropertyNames(proto), ['next']);
    assert.equal(Object.getOwnPropertyDescriptor(proto, 'next')!.enumerable, true);
    const tag = Object.getOwnPropertyDescriptor(proto, Symbol.toStringTag)!;
    assert.deepEqual(tag, { value: 'URLSearchParams Iterator', writable: false, enumerable: false, configurable: true });
    assert.deepEqual(iterator.next(), { value: ['a', '1'], done: false });
    assert.deepEqual(iterator.next(), { value: undefined, done: true });
    assert.throws(() => proto.next.call({}), TypeError);
    assert.throws(() => proto.next.call(params), TypeError);
  });

  it('iterators are index-based over the live list', () => {
    // Deleting the current tuple during for-of skips the one after it.
    const params = new URLSearchParams('a=1&b=2&c=3&d=4');
    const seen: string[] = [];
    for (const [name] of params) {
      seen.push(name);
      if (name === 'a' || name === 'c') params.delete(name);
    }
    assert.deepEqual(seen, ['a', 'c']);
    assert.equal(params.toString(), 'b=2&d=4');

    // Appending during iteration is seen.
    const growing = new URLSearchParams('x=0');
    const values: string[] = [];
    for (const value of growing.values()) {
      values.push(value);
      if (values.length < 3) growing.append('x', String(values.length));
    }
    assert.deepEqual(values, ['0', '1', '2']);

    // An exhausted iterator continues when the list grows.
    const later = new URLSearchParams('a=1');
    const iterator = later.keys();
    assert.deepEqual(iterator.next(), { value: 'a', done: false });
    assert.deepEqual(iterator.next(), { value: undefined, done: true });
    later.append('b', '2');
    assert.deepEqual(iterator.next(), { value: 'b', done: false });

    // sort and set during iteration.
    const sorted = new URLSearchParams('c=1&b=2&a=3');
    const it2 = sorted.keys();
    assert.equal(it2.next().value, 'c');
    sorted.sort();
    assert.equal(it2.next().value, 'b');
    assert.equal(it2.next().value, 'c');
  });

  it('forEach calls back with value, name and the object, with thisArg', () => {
    const params = new URLSearchParams('a=1&b=2');
    const calls: unknown[][] = [];
    const thisArg = { marker: true };
    params.forEach(function (this: unknown, value, name, object) {
      calls.push([value, name, object, this]);
    }, thisArg);
    assert.deepEqual(calls, [
      ['1', 'a', params, thisArg],
      ['2', 'b', params, thisArg],
    ]);
    const thisValues: unknown[] = [];
    params.forEach(function (this: unknown) {
      thisValues.push(this);
    });
    assert.deepEqual(thisValues, [undefined, undefined]);
  });

  it('forEach sees changes made by the callback', () => {
    const params = new URLSearchParams('a=1&b=2&c=3&d=4');
    const seen: string[] = [];
    params.forEach((_value, name) => {
      seen.push(name);
      params.delete(name);
    });
    assert.deepEqual(seen, ['a', 'c']);
    assert.equal(params.toString(), 'b=2&d=4');

    const growing = new URLSearchParams('n=0');
    const values: string[] = [];
    growing.forEach((value) => {
      values.push(value);
      if (values.length < 4) growing.append('n', String(values.length));
    });
    assert.deepEqual(values, ['0', '1', '2', '3']);
  });

  it('forEach requires a callable callback and propagates exceptions', () => {
    const params = new URLSearchParams('a=1');
    assert.throws(() => params.forEach(any({})), TypeError);
    assert.throws(() => params.forEach(any('f')), TypeError);
    const error = new Error('from callback');
    assert.throws(
      () =>
        params.forEach(() => {
          throw error;
        }),
      (e) => e === error,
    );
    // An empty list does not need a call but still checks the callback.
    assert.throws(() => new URLSearchParams().forEach(any(null)), TypeError);
  });
});

describe('URLSearchParams interface shape', () => {
  it('has Web IDL attributes and operations, enumerable on the prototype', () => {
    const proto = URLSearchParams.prototype;
    const members = ['size', 'append', 'delete', 'get', 'getAll', 'has', 'set', 'sort', 'entries', 'keys', 'values', 'forEach', 'toString'];
    for (const member of members) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, member)!;
      assert.ok(descriptor, member);
      assert.equal(descriptor.enumerable, true, member);
      assert.equal(descriptor.configurable, true, member);
    }
    for (const member of members) assert.ok(Object.keys(proto).includes(member), member);
    const size = Object.getOwnPropertyDescriptor(proto, 'size')!;
    assert.equal(typeof size.get, 'function');
    assert.equal(size.set, undefined);
    const iterator = Object.getOwnPropertyDescriptor(proto, Symbol.iterator)!;
    assert.equal(iterator.enumerable, false);
    assert.equal(iterator.writable, true);
    assert.deepEqual(Object.getOwnPropertyDescriptor(proto, Symbol.toStringTag), {
      value: 'URLSearchParams',
      writable: false,
      enumerable: false,
      configurable: true,
    });
    assert.equal(Object.prototype.toString.call(new URLSearchParams()), '[object URLSearchParams]');
  });

  it('functions have the lengths of their required arguments', () => {
    const proto = URLSearchParams.prototype;
    assert.equal(URLSearchParams.length, 0);
    assert.equal(proto.append.length, 2);
    assert.equal(proto.delete.length, 1);
    assert.equal(proto.get.length, 1);
    assert.equal(proto.getAll.length, 1);
    assert.equal(proto.has.length, 1);
    assert.equal(proto.set.length, 2);
    assert.equal(proto.sort.length, 0);
    assert.equal(proto.forEach.length, 1);
    assert.equal(proto.entries.length, 0);
    assert.equal(proto.toString.length, 0);
  });

  it('instances have no own enumerable properties', () => {
    const params = new URLSearchParams('a=1');
    assert.deepEqual(Object.keys(params), []);
    assert.deepEqual(Reflect.ownKeys(params), []);
    assert.equal(JSON.stringify(params), '{}');
  });

  it('has the util.inspect representation of Node\'s own URLSearchParams', () => {
    const Native = globalThis.URLSearchParams;
    const inits: (string | [string, string][])[] = ['', 'a=1&b=x+y&a=3', Array.from({ length: 8 }, (_, i): [string, string] => [`name${i}`, `value${i}`])];
    for (const init of inits) {
      assert.equal(inspect(new URLSearchParams(init)), inspect(new Native(init)), JSON.stringify(init));
    }
    const iterator = new URLSearchParams('a=1&b=2').keys();
    const nativeIterator = new Native('a=1&b=2').keys();
    iterator.next();
    nativeIterator.next();
    assert.equal(inspect(iterator), inspect(nativeIterator));
    const nested = (P: typeof Native | typeof URLSearchParams) => inspect({ nested: { deeper: new P('a=1') } }, { depth: 0 });
    assert.equal(nested(URLSearchParams), nested(Native));
    // At depth 0 the entries are still shown; only a negative depth gives "[Object]".
    assert.equal(inspect(new URLSearchParams('a=1&b=2'), { depth: 0 }), inspect(new Native('a=1&b=2'), { depth: 0 }));
    assert.equal(inspect(new URLSearchParams('a=1&b=2'), { depth: 0 }), "URLSearchParams { 'a' => '1', 'b' => '2' }");
    assert.match(inspect(URLSearchParams.prototype), /size/);
  });
});

describe('URLSearchParams coupled with a URL object', () => {
  function coupled(query: string | null) {
    const updates: Array<string | null> = [];
    const params = createSearchParamsForURL(query, (serializedQuery) => updates.push(serializedQuery));
    return { params, updates };
  }

  it('starts with the parse of the query, or an empty list for null', () => {
    assert.deepEqual(entriesOf(coupled('a=1&b=c+d').params), [['a', '1'], ['b', 'c d']]);
    assert.deepEqual(entriesOf(coupled(null).params), []);
    assert.deepEqual(entriesOf(coupled('').params), []);
    // The query does not include the "?" delimiter, so a "?" is part of the first name.
    assert.deepEqual(entriesOf(coupled('?a=1').params), [['?a', '1']]);
    assert.ok(coupled(null).params instanceof URLSearchParams);
  });

  it('runs the update steps after append, delete, set and sort', () => {
    const { params, updates } = coupled('a=1');
    params.append('b', 'x y');
    assert.deepEqual(updates, ['a=1&b=x+y']);
    params.set('a', '~');
    assert.deepEqual(updates.at(-1), 'a=%7E&b=x+y');
    params.sort();
    assert.deepEqual(updates.at(-1), 'a=%7E&b=x+y');
    params.delete('a');
    assert.deepEqual(updates.at(-1), 'b=x+y');
    assert.equal(updates.length, 4);
    // delete runs them even when nothing was removed.
    params.delete('missing');
    assert.equal(updates.length, 5);
    params.delete('b', 'other');
    assert.equal(updates.length, 6);
    assert.deepEqual(updates.at(-1), 'b=x+y');
  });

  it('passes null when the list becomes empty', () => {
    const { params, updates } = coupled('a=1&a=2');
    params.delete('a', '1');
    params.delete('a');
    assert.deepEqual(updates, ['a=2', null]);
    params.sort();
    assert.deepEqual(updates, ['a=2', null, null]);
    // A list with an empty tuple serializes as "=", not as the empty string.
    params.append('', '');
    assert.deepEqual(updates.at(-1), '=');
  });

  it("re-serializes the query with the serializer's encoding", () => {
    // The standard's example: sorting the query "a=b ~" gives "a=b+%7E".
    const { params, updates } = coupled('a=b%20~');
    assert.equal(params.get('a'), 'b ~');
    params.sort();
    assert.deepEqual(updates, ['a=b+%7E']);
    const flags = coupled('q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88&key=e1f7bc78');
    flags.params.sort();
    assert.deepEqual(flags.updates, ['key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88']);
  });

  it('does not run the update steps for reads, iteration or the constructor', () => {
    const { params, updates } = coupled('a=1');
    params.get('a');
    params.getAll('a');
    params.has('a');
    params.toString();
    void params.size;
    [...params];
    params.forEach(() => {});
    new URLSearchParams(params);
    assert.deepEqual(updates, []);
  });

  it('a copy of a coupled object is standalone', () => {
    const { params, updates } = coupled('a=1');
    const copy = new URLSearchParams(params);
    copy.append('b', '2');
    copy.sort();
    assert.deepEqual(updates, []);
    assert.equal(params.toString(), 'a=1');
  });

  it('setSearchParamsQuery replaces the list without running the update steps', () => {
    const { params, updates } = coupled('a=1');
    setSearchParamsQuery(params, 'x=1&y=2');
    assert.deepEqual(entriesOf(params), [['x', '1'], ['y', '2']]);
    setSearchParamsQuery(params, null);
    assert.equal(params.size, 0);
    setSearchParamsQuery(params, '');
    assert.equal(params.size, 0);
    assert.deepEqual(updates, []);
    params.append('z', '3');
    assert.deepEqual(updates, ['z=3']);
  });

  it('iterators continue over the replaced list', () => {
    const { params } = coupled('a=1&b=2&c=3');
    const iterator = params.keys();
    assert.equal(iterator.next().value, 'a');
    setSearchParamsQuery(params, 'x=1&y=2&z=3');
    assert.equal(iterator.next().value, 'y');
    assert.equal(iterator.next().value, 'z');
    assert.equal(iterator.next().done, true);
  });

  it('the update callback may replace the list', () => {
    let params: URLSearchParams | undefined;
    const updates: Array<string | null> = [];
    params = createSearchParamsForURL('a=1', (serializedQuery) => {
      updates.push(serializedQuery);
      // What a URL object does with its query; the list is parsed again from it.
      setSearchParamsQuery(params!, serializedQuery);
    });
    params.append('b', 'c d');
    assert.deepEqual(updates, ['a=1&b=c+d']);
    assert.deepEqual(entriesOf(params), [['a', '1'], ['b', 'c d']]);
  });
});
