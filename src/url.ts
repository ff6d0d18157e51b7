/**
 * The URL class (URL Standard §6.1).
 *
 * https://url.spec.whatwg.org/#url-class
 */
import { serializeOriginOfRecord } from './origin.ts';
import { USERINFO_SET, utf8PercentEncodeString } from './percent-encoding.ts';
import {
  certainlyParses,
  fragmentFromOverrideInput,
  isSpecialNonFile,
  parseBaseForReference,
  parseWithRoute,
  pathFromOverrideInput,
  queryFromOverrideInput,
  ReturnMode,
  runBasicURLParser,
  simpleHostFromOverrideInput,
  State,
} from './url-parser.ts';
import {
  passwordOfSerialization,
  recordOfSerialization,
  schemeEndOfSerialization,
  SerializedURL,
  usernameOfSerialization,
} from './serialized-url.ts';
import { cannotHaveUsernamePasswordPort, specialSchemeDefaultPort, URLRecord } from './url-record.ts';
import { createSearchParamsForURL, setSearchParamsQuery, type URLSearchParams } from './url-search-params.ts';
import { serializeURL } from './url-serializer.ts';
import { requireArguments, toDOMString, toUSVString } from './webidl.ts';
import { URL_GETTERS } from './url-getters.ts';
import { CodeUnit, codeUnitAt } from './code-unit.ts';
import { InvalidURLError } from './url-error.ts';

/**
 * The record that {@link apiURLParser} has the base's scheme and authority written into, when that
 * is all the reference reads of its base: read while the reference is parsed, and never kept.
 */
const baseAuthorityScratch = /* @__PURE__ */ new URLRecord();

/**
 * The SerializedURL that {@link apiURLParser} has the route write a held serialization into: the
 * URL object copies its positions at once (#hold), and keeps nothing of it.
 */
const heldScratch = /* @__PURE__ */ new SerializedURL('', 0, 0, 0, 0, 0, null);

/**
 * The base string the API URL parser last met, and its record once it has met it twice in a row
 * (null for a base that fails; undefined until then): a lazy cache for the common case of many
 * URLs resolved against one base, such as a page's links. The parser never changes a base record,
 * nor makes it part of its result, so one record serves every parse against that base.
 */
const lastBase: { input: string | undefined; record: URLRecord | null | undefined } = { input: undefined, record: undefined };

/** The record of `base` (which is `lastBase.input`), parsed in full; remembered in {@link lastBase}. */
function parseBase(base: string): URLRecord | null {
  const record = runBasicURLParser(base, null, null, 0, null, null);
  lastBase.record = record;
  return record;
}

/**
 * https://url.spec.whatwg.org/#api-url-parser
 * Returns the record, or a {@link SerializedURL} when the URL's serialization is known (see
 * ReturnMode.Serialization), or `null` for failure.
 */
function apiURLParser(url: string, base: string | undefined): URLRecord | SerializedURL | null {
  let parsedBase: URLRecord | null = null;
  if (base !== undefined) {
    if (base === lastBase.input) {
      const cached = lastBase.record;
      parsedBase = cached !== undefined ? cached : parseBase(base);
    } else {
      lastBase.input = base;
      lastBase.record = undefined;
      // Only what `url` reads of the base, when that is known from its start.
      const partial = parseBaseForReference(base, url, baseAuthorityScratch);
      parsedBase = partial !== undefined ? partial : parseBase(base);
    }
    if (parsedBase === null) return null;
  }
  return parseWithRoute(url, parsedBase, ReturnMode.Serialization, heldScratch);
}

const inspectCustom: unique symbol = Symbol.for('nodejs.util.inspect.custom');

/** A URL object's #url when it holds its serialization, and no record yet (see URL's #record). */
const AS_SERIALIZATION = null;
/**
 * The same, for a URL with credentials (between "//" and the "@" before the host): the getters
 * that read them, or read past them, tell the two apart by this value, not by reading #href.
 */
const AS_SERIALIZATION_WITH_CREDENTIALS = undefined;

