/**
 * whatwg-url's serializers and record helpers, over its plain records.
 *
 * https://url.spec.whatwg.org/#url-serializing
 */
import { percentDecode, utf8PercentEncode } from 'url-standard';
import { parseURL } from './parse.ts';
import { serializeHost, type URLRecord } from './record.ts';

/**
 * The URL path serializer: the opaque path, or "/" before each segment.
 * https://url.spec.whatwg.org/#url-path-serializer
 */
export function serializePath(url: URLRecord): string {
  return appendPath('', url.path);
}

/**
 * `output` followed by the serialization of `path`. The URL serializer appends "/" and each segment
 * to what it has written, one at a time, rather than concatenating a path string made first or a
 * "/" and segment pair: each concatenation makes a new string.
 */
function appendPath(output: string, path: string | string[]): string {
  if (typeof path === 'string') return output + path;
  for (let i = 0; i < path.length; i++) {
    output += '/';
    output += path[i];
  }
  return output;
}

/**
 * The scheme, ":" and "//": one shared string for the special schemes, where concatenating would
 * make a new string per URL.
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
 * The URL serializer.
 * https://url.spec.whatwg.org/#concept-url-serializer
 */
export function serializeURL(url: URLRecord, excludeFragment = false): string {
  const host = url.host;
  const path = url.path;
  let output: string;
  if (host !== null) {
    output = schemeAndSlashes(url.scheme);
    if (url.username !== '' || url.password !== '') {
      output += url.username;
      if (url.password !== '') output += ':' + url.password;
      output += '@';
    }
    output += typeof host === 'string' ? host : serializeHost(host);
    if (url.port !== null) output += ':' + url.port;
  } else {
    output = url.scheme + ':';
    // A path that starts with an empty segment would read as an authority without "/.".
    if (typeof path !== 'string' && path.length > 1 && path[0] === '') output += '/.';
  }
  output = appendPath(output, path);
  if (url.query !== null) output += '?' + url.query;
  if (!excludeFragment && url.fragment !== null) output += '#' + url.fragment;
  return output;
}

/**
 * Serializes an integer (a port) in the shortest decimal form.
 * https://url.spec.whatwg.org/#serialize-an-integer
 */
export function serializeInteger(integer: number): string {
  return String(integer);
}

/**
 * The serialization of the URL's origin: "scheme://host[:port]" for a tuple origin, "null" for an
 * opaque one. A blob: URL has the origin of the http: or https: URL in its path. (A file: URL's
 * origin is opaque, which the standard leaves to implementations.)
 *
 * https://url.spec.whatwg.org/#concept-url-origin
 * https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin
 */
export function serializeURLOrigin(url: URLRecord): string {
  switch (url.scheme) {
    case 'blob': {
      const pathURL = parseURL(serializePath(url));
      if (pathURL === null || (pathURL.scheme !== 'http' && pathURL.scheme !== 'https')) return 'null';
      return serializeURLOrigin(pathURL);
    }
    case 'ftp':
    case 'http':
    case 'https':
    case 'ws':
    case 'wss': {
      let output = url.scheme + '://' + serializeHost(url.host ?? '');
      if (url.port !== null) output += ':' + url.port;
      return output;
    }
    default:
      return 'null';
  }
}

/** https://url.spec.whatwg.org/#set-the-username */
export function setTheUsername(url: URLRecord, username: string): void {
  url.username = utf8PercentEncode(username, 'userinfo') ?? '';
}

/** https://url.spec.whatwg.org/#set-the-password */
export function setThePassword(url: URLRecord, password: string): void {
  url.password = utf8PercentEncode(password, 'userinfo') ?? '';
}

/** https://url.spec.whatwg.org/#cannot-have-a-username-password-port */
export function cannotHaveAUsernamePasswordPort(url: URLRecord): boolean {
  return url.host === null || url.host === '' || url.scheme === 'file';
}

/** https://url.spec.whatwg.org/#url-opaque-path */
export function hasAnOpaquePath(url: URLRecord): boolean {
  return typeof url.path === 'string';
}

/** The typed arrays {@link percentDecodeBytes} reads (each element is taken as a byte). */
export type TypedArray =
  | Uint8Array
  | Uint8ClampedArray
  | Uint16Array
  | Uint32Array
  | Int8Array
  | Int16Array
  | Int32Array
  | Float32Array
  | Float64Array;

/** https://url.spec.whatwg.org/#percent-decode */
export function percentDecodeBytes(input: TypedArray): Uint8Array {
  return percentDecode(input instanceof Uint8Array ? input : Uint8Array.from(input));
}

/** https://url.spec.whatwg.org/#string-percent-decode */
export function percentDecodeString(input: string): Uint8Array {
  return percentDecode(input);
}
