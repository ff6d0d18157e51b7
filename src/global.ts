/**
 * `import 'url-standard/global'` makes this package's URL and URLSearchParams the global ones
 * (`globalThis.URL`, `globalThis.URLSearchParams`), so that code which uses the globals gets the
 * standard's behaviour in every runtime. The properties are defined as the platform defines its
 * interface objects: writable, configurable, not enumerable.
 *
 * This module exists for that side effect; it also exports the two classes.
 */
import { URL } from './url.ts';
import { URLSearchParams } from './url-search-params.ts';

for (const [name, value] of [
  ['URL', URL],
  ['URLSearchParams', URLSearchParams],
] as const) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}

export { URL, URLSearchParams };
