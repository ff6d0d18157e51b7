/**
 * The entry `@url-standard/whatwg-url/webidl2js-wrapper` (whatwg-url's `whatwg-url/webidl2js-wrapper`):
 * the URL and URLSearchParams interfaces as webidl2js modules, to install on any number of global
 * objects (jsdom installs them on every window).
 *
 * ```js
 * const { URL, URLSearchParams } = require('@url-standard/whatwg-url/webidl2js-wrapper');
 * const window = { Array, Object, Promise, String, TypeError };
 * URL.install(window, ['Window']);
 * URLSearchParams.install(window, ['Window']);
 * new window.URL('https://example.com/').searchParams instanceof window.URLSearchParams; // true
 * ```
 */
import * as URLInterface from './url-interface.ts';
import * as URLSearchParamsInterface from './url-search-params-interface.ts';

// Each interface is a plain object of its functions, as whatwg-url's module exports are. Written
// out here, rather than as the modules' namespace objects, so that a bundle of the main entry
// (which installs the classes only) leaves out the functions that only this entry gives.

/** The URL interface's webidl2js functions. */
export const URL = {
  interfaceDescriptor: URLInterface.interfaceDescriptor,
  is: URLInterface.is,
  isImpl: URLInterface.isImpl,
  convert: URLInterface.convert,
  create: URLInterface.create,
  createImpl: URLInterface.createImpl,
  _internalSetup: URLInterface._internalSetup,
  setup: URLInterface.setup,
  new: URLInterface.new,
  install: URLInterface.install,
};

/** The URLSearchParams interface's webidl2js functions. */
export const URLSearchParams = {
  interfaceDescriptor: URLSearchParamsInterface.interfaceDescriptor,
  is: URLSearchParamsInterface.is,
  isImpl: URLSearchParamsInterface.isImpl,
  convert: URLSearchParamsInterface.convert,
  createDefaultIterator: URLSearchParamsInterface.createDefaultIterator,
  create: URLSearchParamsInterface.create,
  createImpl: URLSearchParamsInterface.createImpl,
  _internalSetup: URLSearchParamsInterface._internalSetup,
  setup: URLSearchParamsInterface.setup,
  new: URLSearchParamsInterface.new,
  install: URLSearchParamsInterface.install,
};

export type { GlobalObject } from './webidl.ts';
