/**
 * The URLPattern class and the URL pattern struct (URL Pattern Standard §1.2–1.5).
 *
 * https://urlpattern.spec.whatwg.org/#urlpattern-class
 */
import { parseToSerialization, runBasicURLParser } from '../url-parser.ts';
import { componentValuesOfSerialization, SerializedURL, URLComponent } from '../serialized-url.ts';
import { toScalarValueString } from '../infra.ts';
import { CodeUnit, codeUnitAt } from '../code-unit.ts';
import { specialSchemeDefaultPort, type URLRecord } from '../url-record.ts';
import { toUSVString } from '../webidl.ts';
import {
  canonicalizeAHash,
  canonicalizeAHostname,
  canonicalizeAnIPv6Hostname,
  canonicalizeAnOpaquePathname,
  canonicalizeAPassword,
  canonicalizeAPathname,
  canonicalizeAPort,
  canonicalizeAProtocol,
  canonicalizeASearch,
  canonicalizeAUsername,
} from './canonicalization.ts';
import {
  compileAComponent,
  componentExec,
  componentTest,
  protocolComponentMatchesASpecialScheme,
  type Component,
  MatchKind,
  type Groups,
} from './component.ts';
import { parseAConstructorString } from './constructor-string-parser.ts';
import { DEFAULT_OPTIONS, HOSTNAME_OPTIONS, PATHNAME_OPTIONS } from './pattern-parser.ts';
import { processAURLPatternInit, type URLPatternInit } from './url-pattern-init.ts';
import { compareComponents } from './compare.ts';
import { generateAComponentString } from './generate.ts';
import {
  COMPONENT_NAMES,
  toGroupsRecord,
  toURLPatternComponent,
  toURLPatternInput,
  toURLPatternOptions,
  type URLPatternComponent,
  type URLPatternOptions,
} from './webidl.ts';

/** A pattern or URL: a string in the constructor string syntax, or a URLPatternInit. */
export type URLPatternInput = string | URLPatternInit;

/** One component's match: the component string matched, and its groups. */
export interface URLPatternComponentResult {
  input: string;
  groups: Record<string, string | undefined>;
}

/** The result of `exec()`. */
export interface URLPatternResult {
  inputs: URLPatternInput[];
  protocol: URLPatternComponentResult;
  username: URLPatternComponentResult;
  password: URLPatternComponentResult;
  hostname: URLPatternComponentResult;
  port: URLPatternComponentResult;
  pathname: URLPatternComponentResult;
  search: URLPatternComponentResult;
  hash: URLPatternComponentResult;
}

/**
 * https://urlpattern.spec.whatwg.org/#url-pattern
 *
 * The eight components in the standard's order: protocol, username, password, hostname, port,
 * pathname, search, hash.
 */
type URLPatternStruct = readonly Component[];

/** https://urlpattern.spec.whatwg.org/#hostname-pattern-is-an-ipv6-address */
function hostnamePatternIsAnIPv6Address(input: string): boolean {
  if (input.length < 2) return false;
  const c0 = codeUnitAt(input, 0);
  if (c0 === CodeUnit.LeftSquareBracket) return true;
  const c1 = codeUnitAt(input, 1);
  return (c0 === CodeUnit.LeftCurlyBracket || c0 === CodeUnit.ReverseSolidus) && c1 === CodeUnit.LeftSquareBracket;
}

/**
 * Creates a URL pattern.
 *
 * https://urlpattern.spec.whatwg.org/#url-pattern-create
 */
