/**
 * The Web IDL surface of URL and URLSearchParams, walked member by member against whatwg-url (the
 * reference implementation, whose classes are generated from the standard's IDL by webidl2js):
 * property keys and descriptors, function lengths and names, and for every operation and attribute
 * the order Web IDL prescribes: `this` is checked before any argument is converted.
 *
 * https://webidl.spec.whatwg.org/#es-interfaces
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createRequire } from 'node:module';

import { URL, URLSearchParams } from '../src/index.ts';

const oracle = createRequire(import.meta.url)('whatwg-url') as typeof import('whatwg-url');

/** util.inspect's hook: ours has it (Node shows the entries), the reference implementation has not. */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

type Shape = Record<string, string | number | boolean>;

/** What Web IDL fixes about a property: its kind, attributes, and a function's length and name. */
function shape(descriptor: PropertyDescriptor): Shape {
  const out: Shape = { enumerable: descriptor.enumerable!, configurable: descriptor.configurable! };
  if ('value' in descriptor) {
    out.writable = descriptor.writable!;
    const value: unknown = descriptor.value;
    if (typeof value === 'function') {
      out.length = value.length;
      out.name = value.name;
    } else {
      out.value = typeof value === 'object' ? 'object' : String(value);
    }
  } else {
    out.get = descriptor.get === undefined ? 'none' : `${descriptor.get.name}/${descriptor.get.length}`;
    out.set = descriptor.set === undefined ? 'none' : `${descriptor.set.name}/${descriptor.set.length}`;
  }
  return out;
}

function surface(target: object): Map<string, Shape> {
  const map = new Map<string, Shape>();
  for (const key of Reflect.ownKeys(target)) {
    if (key === INSPECT) continue;
    map.set(String(key), shape(Object.getOwnPropertyDescriptor(target, key)!));
  }
  return map;
}

const CLASSES = [
  ['URL', URL, oracle.URL],
  ['URLSearchParams', URLSearchParams, oracle.URLSearchParams],
] as const;

describe('the interface objects and prototypes match the reference implementation', () => {
  for (const [name, ours, theirs] of CLASSES) {
    test(`${name}: constructor properties (length, name, static operations)`, () => {
      const a = surface(ours);
      const b = surface(theirs);
      // The prototype property's value differs by identity only.
      assert.deepEqual([...a.keys()].sort(), [...b.keys()].sort());
      for (const [key, value] of b) assert.deepEqual(a.get(key), value, `${name}.${key}`);
    });

    test(`${name}.prototype: every attribute and operation`, () => {
      const a = surface(ours.prototype);
      const b = surface(theirs.prototype);
      assert.deepEqual([...a.keys()].sort(), [...b.keys()].sort());
      for (const [key, value] of b) assert.deepEqual(a.get(key), value, `${name}.prototype.${key}`);
    });
  }

  test('URL.length, URL.parse.length and URL.canParse.length are 1 (required arguments only)', () => {
    assert.equal(URL.length, 1);
    assert.equal(URL.parse.length, 1);
    assert.equal(URL.canParse.length, 1);
  });
});

/** An argument whose conversion to a string would be seen: it records the call and throws. */
function spy(): { value: object; converted: () => boolean } {
  let converted = false;
  const value = {
    toString(): string {
      converted = true;
      throw new Error('converted');
    },
  };
  return { value, converted: () => converted };
}

/** Objects that are not instances of the class: a plain object, the other class's instance, null. */
function wrongThisValues(name: string): unknown[] {
  const other = name === 'URL' ? new URLSearchParams('a=b') : new URL('https://example.com/');
  return [{}, other, Object.create(name === 'URL' ? URL.prototype : URLSearchParams.prototype), null, undefined, 1];
}

describe('`this` is checked before any argument is converted, for every member', () => {
  for (const [name, ours] of CLASSES) {
    const proto = ours.prototype as unknown as Record<PropertyKey, unknown>;
    for (const key of Reflect.ownKeys(proto)) {
      if (key === 'constructor' || key === Symbol.toStringTag || key === INSPECT) continue;
      const descriptor = Object.getOwnPropertyDescriptor(proto, key)!;
      const label = `${name}.prototype.${String(key)}`;
      if (typeof descriptor.value === 'function') {
        const method = descriptor.value as (...args: unknown[]) => unknown;
        test(`${label}()`, () => {
          for (const self of wrongThisValues(name)) {
            const args = [spy(), spy()];
            assert.throws(
              () => Reflect.apply(method, self, args.map((a) => a.value)),
              TypeError,
              `${label} on ${Object.prototype.toString.call(self)}`,
            );
            assert.equal(args.some((a) => a.converted()), false, `${label}: an argument was converted first`);
          }
        });
      }
      if (descriptor.get !== undefined) {
        const getter = descriptor.get;
        test(`get ${label}`, () => {
          for (const self of wrongThisValues(name)) assert.throws(() => Reflect.apply(getter, self, []), TypeError);
        });
      }
      if (descriptor.set !== undefined) {
        const setter = descriptor.set;
        test(`set ${label}`, () => {
          for (const self of wrongThisValues(name)) {
            const arg = spy();
            assert.throws(() => Reflect.apply(setter, self, [arg.value]), TypeError);
            assert.equal(arg.converted(), false, `${label}: the value was converted before 'this' was checked`);
          }
        });
      }
    }
  }

  test('URLSearchParams iterators check `this` in next()', () => {
    const iterator = new URLSearchParams('a=b').entries();
    const next = Object.getPrototypeOf(iterator).next as () => unknown;
    assert.throws(() => Reflect.apply(next, {}, []), TypeError);
    assert.throws(() => Reflect.apply(next, new URLSearchParams(), []), TypeError);
  });
});

