/**
 * The URLSearchParams interface as whatwg-url's webidl2js wrapper gives it: a class per global
 * (install), implementation objects over url-standard's URLSearchParams, and the wrapper module's
 * functions (is, isImpl, convert, create, createImpl, new, setup, createDefaultIterator).
 *
 * https://url.spec.whatwg.org/#interface-urlsearchparams
 */
import {
  URLSearchParamsImpl,
  type URLSearchParamsInit,
  type URLSearchParamsPrivateData,
} from './url-search-params-impl.ts';
import {
  getMethod,
  implForWrapperWithInterface,
  initConstructorRegistry,
  constructorRegistry,
  isExposed,
  isObject,
  iteratorInternalSymbol,
  notEnoughArguments,
  registerWrapper,
  requireImplForWrapper,
  toUSVString,
  type GlobalObject,
  type InterfaceDescriptor,
} from './webidl.ts';

export type { URLSearchParamsImpl, URLSearchParamsInit, URLSearchParamsPrivateData };

/** https://url.spec.whatwg.org/#interface-urlsearchparams */
export const interfaceDescriptor: InterfaceDescriptor = { name: 'URLSearchParams' };

/** Whether `value` is a URLSearchParams wrapper (of any global). */
export function is(value: unknown): boolean {
  return implForWrapperWithInterface(value, interfaceDescriptor) !== null;
}

/** Whether `value` is a URLSearchParams implementation object. */
export function isImpl(value: unknown): value is URLSearchParamsImpl {
  return isObject(value) && value instanceof URLSearchParamsImpl;
}

/** The implementation object of a URLSearchParams wrapper, or a TypeError naming `context`. */
export function convert(globalObject: GlobalObject, value: unknown, { context = 'The provided value' } = {}): URLSearchParamsImpl {
  const impl = implForWrapperWithInterface(value, interfaceDescriptor);
  if (impl !== null) return impl as URLSearchParamsImpl;
  throw new globalObject.TypeError(`${context} is not of type 'URLSearchParams'.`);
}

/** The iteration kinds. https://webidl.spec.whatwg.org/#dfn-default-iterator-object */
export type IterationKind = 'key' | 'value' | 'key+value';

/** The state of a default iterator: url-standard's iterator, which follows the list as it changes. */
interface IteratorInternal {
  readonly iterator: Iterator<unknown>;
}

/** A default iterator object of the global's realm for `target`. https://webidl.spec.whatwg.org/#es-default-iterator */
export function createDefaultIterator(globalObject: GlobalObject, target: URLSearchParamsImpl, kind: IterationKind): object {
  const iteratorPrototype = constructorRegistry(globalObject)['URLSearchParams Iterator'] as object;
  const iterator = Object.create(iteratorPrototype) as object;
  const params = target._params;
  const internal: IteratorInternal = {
    iterator: kind === 'key' ? params.keys() : kind === 'value' ? params.values() : params.entries(),
  };
  Object.defineProperty(iterator, iteratorInternalSymbol, { value: internal, configurable: true });
  return iterator;
}

function makeWrapper(globalObject: GlobalObject, newTarget?: Function): object {
  let prototype: unknown;
  if (newTarget !== undefined) prototype = newTarget.prototype;
  if (!isObject(prototype)) prototype = (constructorRegistry(globalObject)['URLSearchParams'] as Function).prototype;
  return Object.create(prototype as object) as object;
}

/** A new wrapper of the global's class. */
export function create(globalObject: GlobalObject, constructorArgs?: readonly unknown[], privateData?: URLSearchParamsPrivateData): object {
  return setup(makeWrapper(globalObject), globalObject, constructorArgs, privateData);
}

/** The implementation object of a new wrapper of the global's class. */
export function createImpl(
  globalObject: GlobalObject,
  constructorArgs?: readonly unknown[],
  privateData?: URLSearchParamsPrivateData,
): URLSearchParamsImpl {
  return convert(globalObject, create(globalObject, constructorArgs, privateData));
}

/** Nothing to set up on a URLSearchParams wrapper before its implementation object is made. */
export function _internalSetup(_wrapper: object, _globalObject: GlobalObject): void {}