function create(input: URLPatternInput, baseURL: string | null, ignoreCase: boolean): URLPatternStruct {
  let init: URLPatternInit;
  if (typeof input === 'string') {
    init = parseAConstructorString(input);
    if (baseURL === null && init.protocol === undefined) {
      throw new TypeError(`Invalid pattern ${JSON.stringify(input)}: a relative pattern needs a base URL`);
    }
    if (baseURL !== null) init.baseURL = baseURL;
  } else {
    if (baseURL !== null) throw new TypeError('A base URL cannot be given with a URLPatternInit');
    init = input;
  }
  const processedInit = processAURLPatternInit(init, 'pattern', null);
  const protocol = processedInit.protocol ?? '*';
  let port = processedInit.port ?? '*';
  // (A special scheme's default port: "file" has none, so no string represents it.)
  const defaultPort = specialSchemeDefaultPort(protocol);
  if (defaultPort !== undefined && defaultPort !== null && port === String(defaultPort)) port = '';
  const hostname = processedInit.hostname ?? '*';
  const protocolComponent = compileAComponent(protocol, canonicalizeAProtocol, DEFAULT_OPTIONS);
  const usernameComponent = compileAComponent(processedInit.username ?? '*', canonicalizeAUsername, DEFAULT_OPTIONS);
  const passwordComponent = compileAComponent(processedInit.password ?? '*', canonicalizeAPassword, DEFAULT_OPTIONS);
  const hostnameComponent = compileAComponent(
    hostname,
    hostnamePatternIsAnIPv6Address(hostname) ? canonicalizeAnIPv6Hostname : canonicalizeAHostname,
    HOSTNAME_OPTIONS,
  );
  const portComponent = compileAComponent(port, canonicalizeAPort, DEFAULT_OPTIONS);
  const compileOptions = ignoreCase ? IGNORE_CASE_DEFAULT_OPTIONS : DEFAULT_OPTIONS;
  const pathname = processedInit.pathname ?? '*';
  const specialPathname = protocolComponentMatchesASpecialScheme(protocolComponent);
  const pathnameComponent = compileAComponent(
    pathname,
    specialPathname ? canonicalizeAPathname : canonicalizeAnOpaquePathname,
    specialPathname ? (ignoreCase ? IGNORE_CASE_PATHNAME_OPTIONS : PATHNAME_OPTIONS) : compileOptions,
  );
  const searchComponent = compileAComponent(processedInit.search ?? '*', canonicalizeASearch, compileOptions);
  const hashComponent = compileAComponent(processedInit.hash ?? '*', canonicalizeAHash, compileOptions);
  // Not a literal: see PartRecord (pattern-parser.ts).
  return new Array<Component>(
    protocolComponent,
    usernameComponent,
    passwordComponent,
    hostnameComponent,
    portComponent,
    pathnameComponent,
    searchComponent,
    hashComponent,
  );
}

const IGNORE_CASE_DEFAULT_OPTIONS = { ...DEFAULT_OPTIONS, ignoreCase: true };
const IGNORE_CASE_PATHNAME_OPTIONS = { ...PATHNAME_OPTIONS, ignoreCase: true };

/**
 * The eight component strings of a URL record, in component order: the strings the "Otherwise"
 * branch of match sets from the parsed URL (a null host, port, query or fragment as "").
 *
 * https://urlpattern.spec.whatwg.org/#url-pattern-match
 */
export function componentValuesOfURL(url: URLRecord): string[] {
  return [
    url.scheme,
    url.username,
    url.password,
    url.host ?? '',
    url.port === null ? '' : String(url.port),
    url.serializedPath,
    url.query ?? '',
    url.fragment ?? '',
  ];
}

/**
 * The component strings of an input to match, all eight read at once: exec() reads each of them,
 * and a scan of a route table reads them once for all its patterns (see lastURLString).
 */
class InputComponents {
  // Declared, and set in the constructor, as URLRecord's fields are (url-record.ts).
  /** The eight strings, in component order. */
  declare readonly values: readonly string[];
  /** Whether the input is its URL's serialization, which is ASCII and so a USVString. */
  declare readonly inputIsSerialization: boolean;

  constructor(values: readonly string[], inputIsSerialization: boolean) {
    this.values = values;
    this.inputIsSerialization = inputIsSerialization;
  }
}

/**
 * The URL string last matched without a base URL, and its component strings (null when it does
 * not parse): a lazy cache for a scan of a route table, which matches one URL against many
 * patterns and so parses it once.
 */
const lastURLString = {
  input: undefined as string | undefined,
  components: null as InputComponents | null,
  /** Where the parser holds a URL as its serialization, for each new string. */
  serialization: /* @__PURE__ */ new SerializedURL('', 0, 0, 0, 0, 0, null),
};

/**
 * The component strings to match, or null for no match: of a URLPatternInit (null when processing
 * it throws), or of a URL string (null when it or the base URL does not parse) — or, for a URL
 * string without a base URL that is its URL's serialization, that serialization split.
 * https://urlpattern.spec.whatwg.org/#url-pattern-match
 */
