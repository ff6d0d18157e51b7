/**
 * The implementation object of the URL interface (whatwg-url's URL-impl): the attributes and
 * operations, over url-standard's URL object, with whatwg-url's messages for the constructor and
 * the href setter.
 *
 * https://url.spec.whatwg.org/#url-class
 */
import { URL as StandardURL } from 'url-standard';
import { createImpl } from './url-interface.ts';
import * as URLSearchParamsInterface from './url-search-params-interface.ts';
import { standardParamsKey, type URLSearchParamsImpl } from './url-search-params-impl.ts';
import { wrapperSymbol, type GlobalObject } from './webidl.ts';

/** The key, in `privateData`, of a url-standard URL already parsed from the arguments. */
export const standardURLKey: unique symbol = Symbol('url-standard URL');

/** What `setup` and `create` accept as private data. */
export interface URLPrivateData {
  [standardURLKey]?: StandardURL;
  [key: string]: unknown;
}

/** The implementation object: the URL lives in url-standard's URL object. */
export class URLImpl {
  declare _globalObject: GlobalObject;
  /** url-standard's URL object: its record and its query object. */
  declare _standard: StandardURL;
  /** The query object's implementation, made when first asked for. */
  declare _query: URLSearchParamsImpl | null;
  declare [wrapperSymbol]?: object;

  // The constructor's messages say which of the two arguments failed, as whatwg-url's do.
  constructor(globalObject: GlobalObject, constructorArgs: readonly unknown[], privateData?: URLPrivateData) {
    this._globalObject = globalObject;
    this._query = null;
    const parsed = privateData?.[standardURLKey];
    if (parsed !== undefined) {
      this._standard = parsed;
      return;
    }
    const url = constructorArgs[0] as string;
    const base = constructorArgs[1] as string | undefined;
    const standard = StandardURL.parse(url, base);
    if (standard === null) {
      // The messages show the arguments as their USVString conversion made them.
      if (base !== undefined && !StandardURL.canParse(base)) throw new TypeError(`Invalid base URL: ${base.toWellFormed()}`);
      throw new TypeError(`Invalid URL: ${url.toWellFormed()}`);
    }
    this._standard = standard;
  }

  /** https://url.spec.whatwg.org/#dom-url-parse */
  static parse(globalObject: GlobalObject, input: string, base?: string): URLImpl | null {
    const standard = StandardURL.parse(input, base);
    if (standard === null) return null;
    return createImpl(globalObject, [input, base], { [standardURLKey]: standard });
  }

  /** https://url.spec.whatwg.org/#dom-url-canparse */
  static canParse(url: string, base?: string): boolean {
    return base === undefined ? StandardURL.canParse(url) : StandardURL.canParse(url, base);
  }

  get href(): string {
    return this._standard.href;
  }

  // url-standard's setter throws a TypeError only when the value does not parse (and then leaves
  // the URL as it was); the drop-in throws whatwg-url's message instead.
  set href(value: string) {
    try {
      this._standard.href = value;
    } catch (error) {
      if (error instanceof TypeError) throw new TypeError(`Invalid URL: ${value}`);
      throw error;
    }
  }

  get origin(): string {
    return this._standard.origin;
  }

  get protocol(): string {
    return this._standard.protocol;
  }

  set protocol(value: string) {
    this._standard.protocol = value;
  }

  get username(): string {
    return this._standard.username;
  }

  set username(value: string) {
    this._standard.username = value;
  }

  get password(): string {
    return this._standard.password;
  }

  set password(value: string) {
    this._standard.password = value;
  }

  get host(): string {
    return this._standard.host;
  }

  set host(value: string) {
    this._standard.host = value;
  }

  get hostname(): string {
    return this._standard.hostname;
  }

  set hostname(value: string) {
    this._standard.hostname = value;
  }

  get port(): string {
    return this._standard.port;
  }

  set port(value: string) {
    this._standard.port = value;
  }

  get pathname(): string {
    return this._standard.pathname;
  }

  set pathname(value: string) {
    this._standard.pathname = value;
  }

  get search(): string {
    return this._standard.search;
  }

  set search(value: string) {
    this._standard.search = value;
  }

  /** The query object of the same global, over url-standard's (so both see every change). */
  get searchParams(): URLSearchParamsImpl {
    let query = this._query;
    if (query === null) {
      query = URLSearchParamsInterface.createImpl(this._globalObject, [], {
        [standardParamsKey]: this._standard.searchParams,
      });
      this._query = query;
    }
    return query;
  }

  get hash(): string {
    return this._standard.hash;
  }

  set hash(value: string) {
    this._standard.hash = value;
  }

  toJSON(): string {
    return this._standard.href;
  }
}
