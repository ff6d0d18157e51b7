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
import * as URL from './url-interface.ts';
import * as URLSearchParams from './url-search-params-interface.ts';

export { URL, URLSearchParams };
export type { GlobalObject } from './webidl.ts';