function inputComponents(input: URLPatternInput, baseURLString: string | undefined): InputComponents | null {
  if (typeof input !== 'string') {
    if (baseURLString !== undefined) throw new TypeError('A base URL cannot be given with a URLPatternInit');
    let applyResult: URLPatternInit;
    try {
      applyResult = processAURLPatternInit(input, 'url', '');
    } catch {
      return null;
    }
    return new InputComponents(COMPONENT_NAMES.map((name) => applyResult[name]!), false);
  }
  // The "Otherwise" branch.
  if (baseURLString !== undefined) {
    const baseURL = runBasicURLParser(baseURLString, null, null, 0, null, null);
    if (baseURL === null) return null;
    const url = runBasicURLParser(input, baseURL, null, 0, null, null);
    return url === null ? null : new InputComponents(componentValuesOfURL(url), false);
  }
  if (input === lastURLString.input) return lastURLString.components;
  const url = parseToSerialization(input, null, lastURLString.serialization);
  let components: InputComponents | null = null;
  if (url instanceof SerializedURL && url.record === null) {
    components = new InputComponents(componentValuesOfSerialization(url), true);
  } else if (url !== null) {
    components = new InputComponents(componentValuesOfURL(url instanceof SerializedURL ? url.record! : url), false);
  }
  lastURLString.input = input;
  lastURLString.components = components;
  return components;
}

/**
 * The order in which test() and match() try the components (each must match, and none has side
 * effects): pathname and hostname first, as they tell most patterns apart.
 */
const MATCH_ORDER = [
  URLComponent.Pathname,
  URLComponent.Hostname,
  URLComponent.Protocol,
  URLComponent.Port,
  URLComponent.Username,
  URLComponent.Password,
  URLComponent.Search,
  URLComponent.Hash,
] as const;

/**
 * https://urlpattern.spec.whatwg.org/#url-pattern-match, for test(): whether the result is
 * non-null, that is, whether every component matches its string. A full wildcard matches every
 * string without reading it.
 */
function matchTest(urlPattern: URLPatternStruct, input: URLPatternInput, baseURLString: string | undefined): boolean {
  const components = inputComponents(input, baseURLString);
  if (components === null) return false;
  for (const index of MATCH_ORDER) {
    const component = urlPattern[index]!;
    if (component.kind !== MatchKind.Wildcard && !componentTest(component, components.values[index]!)) return false;
  }
  return true;
}

/**
 * Performs a match.
 *
 * https://urlpattern.spec.whatwg.org/#url-pattern-match
 */
function match(urlPattern: URLPatternStruct, input: URLPatternInput, baseURLString: string | undefined): URLPatternResult | null {
  const components = inputComponents(input, baseURLString);
  return components === null ? null : matchComponents(urlPattern, input, baseURLString, components);
}

/**
 * The steps of {@link match} once the input's component strings are known: a function of its own,
 * so that V8 inlines the component matches within its own budget, not what is left of the parse's.
 */
function matchComponents(urlPattern: URLPatternStruct, input: URLPatternInput, baseURLString: string | undefined, components: InputComponents): URLPatternResult | null {
  const values = components.values;
  // The components in MATCH_ORDER, written out so that each group record has a name of its own.
  const pathname = values[URLComponent.Pathname]!;
  const pathnameGroups = componentExec(urlPattern[URLComponent.Pathname]!, pathname);
  if (pathnameGroups === null) return null;
  const hostname = values[URLComponent.Hostname]!;
  const hostnameGroups = componentExec(urlPattern[URLComponent.Hostname]!, hostname);
  if (hostnameGroups === null) return null;
  const protocol = values[URLComponent.Protocol]!;
  const protocolGroups = componentExec(urlPattern[URLComponent.Protocol]!, protocol);
  if (protocolGroups === null) return null;
  const port = values[URLComponent.Port]!;
  const portGroups = componentExec(urlPattern[URLComponent.Port]!, port);
  if (portGroups === null) return null;
  const username = values[URLComponent.Username]!;
  const usernameGroups = componentExec(urlPattern[URLComponent.Username]!, username);
  if (usernameGroups === null) return null;
  const password = values[URLComponent.Password]!;
  const passwordGroups = componentExec(urlPattern[URLComponent.Password]!, password);
  if (passwordGroups === null) return null;
  const search = values[URLComponent.Search]!;
  const searchGroups = componentExec(urlPattern[URLComponent.Search]!, search);
  if (searchGroups === null) return null;
  const hash = values[URLComponent.Hash]!;
  const hashGroups = componentExec(urlPattern[URLComponent.Hash]!, hash);
  if (hashGroups === null) return null;
  // A string input is the USVString conversion of the argument (see exec); a dictionary is the
  // converted one, a new object with the members given in lexicographic order (toURLPatternInit),
  // which is what Web IDL makes of it again.
  const inputs: URLPatternInput[] = [typeof input !== 'string' || components.inputIsSerialization ? input : toScalarValueString(input)];
  if (typeof input === 'string' && baseURLString !== undefined) inputs.push(baseURLString);
  // The result, a URLPatternResult dictionary, has its members in lexicographic order (Web IDL).
  return {
    hash: { groups: hashGroups, input: hash },
    hostname: { groups: hostnameGroups, input: hostname },
    inputs,
    password: { groups: passwordGroups, input: password },
    pathname: { groups: pathnameGroups, input: pathname },
    port: { groups: portGroups, input: port },
    protocol: { groups: protocolGroups, input: protocol },
    search: { groups: searchGroups, input: search },
    username: { groups: usernameGroups, input: username },
  };
}

