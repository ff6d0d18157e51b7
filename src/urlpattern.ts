/**
 * url-standard/urlpattern: the URL Pattern Standard, on this package's URL parser.
 *
 * https://urlpattern.spec.whatwg.org/
 *
 * ```ts
 * import { URLPattern } from 'url-standard/urlpattern';
 *
 * const pattern = new URLPattern({ pathname: '/users/:id' });
 * pattern.exec('https://example.com/users/42')?.pathname.groups.id; // '42'
 * ```
 */
export {
  URLPattern,
  type URLPatternInput,
  type URLPatternInit,
  type URLPatternOptions,
  type URLPatternResult,
  type URLPatternComponentResult,
  type URLPatternComponent,
} from './urlpattern/url-pattern.ts';
