/**
 * The implementation object of the URLSearchParams interface (whatwg-url's URLSearchParams-impl):
 * the operations, over url-standard's URLSearchParams, which keeps the list and runs a URL's
 * update steps.
 *
 * https://url.spec.whatwg.org/#interface-urlsearchparams
 */
import { URLSearchParams as StandardURLSearchParams } from 'url-standard';
import { wrapperSymbol, type GlobalObject } from './webidl.ts';

/** The key, in `privateData`, of the url-standard object a URL's query object wraps. */
export const standardParamsKey: unique symbol = Symbol('url-standard URLSearchParams');

/** What `setup` and `create` accept as private data. */
export interface URLSearchParamsPrivateData {
  /** Keep a leading "?" of a string argument (whatwg-url's flag for a URL's query object). */
  doNotStripQMark?: boolean;
  /** The url-standard object to wrap (a URL's query object). */
  [standardParamsKey]?: StandardURLSearchParams;
  [key: string]: unknown;
}

/** The converted constructor argument: pairs, a record without prototype, or a string. */
export type URLSearchParamsInit = string[][] | Record<string, string> | string;

/** The implementation object: the list lives in url-standard's URLSearchParams. */
export class URLSearchParamsImpl {
  declare _globalObject: GlobalObject;
  /** url-standard's object, which keeps the list and runs the update steps of a URL's query. */
  declare _params: StandardURLSearchParams;
  declare [wrapperSymbol]?: object;

  constructor(globalObject: GlobalObject, constructorArgs: readonly unknown[], privateData: URLSearchParamsPrivateData = {}) {
    this._globalObject = globalObject;
    const wrapped = privateData[standardParamsKey];
    if (wrapped !== undefined) {
      this._params = wrapped;
      return;
    }
    const init = constructorArgs[0] as URLSearchParamsInit | undefined;
    if (Array.isArray(init)) {
      for (const pair of init) {
        if (pair.length !== 2) {
          throw new TypeError(
            "Failed to construct 'URLSearchParams': parameter 1 sequence's element does not contain exactly two elements.",
          );
        }
      }
      this._params = new StandardURLSearchParams(init as [string, string][]);
    } else if (typeof init === 'object' && init !== null) {
      this._params = new StandardURLSearchParams(init);
    } else {
      const query = init === undefined ? '' : String(init);
      // url-standard removes a leading "?"; "&" before it keeps it and adds no name-value pair.
      this._params = new StandardURLSearchParams(privateData.doNotStripQMark === true && query.startsWith('?') ? '&' + query : query);
    }
  }

  get size(): number {
    return this._params.size;
  }

  append(name: string, value: string): void {
    this._params.append(name, value);
  }

  delete(name: string, value?: string): void {
    if (value === undefined) this._params.delete(name);
    else this._params.delete(name, value);
  }

  get(name: string): string | null {
    return this._params.get(name);
  }

  getAll(name: string): string[] {
    return this._params.getAll(name);
  }

  has(name: string, value?: string): boolean {
    return value === undefined ? this._params.has(name) : this._params.has(name, value);
  }

  set(name: string, value: string): void {
    this._params.set(name, value);
  }

  sort(): void {
    this._params.sort();
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this._params.entries();
  }

  toString(): string {
    return this._params.toString();
  }
}
