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
// The bundle's layout, as in the main entry (src/index.ts): the IDNA tables first, before the
// parser's modules instead of between them (npm run size: 30,421 -> 30,247 bytes gzipped).
import './idna/tables.ts';
export {
  URLPattern,
  type URLPatternInput,
  type URLPatternInit,
  type URLPatternOptions,
  type URLPatternResult,
  type URLPatternComponentResult,
  type URLPatternComponent,
} from './urlpattern/url-pattern.ts';
