/**
 * The URL interface as whatwg-url's webidl2js wrapper gives it: a class per global (install),
 * implementation objects over url-standard's URL, and the wrapper module's functions (is, isImpl,
 * convert, create, createImpl, new, setup).
 *
 * https://url.spec.whatwg.org/#url-class
 */
import { URLImpl, type URLPrivateData } from './url-impl.ts';
import {
  getSameObject,
  implForWrapperWithInterface,
  initConstructorRegistry,
  constructorRegistry,
  isExposed,
  isObject,
  notEnoughArguments,
  registerWrapper,
  requireImplForWrapper,
  toDOMString,
  toUSVString,
  tryWrapperForImpl,
  type GlobalObject,
  type InterfaceDescriptor,
} from './webidl.ts';

export type { URLImpl, URLPrivateData };

/** https://url.spec.whatwg.org/#url-class */
export const interfaceDescriptor: InterfaceDescriptor = { name: 'URL' };

/** Whether `value` is a URL wrapper (of any global). */
export function is(value: unknown): boolean {
  return implForWrapperWithInterface(value, interfaceDescriptor) !== null;
}

/** Whether `value` is a URL implementation object. */
export function isImpl(value: unknown): value is URLImpl {
  return isObject(value) && value instanceof URLImpl;
}

/** The implementation object of a URL wrapper, or a TypeError naming `context`. */
export function convert(globalObject: GlobalObject, value: unknown, { context = 'The provided value' } = {}): URLImpl {
  const impl = implForWrapperWithInterface(value, interfaceDescriptor);
  if (impl !== null) return impl as URLImpl;
  throw new globalObject.TypeError(`${context} is not of type 'URL'.`);
}

function makeWrapper(globalObject: GlobalObject, newTarget?: Function): object {
  let prototype: unknown;
  if (newTarget !== undefined) prototype = newTarget.prototype;
  if (!isObject(prototype)) prototype = (constructorRegistry(globalObject)['URL'] as Function).prototype;
  return Object.create(prototype as object) as object;
}

/** A new wrapper of the global's class. */
export function create(globalObject: GlobalObject, constructorArgs?: readonly unknown[], privateData?: URLPrivateData): object {
  return setup(makeWrapper(globalObject), globalObject, constructorArgs, privateData);
}

/** The implementation object of a new wrapper of the global's class. */
export function createImpl(globalObject: GlobalObject, constructorArgs?: readonly unknown[], privateData?: URLPrivateData): URLImpl {
  return convert(globalObject, create(globalObject, constructorArgs, privateData));
}

/** Nothing to set up on a URL wrapper before its implementation object is made. */
export function _internalSetup(_wrapper: object, _globalObject: GlobalObject): void {}

/** Makes `wrapper` a URL object, with a new implementation object. */
export function setup(
  wrapper: object,
  globalObject: GlobalObject,
  constructorArgs: readonly unknown[] = [],
  privateData?: URLPrivateData,
): object {
  // webidl2js gives the implementation's constructor the wrapper in its private data; a URL's
  // implementation does not read it, so none is made for a constructor call.
  if (privateData !== undefined) privateData['wrapper'] = wrapper;
  _internalSetup(wrapper, globalObject);
  const impl = new URLImpl(globalObject, constructorArgs, privateData);
  registerWrapper(wrapper, impl, interfaceDescriptor);
  return wrapper;
}

/**
 * A wrapper whose prototype is `newTarget`'s, with an implementation object whose constructor has
 * not run (for a subclass that sets it up itself).
 */
function newImpl(globalObject: GlobalObject, newTarget?: Function): URLImpl {
  const wrapper = makeWrapper(globalObject, newTarget);
  _internalSetup(wrapper, globalObject);
  const impl = Object.create(URLImpl.prototype) as URLImpl;
  registerWrapper(wrapper, impl, interfaceDescriptor);
  return impl;
}
export { newImpl as new };

/**
 * Converts the optional second argument of the constructor, parse and canParse. Both of their
 * arguments are USVStrings, converted only to strings here: url-standard's parser reads a lone
 * surrogate as the U+FFFD that the USVString conversion would put there, so its own URL leaves
 * that step to the parser too (URLImpl's messages show the converted strings).
 */
function optionalBase(globalObject: GlobalObject, value: unknown, context: string): string | undefined {
  return value === undefined ? undefined : toDOMString(value, context, globalObject);
}

/**
 * Defines the global's URL class and puts it on the global (with its legacy alias webkitURL on a
 * Window), when the global is a Window or a Worker.
 */