/** Passed as the first constructor argument to wrap an existing record (module-private). */
const WRAP_RECORD: unique symbol = Symbol('wrap record');

/**
 * A `URL` object for a URL record (a copy of it), without serializing and parsing again.
 *
 * ```ts
 * const url = urlFromRecord(parseURL('https://example.com/a')!);
 * url.pathname; // '/a'
 * ```
 */
export function urlFromRecord(record: URLRecord): URL {
  if (!(record instanceof URLRecord)) throw new TypeError('urlFromRecord: the argument is not a URL record');
  return wrapRecord(record.clone());
}

/**
 * A URL object whose URL is `record` itself. The class creates objects through this function: a
 * class that names itself in its body is renamed by bundlers (esbuild gives it the name "_URL").
 */
function wrapRecord(record: URLRecord | typeof AS_SERIALIZATION): URL {
  return new URL(WRAP_RECORD as unknown as string, record as unknown as string);
}

/**
 * One URL object, made with the first URL held as its serialization (#hold) and kept for as long
 * as this module lives: a lazy cache of the hidden class ("map") its URL objects share. V8 keeps a
 * map only while an object of it lives: a program that parses, reads and drops every URL (a
 * router, a crawler) would let a major garbage collection free it, and with it the optimized code
 * that embeds it — the constructor, the getters, the caller's loop — which is then optimized again.
 */
let retained: URL | null = null;

/** Access to a URL object's record, for the other modules of this package. */
export let recordOf: (url: URL) => URLRecord;

/** Whether `value` is a URL object (has the class's private state). */
let isURL: (value: unknown) => value is URL;

/**
 * Web IDL's check of `this` for an operation or attribute setter, before any argument is
 * converted: a `TypeError` unless `self` is a URL object. (Getters need no call: reading a private
 * field of another object throws a `TypeError` itself.)
 *
 * https://webidl.spec.whatwg.org/#dfn-create-operation-function (step 2.1.2)
 */
function checkThis(self: unknown, member: string): void {
  if (!isURL(self)) throw new TypeError(`URL.${member}: 'this' is not a URL object.`);
}

/**
 * What the `URL` class takes for a URL or a base: a string, or a URL object, which Web IDL's
 * USVString conversion turns into its serialization — this package's `URL` or another one, such as
 * the platform's (whose type also says `URL`), described by what every URL class has.
 */
export type URLInput = string | URL | { readonly href: string; toString(): string; toJSON(): string };

/**
 * A URL, as the platform's `URL` class.
 *
 * ```ts
 * const url = new URL('https://example.org/💩');
 * url.pathname; // '/%F0%9F%92%A9'
 * new URL('/🍣🍺', 'https://url.spec.whatwg.org/').href;
 * // 'https://url.spec.whatwg.org/%F0%9F%8D%A3%F0%9F%8D%BA'
 * ```
 */
export class URL {
  /**
   * The URL record — or, for a URL made from an input that is its serialization (or from a
   * path-absolute reference whose serialization is the base's scheme and authority and the
   * reference), until the record is needed (#record): AS_SERIALIZATION or, with credentials,
   * AS_SERIALIZATION_WITH_CREDENTIALS, the record being #href split (recordOfSerialization).
   */
  #url: URLRecord | typeof AS_SERIALIZATION | typeof AS_SERIALIZATION_WITH_CREDENTIALS = AS_SERIALIZATION;
  /** The serialization of the URL, cached; null when a setter changed the record. */
  #href: string | null = null;
  /**
   * Where the host starts and ends, where the path starts and ends, and where the query ends in
   * #href, while the URL is held as its serialization (see SerializedURL): the getters read the
   * components off #href then, without building the record. They slice it as the functions of
   * serialized-url.ts do, written out in each getter so that a loop reading several getters keeps
   * them all inlined; the tests hold both to the state machine's record.
   */
  #hostStart = 0;
  #hostEnd = 0;
  #pathStart = 0;
  #pathEnd = 0;
  #queryEnd = 0;
  /**
   * The query object, created on first use; until then (null) its list is the parse of the URL's
   * query, which is what every step that changes the query sets it to.
   */
  #query: URLSearchParams | null = null;