/** https://urlpattern.spec.whatwg.org/#url-pattern-has-regexp-groups */
function hasRegexpGroups(urlPattern: URLPatternStruct): boolean {
  for (const component of urlPattern) if (component.hasRegexpGroups) return true;
  return false;
}

/** Access to a URLPattern's associated URL pattern (module-private). */
let patternOf: (object: unknown) => URLPatternStruct;

/**
 * A URL pattern: a pattern for each URL component, matched component by component.
 *
 * ```ts
 * const pattern = new URLPattern({ pathname: '/users/:id' });
 * pattern.test('https://example.com/users/42');                  // true
 * pattern.exec('https://example.com/users/42')?.pathname.groups; // { id: '42' }
 * new URLPattern('https://example.com/books/:id(\\d+)').test('https://example.com/books/7'); // true
 * ```
 *
 * https://urlpattern.spec.whatwg.org/#urlpattern
 */
export class URLPattern {
  /** https://urlpattern.spec.whatwg.org/#urlpattern-associated-url-pattern */
  readonly #urlPattern: URLPatternStruct;

  /**
   * `new URLPattern(input, baseURL, options)` and `new URLPattern(input, options)`.
   *
   * https://urlpattern.spec.whatwg.org/#dom-urlpattern-urlpattern
   */
  constructor(input?: URLPatternInput, baseURL?: string, options?: URLPatternOptions);
  constructor(input?: URLPatternInput, options?: URLPatternOptions);
  constructor(...args: unknown[]) {
    // Web IDL overload resolution: three arguments, or a second argument that is neither
    // undefined, null nor an object, select (input, baseURL, options).
    const second = args[1];
    const withBase =
      args.length >= 3 || (args.length === 2 && second !== undefined && second !== null && typeof second !== 'object' && typeof second !== 'function');
    const input = toURLPatternInput(args[0]);
    let baseURL: string | null = null;
    let options: { ignoreCase: boolean };
    if (withBase) {
      baseURL = toUSVString(second);
      options = toURLPatternOptions(args[2]);
    } else {
      options = toURLPatternOptions(second);
    }
    this.#urlPattern = create(input, baseURL, options.ignoreCase);
  }

