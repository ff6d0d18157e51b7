/**
 * The URL record (URL Standard §4.1) and the definitions around it (§4.2).
 *
 * https://url.spec.whatwg.org/#concept-url
 *
 * The path is kept serialized: the empty string for an empty list of segments, "/a/b" for the
 * segments « "a", "b" », or the opaque path itself when {@link URLRecord.opaquePath} is true. The
 * serialization of a list path is lossless because a segment never contains "/", so the standard's
 * list is recovered by splitting; most callers only need the serialized form, which this keeps free.
 */
import { CodeUnit } from './code-unit.ts';

/** A URL record, with the standard's fields. */
export class URLRecord {
  // The fields are declared here and set in the constructor rather than written as class fields:
  // JavaScriptCore runs class field initializers as a separate function on every construction.
  /** https://url.spec.whatwg.org/#concept-url-scheme */
  declare scheme: string;
  /** https://url.spec.whatwg.org/#concept-url-username */
  declare username: string;
  /** https://url.spec.whatwg.org/#concept-url-password */
  declare password: string;
  /** The host, serialized, or null. https://url.spec.whatwg.org/#concept-url-host */
  declare host: string | null;
  /** https://url.spec.whatwg.org/#concept-url-port */
  declare port: number | null;
  /** The path, serialized (see the module comment). */
  declare serializedPath: string;
  /** True when the URL has an opaque path. https://url.spec.whatwg.org/#url-opaque-path */
  declare opaquePath: boolean;
  /** https://url.spec.whatwg.org/#concept-url-query */
  declare query: string | null;
  /** https://url.spec.whatwg.org/#concept-url-fragment */
  declare fragment: string | null;

  constructor() {
    this.scheme = '';
    this.username = '';
    this.password = '';
    this.host = null;
    this.port = null;
    this.serializedPath = '';
    this.opaquePath = false;
    this.query = null;
    this.fragment = null;
  }

  /**
   * The standard's path: a string for an opaque path, otherwise the list of segments (a copy).
   * https://url.spec.whatwg.org/#concept-url-path
   */
  get path(): string | string[] {
    if (this.opaquePath) return this.serializedPath;
    return splitPath(this.serializedPath);
  }

  set path(value: string | readonly string[]) {
    if (typeof value === 'string') {
      this.opaquePath = true;
      this.serializedPath = value;
    } else {
      this.opaquePath = false;
      this.serializedPath = joinPath(value);
    }
  }

  /** A copy of this record. */
  clone(): URLRecord {
    const r = newURLRecord();
    r.scheme = this.scheme;
    r.username = this.username;
    r.password = this.password;
    r.host = this.host;
    r.port = this.port;
    r.serializedPath = this.serializedPath;
    r.opaquePath = this.opaquePath;
    r.query = this.query;
    r.fragment = this.fragment;
    return r;
  }
}

/**
 * A new record with these components and a list path (serialized). One step, for the parser's
 * common-shape route: the stores into a record just allocated need no write barrier.
 */
export function createURLRecord(
  scheme: string,
  username: string,
  password: string,
  host: string | null,
  port: number | null,
  serializedPath: string,
  query: string | null,
  fragment: string | null,
): URLRecord {
  const r = newURLRecord();
  r.scheme = scheme;
  r.username = username;
  r.password = password;
  r.host = host;
  r.port = port;
  r.serializedPath = serializedPath;
  r.query = query;
  r.fragment = fragment;
  return r;
}

/**
 * A new record. The class's own methods create records through this function: a class that names
 * itself in its body is renamed by bundlers (esbuild gives it the name "_URLRecord").
 */
function newURLRecord(): URLRecord {
  return new URLRecord();
}

/** Splits a serialized list path into its segments (each after a "/"). */
export function splitPath(serializedPath: string): string[] {
  if (serializedPath === '') return [];
  // A path of one or two segments, the most common, is an array literal, allocated at its length:
  // an array grown by push from empty is allocated again as it grows.
  const first = serializedPath.indexOf('/', 1);
  if (first === -1) return [serializedPath.slice(1)];
  let end = serializedPath.indexOf('/', first + 1);
  if (end === -1) return [serializedPath.slice(1, first), serializedPath.slice(first + 1)];
  const segments = [serializedPath.slice(1, first), serializedPath.slice(first + 1, end)];
  let start: number;
  do {
    start = end + 1;
    end = serializedPath.indexOf('/', start);
    segments.push(serializedPath.slice(start, end === -1 ? undefined : end));
  } while (end !== -1);
  return segments;
}

/** Serializes a list of segments. https://url.spec.whatwg.org/#url-path-serializer */
export function joinPath(segments: readonly string[]): string {
  return segments.length === 0 ? '' : '/' + segments.join('/');
}

/**
 * The default port of a special scheme, `null` for "file", `undefined` when the scheme is not
 * special. https://url.spec.whatwg.org/#default-port
 */
export function specialSchemeDefaultPort(scheme: string): number | null | undefined {
  switch (scheme) {
    case 'http':
    case 'ws':
      return 80;
    case 'https':
    case 'wss':
      return 443;
    case 'ftp':
      return 21;
    case 'file':
      return null;
    default:
      return undefined;
  }
}

/** https://url.spec.whatwg.org/#special-scheme */
export function isSpecialScheme(scheme: string): boolean {
  return specialSchemeDefaultPort(scheme) !== undefined;
}

/** https://url.spec.whatwg.org/#cannot-have-a-username-password-port */
export function cannotHaveUsernamePasswordPort(url: URLRecord): boolean {
  return url.host === null || url.host === '' || url.scheme === 'file';
}

/** https://url.spec.whatwg.org/#windows-drive-letter */
export function isWindowsDriveLetter(s: string, i = 0, end = s.length): boolean {
  if (end - i !== 2) return false;
  // Setting bit 0x20 lowercases an ASCII upper alpha and keeps a lower one.
  const a = s.charCodeAt(i) | 0x20;
  const b = s.charCodeAt(i + 1);
  return a >= CodeUnit.LowerA && a <= CodeUnit.LowerZ && (b === CodeUnit.Colon || b === CodeUnit.VerticalLine);
}

/** https://url.spec.whatwg.org/#normalized-windows-drive-letter */
export function isNormalizedWindowsDriveLetter(s: string, i = 0, end = s.length): boolean {
  return isWindowsDriveLetter(s, i, end) && s.charCodeAt(i + 1) === CodeUnit.Colon;
}

/** https://url.spec.whatwg.org/#start-with-a-windows-drive-letter */
export function startsWithWindowsDriveLetter(s: string, i: number): boolean {
  if (s.length - i < 2) return false;
  if (!isWindowsDriveLetter(s, i, i + 2)) return false;
  if (s.length - i === 2) return true;
  const c = s.charCodeAt(i + 2);
  return c === CodeUnit.Solidus || c === CodeUnit.ReverseSolidus || c === CodeUnit.QuestionMark || c === CodeUnit.NumberSign;
}