/** Makes `wrapper` a URLSearchParams object, with a new implementation object. */
export function setup(
  wrapper: object,
  globalObject: GlobalObject,
  constructorArgs: readonly unknown[] = [],
  privateData: URLSearchParamsPrivateData = {},
): object {
  privateData['wrapper'] = wrapper;
  _internalSetup(wrapper, globalObject);
  const impl = new URLSearchParamsImpl(globalObject, constructorArgs, privateData);
  registerWrapper(wrapper, impl, interfaceDescriptor);
  return wrapper;
}

/**
 * A wrapper whose prototype is `newTarget`'s, with an implementation object whose constructor has
 * not run (for a subclass that sets it up itself).
 */
function newImpl(globalObject: GlobalObject, newTarget?: Function): URLSearchParamsImpl {
  const wrapper = makeWrapper(globalObject, newTarget);
  _internalSetup(wrapper, globalObject);
  const impl = Object.create(URLSearchParamsImpl.prototype) as URLSearchParamsImpl;
  registerWrapper(wrapper, impl, interfaceDescriptor);
  return impl;
}
export { newImpl as new };

/** The constructor's argument conversion: the union (sequence<sequence<USVString>> or record<USVString, USVString> or USVString). */
function convertInit(globalObject: GlobalObject, value: unknown): URLSearchParamsInit {
  const context = "Failed to construct 'URLSearchParams': parameter 1";
  if (value === undefined) return '';
  if (!isObject(value)) return toUSVString(value, context, globalObject);
  const method = getMethod(value, Symbol.iterator, context);
  if (method !== undefined) {
    const pairs: string[][] = [];
    for (const item of value as Iterable<unknown>) {
      if (!isObject(item)) {
        throw new globalObject.TypeError(`${context} sequence's element is not an iterable object.`);
      }
      const pair: string[] = [];
      for (const part of item as Iterable<unknown>) {
        pair.push(toUSVString(part, `${context} sequence's element's element`, globalObject));
      }
      pairs.push(pair);
    }
    return pairs;
  }
  const record = Object.create(null) as Record<string, string>;
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor !== undefined && descriptor.enumerable === true) {
      const typedKey = toUSVString(key, `${context} record's key`, globalObject);
      record[typedKey] = toUSVString((value as Record<PropertyKey, unknown>)[key], `${context} record's value`, globalObject);
    }
  }
  return record;
}

/**
 * Defines the global's URLSearchParams class and its iterator prototype, and puts the class on the
 * global, when the global is a Window or a Worker.
 */
