/**
 * URL serializing (URL Standard §4.5).
 *
 * https://url.spec.whatwg.org/#url-serializing
 */
import type { URLRecord } from './url-record.ts';

/**
 * The URL serializer.
 *
 * https://url.spec.whatwg.org/#concept-url-serializer
 */
export function serializeURL(url: URLRecord, excludeFragment = false): string {
  let output = url.scheme + ':';
  if (url.host !== null) {
    output += '//';
    if (url.username !== '' || url.password !== '') {
      output += url.username;
      if (url.password !== '') output += ':' + url.password;
      output += '@';
    }
    output += url.host;
    // The port, serialized (https://url.spec.whatwg.org/#serialize-an-integer).
    if (url.port !== null) output += ':' + url.port;
  } else if (!url.opaquePath && url.serializedPath.charCodeAt(1) === 0x2f /* path[0] is "" and size > 1 */) {
    output += '/.';
  }
  output += url.serializedPath;
  if (url.query !== null) output += '?' + url.query;
  if (!excludeFragment && url.fragment !== null) output += '#' + url.fragment;
  return output;
}

/**
 * The URL path serializer.
 *
 * https://url.spec.whatwg.org/#url-path-serializer
 */
export function serializePath(url: URLRecord): string {
  return url.serializedPath;
}
