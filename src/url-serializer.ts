/**
 * URL serializing (URL Standard §4.5).
 *
 * https://url.spec.whatwg.org/#url-serializing
 */
import { CodeUnit } from './code-unit.ts';
import type { URLRecord } from './url-record.ts';

/**
 * The URL serializer.
 *
 * https://url.spec.whatwg.org/#concept-url-serializer
 */
export function serializeURL(url: URLRecord, excludeFragment = false): string {
  let output: string;
  if (url.host !== null) {
    output = schemeAndSlashes(url.scheme);
    if (url.username !== '' || url.password !== '') {
      output += url.username;
      if (url.password !== '') output += ':' + url.password;
      output += '@';
    }
    output += url.host;
    // The port, serialized (https://url.spec.whatwg.org/#serialize-an-integer).
    if (url.port !== null) output += ':' + url.port;
  } else {
    output = url.scheme + ':';
    // A second "/" in the serialized path: path[0] is the empty string and the path has more.
    if (!url.opaquePath && url.serializedPath.charCodeAt(1) === CodeUnit.Solidus) output += '/.';
  }
  output += url.serializedPath;
  if (url.query !== null) output += '?' + url.query;
  if (!excludeFragment && url.fragment !== null) output += '#' + url.fragment;
  return output;
}

/**
 * The scheme, ":" and "//": one shared string for the special schemes, where concatenating would
 * make two short strings per URL.
 */
function schemeAndSlashes(scheme: string): string {
  switch (scheme) {
    case 'https':
      return 'https://';
    case 'http':
      return 'http://';
    case 'file':
      return 'file://';
    case 'wss':
      return 'wss://';
    case 'ws':
      return 'ws://';
    case 'ftp':
      return 'ftp://';
    default:
      return scheme + '://';
  }
}

/**
 * The URL path serializer.
 *
 * https://url.spec.whatwg.org/#url-path-serializer
 */
export function serializePath(url: URLRecord): string {
  return url.serializedPath;
}