describe('the stringifier and toJSON return the serialization of the URL, not the href property', () => {
  class Sub extends URL {
    override get href(): string {
      return 'overridden';
    }
  }

  test('a subclass overriding href changes neither String(url) nor JSON.stringify(url)', () => {
    const url = new Sub('https://example.com/a?b#c');
    assert.equal(url.href, 'overridden');
    assert.equal(String(url), 'https://example.com/a?b#c');
    assert.equal(`${url}`, 'https://example.com/a?b#c');
    assert.equal(url.toString(), 'https://example.com/a?b#c');
    assert.equal(JSON.stringify(url), '"https://example.com/a?b#c"');
    assert.equal(JSON.stringify({ url }), '{"url":"https://example.com/a?b#c"}');
  });

  test('the reference implementation agrees', () => {
    class OracleSub extends oracle.URL {}
    Object.defineProperty(OracleSub.prototype, 'href', { get: () => 'overridden' });
    const url = new OracleSub('https://example.com/a?b#c');
    assert.equal(url.href, 'overridden');
    assert.equal(String(url), 'https://example.com/a?b#c');
    assert.equal(JSON.stringify(url), '"https://example.com/a?b#c"');
  });

  test('toString and toJSON reflect setters, as href does', () => {
    const url = new URL('https://example.com/');
    url.pathname = '/x y';
    assert.equal(url.toString(), 'https://example.com/x%20y');
    assert.equal(url.toJSON(), 'https://example.com/x%20y');
    url.searchParams.append('q', '1');
    assert.equal(String(url), 'https://example.com/x%20y?q=1');
  });

  test('URL.prototype.toJSON and toString on a non-URL throw a TypeError', () => {
    assert.throws(() => URL.prototype.toJSON.call({}), TypeError);
    assert.throws(() => URL.prototype.toString.call({ href: 'https://example.com/' }), TypeError);
    assert.throws(() => URL.prototype.toJSON.call(Object.create(URL.prototype)), TypeError);
  });
});

describe('string arguments are converted with ToString, as the reference implementation does', () => {
  // ToString asks an object for a primitive with the hint "string" (toString before valueOf); a
  // conversion by `'' + value` would ask with the hint "default" and get valueOf's. Symbols throw.
  const both = { toString: () => 'https://example.com/s', valueOf: () => 'https://example.com/v' };
  const hinted = { [Symbol.toPrimitive]: (hint: string) => `https://example.com/${hint}` };
  const attempt = (make: (value: unknown) => string, value: unknown): string => {
    try {
      return make(value);
    } catch (e) {
      return `${(e as Error).name}`;
    }
  };
  const convert = (make: (value: unknown) => string) => [both, hinted, 12, null, undefined].map((value) => attempt(make, value));
  const wrap = (C: typeof URL | typeof oracle.URL, CS: typeof URLSearchParams | typeof oracle.URLSearchParams) => ({
    url: (value: unknown) => new C(value as string).href,
    base: (value: unknown) => new C('x', value as string).href,
    setter: (value: unknown) => {
      const u = new C('https://h/');
      u.pathname = value as string;
      return u.href;
    },
    append: (value: unknown) => {
      const p = new CS();
      p.append(value as string, value as string);
      return p.toString();
    },
  });
  const ours = wrap(URL, URLSearchParams);
  const theirs = wrap(oracle.URL, oracle.URLSearchParams);

  test('objects, numbers, null and undefined', () => {
    assert.deepEqual([ours.url(both), ours.url(hinted)], ['https://example.com/s', 'https://example.com/string']);
    assert.deepEqual([theirs.url(both), theirs.url(hinted)], ['https://example.com/s', 'https://example.com/string']);
    assert.equal(ours.base(both), 'https://example.com/x');
    for (const key of ['base', 'setter', 'append'] as const) assert.deepEqual(convert(ours[key]), convert(theirs[key]), key);
  });

  test('a Symbol throws a TypeError', () => {
    for (const key of ['url', 'base', 'setter', 'append'] as const) {
      assert.throws(() => ours[key](Symbol('s')), TypeError, key);
      assert.throws(() => theirs[key](Symbol('s')), TypeError, key);
    }
  });
});