export function install(globalObject: GlobalObject, globalNames: readonly string[]): void {
  if (!isExposed(globalNames)) return;
  const registry = initConstructorRegistry(globalObject);
  const requireImpl = (self: unknown, context: string): URLImpl =>
    requireImplForWrapper(self, interfaceDescriptor, globalObject, context) as URLImpl;
  const setterContext = (name: string): string => `Failed to set the '${name}' property on 'URL': The provided value`;

  // Optional arguments are read from `arguments`, so that each function's length is its number of
  // required arguments, as Web IDL says.
  class URL {
    constructor(url: string) {
      if (arguments.length < 1) throw notEnoughArguments(globalObject, "Failed to construct 'URL'", 1, arguments.length);
      const args = [
        toDOMString(url, "Failed to construct 'URL': parameter 1", globalObject),
        optionalBase(globalObject, arguments[1], "Failed to construct 'URL': parameter 2"),
      ];
      return setup(Object.create(new.target.prototype as object) as object, globalObject, args) as URL;
    }

    toJSON(): string {
      return requireImpl(this ?? globalObject, 'toJSON').toJSON();
    }

    get href(): string {
      return requireImpl(this ?? globalObject, 'get href').href;
    }

    set href(value: string) {
      const impl = requireImpl(this ?? globalObject, 'set href');
      impl.href = toUSVString(value, setterContext('href'), globalObject);
    }

    toString(): string {
      return requireImpl(this, 'toString').href;
    }

    get origin(): string {
      return requireImpl(this ?? globalObject, 'get origin').origin;
    }

    get protocol(): string {
      return requireImpl(this ?? globalObject, 'get protocol').protocol;
    }

    set protocol(value: string) {
      const impl = requireImpl(this ?? globalObject, 'set protocol');
      impl.protocol = toUSVString(value, setterContext('protocol'), globalObject);
    }

    get username(): string {
      return requireImpl(this ?? globalObject, 'get username').username;
    }

    set username(value: string) {
      const impl = requireImpl(this ?? globalObject, 'set username');
      impl.username = toUSVString(value, setterContext('username'), globalObject);
    }

    get password(): string {
      return requireImpl(this ?? globalObject, 'get password').password;
    }

    set password(value: string) {
      const impl = requireImpl(this ?? globalObject, 'set password');
      impl.password = toUSVString(value, setterContext('password'), globalObject);
    }

    get host(): string {
      return requireImpl(this ?? globalObject, 'get host').host;
    }

    set host(value: string) {
      const impl = requireImpl(this ?? globalObject, 'set host');
      impl.host = toUSVString(value, setterContext('host'), globalObject);
    }

    get hostname(): string {
      return requireImpl(this ?? globalObject, 'get hostname').hostname;
    }

    set hostname(value: string) {
      const impl = requireImpl(this ?? globalObject, 'set hostname');
      impl.hostname = toUSVString(value, setterContext('hostname'), globalObject);
    }

    get port(): string {
      return requireImpl(this ?? globalObject, 'get port').port;
    }

    set port(value: string) {
      const impl = requireImpl(this ?? globalObject, 'set port');
      impl.port = toUSVString(value, setterContext('port'), globalObject);
    }

    get pathname(): string {
      return requireImpl(this ?? globalObject, 'get pathname').pathname;
    }

    set pathname(value: string) {
      const impl = requireImpl(this ?? globalObject, 'set pathname');
      impl.pathname = toUSVString(value, setterContext('pathname'), globalObject);
    }

    get search(): string {
      return requireImpl(this ?? globalObject, 'get search').search;
    }

    set search(value: string) {
      const impl = requireImpl(this ?? globalObject, 'set search');
      impl.search = toUSVString(value, setterContext('search'), globalObject);
    }

    get searchParams(): object {
      const impl = requireImpl(this ?? globalObject, 'get searchParams');
      return getSameObject(this, 'searchParams', () => tryWrapperForImpl(impl.searchParams));
    }

    get hash(): string {
      return requireImpl(this ?? globalObject, 'get hash').hash;
    }

    set hash(value: string) {
      const impl = requireImpl(this ?? globalObject, 'set hash');
      impl.hash = toUSVString(value, setterContext('hash'), globalObject);
    }

    static parse(url: string): object | null {
      if (arguments.length < 1) throw notEnoughArguments(globalObject, "Failed to execute 'parse' on 'URL'", 1, arguments.length);
      const input = toDOMString(url, "Failed to execute 'parse' on 'URL': parameter 1", globalObject);
      const convertedBase = optionalBase(globalObject, arguments[1], "Failed to execute 'parse' on 'URL': parameter 2");
      return tryWrapperForImpl(URLImpl.parse(globalObject, input, convertedBase));
    }

    static canParse(url: string): boolean {
      if (arguments.length < 1) throw notEnoughArguments(globalObject, "Failed to execute 'canParse' on 'URL'", 1, arguments.length);
      const input = toDOMString(url, "Failed to execute 'canParse' on 'URL': parameter 1", globalObject);
      const convertedBase = optionalBase(globalObject, arguments[1], "Failed to execute 'canParse' on 'URL': parameter 2");
      return URLImpl.canParse(input, convertedBase);
    }
  }
  const enumerable = { enumerable: true };
  Object.defineProperties(URL.prototype, {
    toJSON: enumerable,
    href: enumerable,
    toString: enumerable,
    origin: enumerable,
    protocol: enumerable,
    username: enumerable,
    password: enumerable,
    host: enumerable,
    hostname: enumerable,
    port: enumerable,
    pathname: enumerable,
    search: enumerable,
    searchParams: enumerable,
    hash: enumerable,
    [Symbol.toStringTag]: { value: 'URL', configurable: true },
  });
  Object.defineProperties(URL, { parse: enumerable, canParse: enumerable });
  registry['URL'] = URL;

  Object.defineProperty(globalObject, 'URL', { configurable: true, writable: true, value: URL });
  if (globalNames.includes('Window')) {
    Object.defineProperty(globalObject, 'webkitURL', { configurable: true, writable: true, value: URL });
  }
}