  static {
    patternOf = (object: unknown): URLPatternStruct => {
      if (typeof object !== 'object' || object === null || !(#urlPattern in object)) {
        throw new TypeError('The object is not a URLPattern');
      }
      return (object as URLPattern).#urlPattern;
    };
  }

  /**
   * Whether the pattern matches `input` (a URL string, relative to `baseURL` when given, or a
   * URLPatternInit).
   *
   * https://urlpattern.spec.whatwg.org/#dom-urlpattern-test
   */
  test(input?: URLPatternInput, baseURL?: string): boolean {
    const urlPattern = patternOf(this);
    // A string is parsed as it is: the basic URL parser reads a lone surrogate as U+FFFD, which is
    // what the USVString conversion makes of it, so the conversion changes no component.
    // So test() need not make the conversion, which would read the whole string.
    const converted = typeof input === 'string' ? input : toURLPatternInput(input);
    return matchTest(urlPattern, converted, baseURL === undefined ? undefined : toUSVString(baseURL));
  }

  /**
   * The match of `input`: each component's input and groups, or null.
   *
   * https://urlpattern.spec.whatwg.org/#dom-urlpattern-exec
   */
  exec(input?: URLPatternInput, baseURL?: string): URLPatternResult | null {
    const urlPattern = patternOf(this);
    // As in test; the result's inputs hold the converted string (match).
    const converted = typeof input === 'string' ? input : toURLPatternInput(input);
    return match(urlPattern, converted, baseURL === undefined ? undefined : toUSVString(baseURL));
  }

  /** The normalized protocol pattern. https://urlpattern.spec.whatwg.org/#dom-urlpattern-protocol */
  get protocol(): string {
    return patternOf(this)[0]!.patternString;
  }

  /** https://urlpattern.spec.whatwg.org/#dom-urlpattern-username */
  get username(): string {
    return patternOf(this)[1]!.patternString;
  }

  /** https://urlpattern.spec.whatwg.org/#dom-urlpattern-password */
  get password(): string {
    return patternOf(this)[2]!.patternString;
  }

  /** https://urlpattern.spec.whatwg.org/#dom-urlpattern-hostname */
  get hostname(): string {
    return patternOf(this)[3]!.patternString;
  }

  /** https://urlpattern.spec.whatwg.org/#dom-urlpattern-port */
  get port(): string {
    return patternOf(this)[4]!.patternString;
  }

  /** https://urlpattern.spec.whatwg.org/#dom-urlpattern-pathname */
  get pathname(): string {
    return patternOf(this)[5]!.patternString;
  }

  /** https://urlpattern.spec.whatwg.org/#dom-urlpattern-search */
  get search(): string {
    return patternOf(this)[6]!.patternString;
  }

  /** https://urlpattern.spec.whatwg.org/#dom-urlpattern-hash */
  get hash(): string {
    return patternOf(this)[7]!.patternString;
  }

  /** Whether any component uses a custom regular expression. https://urlpattern.spec.whatwg.org/#dom-urlpattern-hasregexpgroups */
  get hasRegExpGroups(): boolean {
    return hasRegexpGroups(patternOf(this));
  }

  declare readonly [Symbol.toStringTag]: string;

  /**
   * Tentative (not in the standard yet; the WPT `urlpattern-compare` data defines it): orders two
   * patterns by how specific one component is, -1, 0 or 1 (fixed text before regexp groups,
   * before segment wildcards, before full wildcards; then modifiers; then the text).
   */
  static compareComponent(component: URLPatternComponent, left: URLPattern, right: URLPattern): number {
    if (arguments.length < 3) throw new TypeError(`URLPattern.compareComponent: 3 arguments required, but only ${arguments.length} present.`);
    const index = toURLPatternComponent(component);
    const leftPattern = patternOf(left);
    const rightPattern = patternOf(right);
    return compareComponents(leftPattern[index]!, rightPattern[index]!);
  }

  /**
   * Tentative (not in the standard yet; the WPT `urlpattern-generate` data defines it): the
   * component string this pattern's `component` gives with `groups` substituted for its named
   * groups. Throws a TypeError for a missing group, a value the group cannot match, or a pattern
   * with full wildcards, regular expressions or modifiers.
   */
  generate(component: URLPatternComponent, groups: Record<string, string>): string {
    const urlPattern = patternOf(this);
    if (arguments.length < 2) throw new TypeError(`URLPattern.generate: 2 arguments required, but only ${arguments.length} present.`);
    const index = toURLPatternComponent(component);
    const record = toGroupsRecord(groups);
    return generateAComponentString(urlPattern[index]!, record);
  }
}

// Web IDL: attributes and operations are enumerable; an operation's length counts the arguments
// its shortest overload requires.
for (const name of ['test', 'exec', 'protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash', 'hasRegExpGroups', 'generate'] as const) {
  const descriptor = Object.getOwnPropertyDescriptor(URLPattern.prototype, name)!;
  descriptor.enumerable = true;
  Object.defineProperty(URLPattern.prototype, name, descriptor);
}
{
  const descriptor = Object.getOwnPropertyDescriptor(URLPattern, 'compareComponent')!;
  descriptor.enumerable = true;
  Object.defineProperty(URLPattern, 'compareComponent', descriptor);
}
Object.defineProperty(URLPattern.prototype.test, 'length', { value: 0 });
Object.defineProperty(URLPattern.prototype.exec, 'length', { value: 0 });
Object.defineProperty(URLPattern.prototype, Symbol.toStringTag, { value: 'URLPattern', configurable: true });

export type { URLPatternInit, URLPatternOptions, URLPatternComponent, Groups };

/** The eight components of a URLPattern, in the standard's order (for this package's tests). */
export function componentsOf(pattern: URLPattern): readonly Component[] {
  return patternOf(pattern);
}