export function install(globalObject: GlobalObject, globalNames: readonly string[]): void {
  if (!isExposed(globalNames)) return;
  const registry = initConstructorRegistry(globalObject);
  const requireImpl = (self: unknown, context: string): URLSearchParamsImpl =>
    requireImplForWrapper(self, interfaceDescriptor, globalObject, context) as URLSearchParamsImpl;
  const operation = (name: string): string => `Failed to execute '${name}' on 'URLSearchParams'`;
  const argument = (name: string, index: number): string => `${operation(name)}: parameter ${index}`;

  // Optional arguments are read from `arguments`, so that each function's length is its number of
  // required arguments, as Web IDL says.
  class URLSearchParams {
    constructor() {
      const args = [convertInit(globalObject, arguments[0])];
      return setup(Object.create(new.target.prototype as object) as object, globalObject, args) as URLSearchParams;
    }

    append(name: string, value: string): void {
      const impl = requireImpl(this ?? globalObject, 'append');
      if (arguments.length < 2) throw notEnoughArguments(globalObject, operation('append'), 2, arguments.length);
      impl.append(toUSVString(name, argument('append', 1), globalObject), toUSVString(value, argument('append', 2), globalObject));
    }

    delete(name: string): void {
      const impl = requireImpl(this ?? globalObject, 'delete');
      if (arguments.length < 1) throw notEnoughArguments(globalObject, operation('delete'), 1, arguments.length);
      const convertedName = toUSVString(name, argument('delete', 1), globalObject);
      const value: unknown = arguments[1];
      impl.delete(convertedName, value === undefined ? undefined : toUSVString(value, argument('delete', 2), globalObject));
    }

    get(name: string): string | null {
      const impl = requireImpl(this ?? globalObject, 'get');
      if (arguments.length < 1) throw notEnoughArguments(globalObject, operation('get'), 1, arguments.length);
      return impl.get(toUSVString(name, argument('get', 1), globalObject));
    }

    getAll(name: string): string[] {
      const impl = requireImpl(this ?? globalObject, 'getAll');
      if (arguments.length < 1) throw notEnoughArguments(globalObject, operation('getAll'), 1, arguments.length);
      return impl.getAll(toUSVString(name, argument('getAll', 1), globalObject));
    }

    has(name: string): boolean {
      const impl = requireImpl(this ?? globalObject, 'has');
      if (arguments.length < 1) throw notEnoughArguments(globalObject, operation('has'), 1, arguments.length);
      const convertedName = toUSVString(name, argument('has', 1), globalObject);
      const value: unknown = arguments[1];
      return impl.has(convertedName, value === undefined ? undefined : toUSVString(value, argument('has', 2), globalObject));
    }

    set(name: string, value: string): void {
      const impl = requireImpl(this ?? globalObject, 'set');
      if (arguments.length < 2) throw notEnoughArguments(globalObject, operation('set'), 2, arguments.length);
      impl.set(toUSVString(name, argument('set', 1), globalObject), toUSVString(value, argument('set', 2), globalObject));
    }

    sort(): void {
      requireImpl(this ?? globalObject, 'sort').sort();
    }

    toString(): string {
      return requireImpl(this ?? globalObject, 'toString').toString();
    }

    keys(): object {
      return createDefaultIterator(globalObject, requireImpl(this, 'keys'), 'key');
    }

    values(): object {
      return createDefaultIterator(globalObject, requireImpl(this, 'values'), 'value');
    }

    entries(): object {
      return createDefaultIterator(globalObject, requireImpl(this, 'entries'), 'key+value');
    }

    forEach(callback: Function): void {
      const impl = requireImpl(this, 'forEach');
      const thisArg: unknown = arguments[1];
      if (arguments.length < 1) {
        throw notEnoughArguments(globalObject, "Failed to execute 'forEach' on 'iterable'", 1, arguments.length);
      }
      if (typeof callback !== 'function') {
        throw new globalObject.TypeError(
          "Failed to execute 'forEach' on 'iterable': The callback provided as parameter 1 is not a function",
        );
      }
      // url-standard's forEach reads the list again before each call, as Web IDL's does.
      impl._params.forEach((value, key) => {
        Reflect.apply(callback, thisArg, [value, key, this]);
      });
    }

    get size(): number {
      return requireImpl(this ?? globalObject, 'get size').size;
    }
  }
  const prototype = URLSearchParams.prototype as unknown as Record<string, unknown>;
  const enumerable = { enumerable: true };
  Object.defineProperties(URLSearchParams.prototype, {
    append: enumerable,
    delete: enumerable,
    get: enumerable,
    getAll: enumerable,
    has: enumerable,
    set: enumerable,
    sort: enumerable,
    toString: enumerable,
    keys: enumerable,
    values: enumerable,
    entries: enumerable,
    forEach: enumerable,
    size: enumerable,
    [Symbol.toStringTag]: { value: 'URLSearchParams', configurable: true },
    [Symbol.iterator]: { value: prototype['entries'], configurable: true, writable: true },
  });
  registry['URLSearchParams'] = URLSearchParams;

  const iteratorPrototype = Object.create(registry['%IteratorPrototype%'], {
    [Symbol.toStringTag]: { configurable: true, value: 'URLSearchParams Iterator' },
  }) as object;
  Object.defineProperty(iteratorPrototype, 'next', {
    configurable: true,
    enumerable: true,
    writable: true,
    value: function next(this: unknown): IteratorResult<unknown> {
      const internal = isObject(this) ? (this as { [iteratorInternalSymbol]?: IteratorInternal })[iteratorInternalSymbol] : undefined;
      if (internal === undefined) {
        throw new globalObject.TypeError('next() called on a value that is not a URLSearchParams iterator object');
      }
      const step = internal.iterator.next();
      // The result is an object of the global's realm.
      const result = Object.create(registry['%Object.prototype%']) as { value: unknown; done: boolean };
      result.value = step.done === true ? undefined : step.value;
      result.done = step.done === true;
      return result as IteratorResult<unknown>;
    },
  });
  registry['URLSearchParams Iterator'] = iteratorPrototype;

  Object.defineProperty(globalObject, 'URLSearchParams', { configurable: true, writable: true, value: URLSearchParams });
}