  static {
    recordOf = (url: URL) => url.#record();
    isURL = (value: unknown): value is URL => typeof value === 'object' && value !== null && #url in value;
  }

  // https://url.spec.whatwg.org/#dom-url-url
  // Initializing the object (https://url.spec.whatwg.org/#url-initialize) sets its URL here and in
  // URL.parse; its query object is created from the URL's query when searchParams is first read.
  constructor(url: URLInput, base?: URLInput) {
    if ((url as unknown) === WRAP_RECORD) {
      this.#url = base as unknown as URLRecord;
      return;
    }
    requireArguments(arguments.length, 1, "Failed to construct 'URL'");
    // The parser treats a lone surrogate exactly as U+FFFD, so the USVString conversion of the
    // arguments is left to it; only ToString happens here.
    const u = toDOMString(url);
    const b = base === undefined ? undefined : toDOMString(base);
    const parsed = apiURLParser(u, b);
    if (parsed === null) throw new InvalidURLError(u, b);
    this.#initialize(parsed);
  }

  /** Sets this URL to the parser's result. */
  #initialize(parsed: URLRecord | SerializedURL): void {
    // A held serialization is always the scratch apiURLParser passed: one comparison tells it.
    if (parsed === heldScratch) {
      this.#hold(heldScratch);
    } else if (!(parsed instanceof SerializedURL)) {
      this.#url = parsed;
    } else {
      this.#url = parsed.record;
      this.#href = parsed.href;
    }
  }

  // https://url.spec.whatwg.org/#dom-url-parse
  static parse(url: URLInput, base?: URLInput): URL | null {
    requireArguments(arguments.length, 1, "Failed to execute 'parse' on 'URL'");
    // As in the constructor, the USVString conversion is left to the parser.
    const u = toDOMString(url);
    const b = base === undefined ? undefined : toDOMString(base);
    const parsed = apiURLParser(u, b);
    if (parsed === null) return null;
    const result = wrapRecord(AS_SERIALIZATION);
    result.#initialize(parsed);
    return result;
  }

  // https://url.spec.whatwg.org/#dom-url-canparse
  static canParse(url: URLInput, base?: URLInput): boolean {
    requireArguments(arguments.length, 1, "Failed to execute 'canParse' on 'URL'");
    if (base === undefined && typeof url === 'string' && certainlyParses(url)) return true;
    // As in the constructor, the USVString conversion is left to the parser.
    const u = toDOMString(url);
    const b = base === undefined ? undefined : toDOMString(base);
    return apiURLParser(u, b) !== null;
  }

  /**
   * The host and hostname setters' steps: the basic URL parser with the host or hostname state as
   * state override, or its result computed directly for a common host (simpleHostFromOverrideInput).
   */
  #setHost(value: string, state: State.Host | State.Hostname): void {
    const v = toUSVString(value);
    const url = this.#record();
    if (url.opaquePath) return;
    if (isSpecialNonFile(url.scheme)) {
      const host = simpleHostFromOverrideInput(v);
      if (host !== null) {
        url.host = host;
        this.#href = null;
        return;
      }
    }
    this.#override(v, state);
  }

  /** Runs the basic URL parser with a state override on this URL's record. */
  #override(input: string, state: State): void {
    runBasicURLParser(input, null, this.#record(), state, null, null);
    this.#href = null;
  }

  // https://url.spec.whatwg.org/#dom-url-href
  get href(): string {
    return this.#serialization();
  }

  set href(value: string) {
    checkThis(this, 'href');
    const v = toUSVString(value);
    const parsed = runBasicURLParser(v, null, null, 0, null, null);
    if (parsed === null) throw new InvalidURLError(v, undefined);
    this.#url = parsed;
    this.#href = null;
    const query = this.#query;
    if (query !== null) setSearchParamsQuery(query, parsed.query);
  }

  /** The serialization of this's URL, cached until a setter changes the URL. */
  #serialization(): string {
    const href = this.#href;
    if (href !== null) {
      if (!this.#held() || this.#pathStart !== href.length) return href;
      // The path "/" is written out: it ends the href, which is then all of the serialization.
      this.#pathEnd = this.#queryEnd = href.length + 1;
      return (this.#href = href + '/');
    }
    return (this.#href = serializeURL(this.#url as URLRecord, false));
  }

  /** Holds the serialization that the parser found, and builds no record until one is needed. */
  #hold(serialized: SerializedURL): void {
    if (retained === null) retained = wrapRecord(AS_SERIALIZATION);
    this.#url = serialized.credentials ? AS_SERIALIZATION_WITH_CREDENTIALS : AS_SERIALIZATION;
    this.#href = serialized.href;
    this.#hostStart = serialized.hostStart;
    this.#hostEnd = serialized.hostEnd;
    this.#pathStart = serialized.pathStart;
    this.#pathEnd = serialized.pathEnd;
    this.#queryEnd = serialized.queryEnd;
  }

  /** This URL's record: split from the serialization the URL was made from, when it first is needed. */
  #record(): URLRecord {
    const url = this.#url;
    // (Kept small enough to be inlined into every member: the split is another method.)
    return url !== AS_SERIALIZATION && url !== AS_SERIALIZATION_WITH_CREDENTIALS ? url : this.#split();
  }

  /** Whether this URL is held as its serialization (#href), with no record yet. */
  #held(): boolean {
    const url = this.#url;
    return url === AS_SERIALIZATION || url === AS_SERIALIZATION_WITH_CREDENTIALS;
  }

  /** The record of a URL held as its serialization, which it then keeps. */
  #split(): URLRecord {
    const href = this.#href!;
    // The record of a serialization without its "/" path has that path too.
    const record = recordOfSerialization(href, this.#hostStart, this.#hostEnd, this.#pathStart, this.#pathEnd, this.#queryEnd);
    // The href with the path "/" when the input lacked it: #href is the serialization of a record.
    if (this.#pathStart === href.length) this.#href = href + '/';
    this.#url = record;
    return record;
  }

  // https://url.spec.whatwg.org/#dom-url-tojson
  // Both return the serialization of this's URL: a subclass's href getter does not change them.
  toJSON(): string {
    checkThis(this, 'toJSON');
    return this.#serialization();
  }

  // https://url.spec.whatwg.org/#URL-stringification-behavior
  toString(): string {
    checkThis(this, 'toString');
    return this.#serialization();
  }

  // https://url.spec.whatwg.org/#dom-url-origin
  get origin(): string {
    // Held: a special URL's origin other than "file"'s is its scheme, "://", host and port, which
    // the href starts with when it has no credentials; a "file" URL's (never with credentials) is
    // opaque. https://url.spec.whatwg.org/#concept-url-origin
    const url = this.#url;
    if (url === AS_SERIALIZATION) return this.#hostStart === 7 && codeUnitAt(this.#href!, 0) === CodeUnit.LowerF ? 'null' : this.#href!.slice(0, this.#pathStart);
    if (url === AS_SERIALIZATION_WITH_CREDENTIALS) return this.#href!.slice(0, schemeEndOfSerialization(this.#href!, this.#hostStart) + 3) + this.#href!.slice(this.#hostStart, this.#pathStart);
    return serializeOriginOfRecord(url);
  }

  // https://url.spec.whatwg.org/#dom-url-protocol
  get protocol(): string {
    const url = this.#url;
    if (url === AS_SERIALIZATION) return this.#href!.slice(0, this.#hostStart - 2);
    if (url === AS_SERIALIZATION_WITH_CREDENTIALS) return this.#href!.slice(0, schemeEndOfSerialization(this.#href!, this.#hostStart) + 1);
    return url.scheme + ':';
  }

  set protocol(value: string) {
    checkThis(this, 'protocol');
    this.#override(toUSVString(value) + ':', State.SchemeStart);
  }

  // https://url.spec.whatwg.org/#dom-url-username
  get username(): string {
    const url = this.#url;
    if (url === AS_SERIALIZATION) return '';
    if (url === AS_SERIALIZATION_WITH_CREDENTIALS) return usernameOfSerialization(this.#href!, this.#hostStart);
    return url.username;
  }

  set username(value: string) {
    checkThis(this, 'username');
    const v = toUSVString(value);
    const url = this.#record();
    if (cannotHaveUsernamePasswordPort(url)) return;
    // https://url.spec.whatwg.org/#set-the-username
    url.username = utf8PercentEncodeString(v, USERINFO_SET);
    this.#href = null;
  }

  // https://url.spec.whatwg.org/#dom-url-password
  get password(): string {
    const url = this.#url;
    if (url === AS_SERIALIZATION) return '';
    if (url === AS_SERIALIZATION_WITH_CREDENTIALS) return passwordOfSerialization(this.#href!, this.#hostStart);
    return url.password;
  }

  set password(value: string) {
    checkThis(this, 'password');
    const v = toUSVString(value);
    const url = this.#record();
    if (cannotHaveUsernamePasswordPort(url)) return;
    // https://url.spec.whatwg.org/#set-the-password
    url.password = utf8PercentEncodeString(v, USERINFO_SET);
    this.#href = null;
  }

  // https://url.spec.whatwg.org/#dom-url-host
  get host(): string {
    if (this.#held()) return this.#href!.slice(this.#hostStart, this.#pathStart);
    const url = this.#record();
    if (url.host === null) return '';
    if (url.port === null) return url.host;
    return url.host + ':' + url.port;
  }

  set host(value: string) {
    checkThis(this, 'host');
    this.#setHost(value, State.Host);
  }

  // https://url.spec.whatwg.org/#dom-url-hostname
  get hostname(): string {
    if (this.#held()) return this.#href!.slice(this.#hostStart, this.#hostEnd);
    const host = this.#record().host;
    return host === null ? '' : host;
  }

  set hostname(value: string) {
    checkThis(this, 'hostname');
    this.#setHost(value, State.Hostname);
  }

  // https://url.spec.whatwg.org/#dom-url-port
  get port(): string {
    if (this.#held()) return this.#hostEnd === this.#pathStart ? '' : this.#href!.slice(this.#hostEnd + 1, this.#pathStart);
    const port = this.#record().port;
    // https://url.spec.whatwg.org/#serialize-an-integer: the shortest decimal form, as JavaScript's.
    return port === null ? '' : '' + port;
  }

  set port(value: string) {
    checkThis(this, 'port');
    const v = toUSVString(value);
    const url = this.#record();
    if (cannotHaveUsernamePasswordPort(url)) return;
    if (v === '') {
      url.port = null;
      this.#href = null;
    } else {
      this.#override(v, State.Port);
    }
  }

  // https://url.spec.whatwg.org/#dom-url-pathname
  get pathname(): string {
    if (this.#held()) return this.#pathStart === this.#pathEnd ? '/' : this.#href!.slice(this.#pathStart, this.#pathEnd);
    return this.#record().serializedPath;
  }

  set pathname(value: string) {
    checkThis(this, 'pathname');
    const v = toUSVString(value);
    const url = this.#record();
    if (url.opaquePath) return;
    const path = url.scheme === 'file' ? null : pathFromOverrideInput(v);
    if (path !== null) {
      url.serializedPath = path;
      this.#href = null;
      return;
    }
    url.serializedPath = '';
    this.#override(v, State.PathStart);
  }

  // https://url.spec.whatwg.org/#dom-url-search
  get search(): string {
    // Held: "?" and the query, unless the query is empty (or null).
    if (this.#held()) return this.#queryEnd - this.#pathEnd > 1 ? this.#href!.slice(this.#pathEnd, this.#queryEnd) : '';
    const query = this.#record().query;
    return query === null || query === '' ? '' : '?' + query;
  }

  set search(value: string) {
    checkThis(this, 'search');
    const v = toUSVString(value);
    const url = this.#record();
    if (v === '') {
      url.query = null;
      this.#href = null;
      const query = this.#query;
      if (query !== null) setSearchParamsQuery(query, null);
      return;
    }
    const input = v.charCodeAt(0) === CodeUnit.QuestionMark ? v.slice(1) : v;
    const encoded = queryFromOverrideInput(input, specialSchemeDefaultPort(url.scheme) !== undefined);
    if (encoded !== null) {
      url.query = encoded;
      this.#href = null;
    } else {
      url.query = '';
      this.#override(input, State.Query);
    }
    // The query object's list is the parse of the URL's new query: the parser removed ASCII tab
    // and newline from the input and percent-encoded it.
    const query = this.#query;
    if (query !== null) setSearchParamsQuery(query, url.query);
  }

  // https://url.spec.whatwg.org/#dom-url-searchparams, with the query object of
  // https://url.spec.whatwg.org/#url-initialize steps 2-4 created on first use.
  get searchParams(): URLSearchParams {
    const query = this.#query;
    if (query !== null) return query;
    const created = createSearchParamsForURL(this.#record().query, (serializedQuery) => {
      this.#record().query = serializedQuery;
      this.#href = null;
    });
    this.#query = created;
    return created;
  }

  // https://url.spec.whatwg.org/#dom-url-hash
  get hash(): string {
    if (this.#held()) return this.#href!.length - this.#queryEnd > 1 ? this.#href!.slice(this.#queryEnd) : '';
    const fragment = this.#record().fragment;
    return fragment === null || fragment === '' ? '' : '#' + fragment;
  }

  set hash(value: string) {
    checkThis(this, 'hash');
    const v = toUSVString(value);
    const url = this.#record();
    if (v === '') {
      url.fragment = null;
      this.#href = null;
      return;
    }
    const input = v.charCodeAt(0) === CodeUnit.NumberSign ? v.slice(1) : v;
    const encoded = fragmentFromOverrideInput(input);
    if (encoded !== null) {
      url.fragment = encoded;
      this.#href = null;
    } else {
      url.fragment = '';
      this.#override(input, State.Fragment);
    }
  }

  /**
   * Node.js `util.inspect` representation, the components as Node's own `URL` shows them:
   * `URL { href: '…', origin: '…', …, searchParams: URLSearchParams {…}, hash: '…' }`. Node calls
   * it with the `inspect` function, so nothing here imports `node:util`.
   */
  [inspectCustom](depth: number, options: object | undefined, inspect?: (value: unknown, options?: object) => string): string | this {
    if (!isURL(this) || typeof inspect !== 'function') return this;
    if (typeof depth === 'number' && depth < 0) return 'URL {}';
    const components: Record<string, unknown> = {};
    for (const name of INSPECTED) components[name] = this[name];
    // The components are inspected with the caller's options as given (Node's own URL does so: a
    // URL nested deeper than the depth still shows its searchParams, and depth 0 hides them).
    return 'URL ' + inspect(components, options);
  }

  declare readonly [Symbol.toStringTag]: string;
}

/**
 * The members Node's `URL` shows when inspected, in its order: the IDL's attributes, searchParams
 * (a URLSearchParams attribute) between search and hash as in the IDL.
 */
const INSPECTED = [...URL_GETTERS.slice(0, -1), 'searchParams', 'hash'] as const;

// Web IDL: attributes and operations are enumerable; the stringifier is toString.
for (const name of [...URL_GETTERS, 'searchParams', 'toJSON', 'toString'] as const) {
  const descriptor = Object.getOwnPropertyDescriptor(URL.prototype, name)!;
  descriptor.enumerable = true;
  Object.defineProperty(URL.prototype, name, descriptor);
}
for (const name of ['parse', 'canParse'] as const) {
  const descriptor = Object.getOwnPropertyDescriptor(URL, name)!;
  descriptor.enumerable = true;
  Object.defineProperty(URL, name, descriptor);
}
// Web IDL: a function's length is its number of required arguments (the base is optional).
for (const f of [URL, URL.parse, URL.canParse]) Object.defineProperty(f, 'length', { value: 1 });
Object.defineProperty(URL.prototype, Symbol.toStringTag, { value: 'URL', configurable: true });
