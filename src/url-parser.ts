/**
 * The basic URL parser (URL Standard §4.4).
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 *
 * The state machine follows the standard state by state: one function per state, in modules named
 * after the parts of the standard's list of states (url-parser-scheme-states.ts,
 * url-parser-authority-states.ts, url-parser-file-states.ts, url-parser-path-states.ts), sharing the
 * run's variables (url-parser-run.ts). Where the standard appends one code point at a time to a
 * buffer, a state finds the end of the run first and percent-encodes the whole run at once
 * (returning the input slice when nothing needs encoding), which gives the same result. The run's
 * `p` is always the position of the standard's "c" for the state about to run: the standard's
 * "decrease pointer by 1" becomes "stay at p", its plain transition "p + 1".
 */
import { LONG_INPUT, toScalarValueString } from './infra.ts';
import { specialSchemeDefaultPort, URLRecord } from './url-record.ts';
import { GIVE_UP_REASONS, GiveUp, parseCommonShape, ReturnMode } from './url-parser-route.ts';
import { routeFormOf, type RouteForm } from './url-parser-reference.ts';
import { SerializedURL, serializedRecord } from './serialized-url.ts';
import { cleanInput, hasTabOrNewline, trimInput } from './url-parser-input.ts';
import { type ParserRun, type QueryEncoder, RESTART, State, type StateResult } from './url-parser-run.ts';
import {
  noSchemeState,
  pathOrAuthorityState,
  relativeSlashState,
  relativeState,
  schemeStartState,
  schemeState,
  specialRelativeOrAuthorityState,
} from './url-parser-scheme-states.ts';
import {
  authorityState,
  hostState,
  portState,
  specialAuthorityIgnoreSlashesState,
  specialAuthoritySlashesState,
} from './url-parser-authority-states.ts';
import { fileHostState, fileSlashState, fileState } from './url-parser-file-states.ts';
import { fragmentState, opaquePathState, pathStartState, pathState, queryState } from './url-parser-path-states.ts';
import { reporterWithMessages, type ValidationReporter, type ValidationErrorCallback } from './validation-error.ts';

// The route for the common shapes, the relative references it takes, URL.canParse's check and the
// setters' shortcuts live in modules of their own; these are their names for the rest of the package.
export { certainlyParses } from './url-can-parse.ts';
export { GiveUp, parseCommonShape, ReturnMode, type RouteResult } from './url-parser-route.ts';
export { parseBaseForReference, routeFormOf, type RouteForm } from './url-parser-reference.ts';
export { isSpecialNonFile } from './url-parser-scanners.ts';
export { State, type QueryEncoder } from './url-parser-run.ts';
export { fragmentFromOverrideInput, pathFromOverrideInput, queryFromOverrideInput, simpleHostFromOverrideInput } from './url-parser-state-override.ts';

/** The state override names accepted by {@link basicURLParse}. */
export type StateOverride =
  | 'scheme start'
  | 'scheme'
  | 'no scheme'
  | 'special relative or authority'
  | 'path or authority'
  | 'relative'
  | 'relative slash'
  | 'special authority slashes'
  | 'special authority ignore slashes'
  | 'authority'
  | 'host'
  | 'hostname'
  | 'port'
  | 'file'
  | 'file slash'
  | 'file host'
  | 'path start'
  | 'path'
  | 'opaque path'
  | 'query'
  | 'fragment';

/** The state override names, in the order of {@link State} from SchemeStart. */
const STATE_NAMES: readonly StateOverride[] = /* @__PURE__ */ (
  'scheme start,scheme,no scheme,special relative or authority,path or authority,relative,relative slash,' +
  'special authority slashes,special authority ignore slashes,authority,host,hostname,port,file,file slash,' +
  'file host,path start,path,opaque path,query,fragment'
).split(',') as StateOverride[];

/** Maps a state override name to the parser's state; `undefined` for an unknown name. */
export function stateFromName(name: string): State | undefined {
  const i = STATE_NAMES.indexOf(name as StateOverride);
  return i === -1 ? undefined : ((i + State.SchemeStart) as State);
}


/**
 * Runs the basic URL parser. With `url` and `stateOverride` it modifies `url` and returns whether
 * it succeeded; otherwise it returns a new record or `null` for failure.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
export function runBasicURLParser(
  rawInput: string,
  base: URLRecord | null,
  url: URLRecord | null,
  stateOverride: State | 0,
  reporter: ValidationReporter | null,
  queryEncoder: QueryEncoder | null,
): URLRecord | null {
  if (url === null && reporter === null) {
    if (queryEncoder === null) return parseWithRoute(rawInput, base, ReturnMode.Record) as URLRecord | null;
    return parseOtherShape(rawInput, base, queryEncoder, ReturnMode.Record, null) as URLRecord | null;
  }
  return parse(rawInput, base, url, stateOverride, reporter, queryEncoder, false, false) as URLRecord | null;
}

/**
 * The basic URL parser for an input that may be its URL's serialization: a {@link SerializedURL}
 * then (with or without the record, see {@link ReturnMode.Serialization}), or the record, or null
 * for failure. What the URL class, URLPattern and the command line parse with. `serializedInto`:
 * see parseCommonShape.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
export function parseToSerialization(
  rawInput: string,
  base: URLRecord | null,
  serializedInto: SerializedURL | null = null,
): URLRecord | SerializedURL | null {
  return parseWithRoute(rawInput, base, ReturnMode.Serialization, serializedInto);
}

/** The ways through the basic URL parser, as {@link RouteTrace} records them. */
const enum Route {
  CommonShape = 1,
  StateMachine,
  StateMachineAfterRestart,
  StateMachineOnCleanedInput,
}

/** What a parse records of the way it took, when its caller asks (see {@link explainRoute}). */
interface RouteTrace {
  route: Route | 0;
  /** Whether the reference was rewritten into the form the route takes (routeFormOf). */
  rewritten: boolean;
  /** Why the route for common shapes gave up, or 0. */
  giveUp: GiveUp | 0;
}

/**
 * Which way {@link explainRoute} saw an input go through the parser, and why the ways before it
 * gave up.
 */
export interface RouteExplanation {
  /**
   * "common shape" (the route read the input, or its rewritten form, in one pass), "state
   * machine", "state machine after restart" (the first run, on the input as it is, met ASCII tab or
   * newline or a state that runs only on cleaned input: the file states, the host state), or
   * "state machine on cleaned input" (a long input with tab or newline, cleaned first).
   */
  route: string;
  /** Whether the reference was rewritten into the form the route takes (routeFormOf). */
  rewritten: boolean;
  /** Why the route for common shapes gave up, or null when it did not. */
  routeGaveUp: string | null;
  /** Whether the result is held as its serialization without a record. */
  heldAsSerialization: boolean;
  /** Whether the basic URL parser succeeded. */
  parsed: boolean;
}

/** The names of {@link Route}'s ways, by value. */
const ROUTE_NAMES = ['', 'common shape', 'state machine', 'state machine after restart', 'state machine on cleaned input'];

/**
 * Says which way the parser takes for `input` against `base` (as the URL class parses: in
 * {@link ReturnMode.Serialization}) and why the faster ways gave up. For tests and for reading the
 * parser: it runs the same functions as a parse does.
 */
export function explainRoute(input: string, base: URLRecord | null = null): RouteExplanation {
  const trace: RouteTrace = { route: 0, rewritten: false, giveUp: 0 };
  // parseWithRoute's steps, recording the way the input takes.
  const form: RouteForm = { pathPrefix: '', start: 0 };
  const routeInput = base === null ? input : routeFormOf(input, base, form);
  trace.rewritten = routeInput !== input || form.pathPrefix !== '';
  let result = parseCommonShape(routeInput, base, ReturnMode.Serialization, null, null, form.pathPrefix, form.start);
  if (typeof result !== 'number') {
    trace.route = Route.CommonShape;
  } else {
    trace.giveUp = result;
    result = parseOtherShape(input, base, null, ReturnMode.Serialization, trace);
  }
  return {
    route: ROUTE_NAMES[trace.route]!,
    rewritten: trace.rewritten,
    routeGaveUp: trace.giveUp === 0 ? null : GIVE_UP_REASONS[trace.giveUp]!,
    heldAsSerialization: result instanceof SerializedURL && result.record === null,
    parsed: result !== null,
  };
}

/** The path prefix and start that routeFormOf gives parseWithRoute with the route's input. */
const routeFormScratch: RouteForm = { pathPrefix: '', start: 0 };

/**
 * The basic URL parser without `url`, state override, reporter and query encoder: the route for
 * the common shapes ({@link parseCommonShape}, in `mode`), given a reference as the equivalent one
 * it takes ({@link routeFormOf}), then the state machine on the input as it is. `serializedInto` is
 * passed on to the route (see parseCommonShape).
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
export function parseWithRoute(
  rawInput: string,
  base: URLRecord | null,
  mode: ReturnMode,
  serializedInto: SerializedURL | null = null,
): URLRecord | SerializedURL | null {
  let input = rawInput;
  let pathPrefix = '';
  let start = 0;
  if (base !== null) {
    input = routeFormOf(rawInput, base, routeFormScratch);
    pathPrefix = routeFormScratch.pathPrefix;
    start = routeFormScratch.start;
  }
  const common = parseCommonShape(input, base, mode, null, serializedInto, pathPrefix, start);
  return typeof common !== 'number' ? common : parseOtherShape(rawInput, base, null, mode, null);
}

/**
 * The basic URL parser without `url`, state override and reporter, for an input that
 * {@link parseCommonShape} gave up on (or that has a query encoder): the state machine, run first
 * on the input as it is.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
export function parseOtherShape(
  rawInput: string,
  base: URLRecord | null,
  queryEncoder: QueryEncoder | null,
  mode: ReturnMode,
  trace: RouteTrace | null,
): URLRecord | SerializedURL | null {
  // A long input with ASCII tab or newline (three native scans tell) is cleaned first: the run
  // below would read it up to one only to start again, and the cleaned input may have the common
  // shape. Either way its serialization is not the input, which had tabs or newlines.
  if (rawInput.length > LONG_INPUT && hasTabOrNewline(rawInput, 0, rawInput.length)) {
    if (trace !== null) trace.route = Route.StateMachineOnCleanedInput;
    const cleaned = cleanInput(rawInput, true, null);
    const result = queryEncoder === null ? parseCommonShape(cleaned, base, ReturnMode.Record) : GiveUp.LongInput;
    return typeof result !== 'number' ? result : parse(cleaned, base, null, 0, null, queryEncoder, false, false);
  }
  // First without looking for ASCII tab or newline: the states this run goes through examine
  // every code unit they keep, and ask for a run on the cleaned input when one is there.
  const serialization = mode === ReturnMode.Serialization;
  const result = parse(rawInput, base, null, 0, null, queryEncoder, true, serialization);
  if (result !== RESTART && (result !== null || !hasTabOrNewline(rawInput, 0, rawInput.length))) {
    if (trace !== null) trace.route = Route.StateMachine;
    return result;
  }
  if (trace !== null) trace.route = Route.StateMachineAfterRestart;
  return parse(rawInput, base, null, 0, null, queryEncoder, false, serialization);
}

/**
 * The state machine alone, without {@link parseCommonShape} and the optimistic run: what the tests
 * compare those shortcuts with.
 */
export function parseWithStateMachine(input: string, base: URLRecord | null): URLRecord | null {
  return parse(input, base, null, 0, null, null, false, false) as URLRecord | null;
}

/**
 * The basic URL parser's state machine: runs the state the run is in until one returns the result.
 * With `optimistic` (only without `url`, state override and reporter), the input is trimmed but not
 * cleaned of ASCII tab or newline, and the run may return {@link RESTART} (see ParserRun). With
 * `serialization`, a record whose serialization is the input comes as a {@link SerializedURL}.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
function parse(
  rawInput: string,
  base: URLRecord | null,
  url: URLRecord | null,
  stateOverride: State | 0,
  reporter: ValidationReporter | null,
  queryEncoder: QueryEncoder | null,
  optimistic: boolean,
  serialization: boolean,
): URLRecord | SerializedURL | null {
  // Steps 1–3.
  const s = optimistic ? trimInput(rawInput) : cleanInput(rawInput, url === null, reporter);
  const record = url === null ? new URLRecord() : url;
  const r: ParserRun = {
    s,
    len: s.length,
    base,
    url: record,
    override: stateOverride,
    hasOverride: stateOverride !== 0,
    reporter,
    queryEncoder,
    optimistic,
    state: stateOverride !== 0 ? stateOverride : State.SchemeStart,
    p: 0,
    special: specialSchemeDefaultPort(record.scheme) !== undefined,
    segments: null,
    carried: '',
    verbatim: stateOverride === 0 && s === rawInput,
    authority: null,
  };
  for (;;) {
    // A switch of direct calls, which V8 can inline, rather than a table of the functions.
    let result: StateResult;
    switch (r.state) {
      case State.SchemeStart:
        result = schemeStartState(r);
        break;
      case State.Scheme:
        result = schemeState(r);
        break;
      case State.NoScheme:
        result = noSchemeState(r);
        break;
      case State.SpecialRelativeOrAuthority:
        result = specialRelativeOrAuthorityState(r);
        break;
      case State.PathOrAuthority:
        result = pathOrAuthorityState(r);
        break;
      case State.Relative:
        result = relativeState(r);
        break;
      case State.RelativeSlash:
        result = relativeSlashState(r);
        break;
      case State.SpecialAuthoritySlashes:
        result = specialAuthoritySlashesState(r);
        break;
      case State.SpecialAuthorityIgnoreSlashes:
        result = specialAuthorityIgnoreSlashesState(r);
        break;
      case State.Authority:
        result = authorityState(r);
        break;
      case State.Host:
      case State.Hostname:
        result = hostState(r);
        break;
      case State.Port:
        result = portState(r);
        break;
      case State.File:
        result = fileState(r);
        break;
      case State.FileSlash:
        result = fileSlashState(r);
        break;
      case State.FileHost:
        result = fileHostState(r);
        break;
      case State.PathStart:
        result = pathStartState(r);
        break;
      case State.Path:
        result = pathState(r);
        break;
      case State.OpaquePath:
        result = opaquePathState(r);
        break;
      case State.Query:
        result = queryState(r);
        break;
      case State.Fragment:
        result = fragmentState(r);
        break;
      default:
        return null;
    }
    if (result !== undefined) {
      // The run kept the input as it is, and never edited the path as a list: the input is the
      // serialization of its result.
      if (serialization && result !== null && result !== RESTART && r.verbatim && r.segments === null) return serializedRecord(rawInput, result);
      return result;
    }
  }
}


/** Options of the low-level parse functions. */
export interface ParseOptions {
  /** A base URL: a string (parsed first), a URL record, or anything with an `href` string. */
  base?: string | URLRecord | { readonly href: string } | null | undefined;
  /** Called for every validation error, in the order the parser meets them. */
  onValidationError?: ValidationErrorCallback | undefined;
}

/** Resolves the `base` option into a record; `undefined` when the base fails to parse. */
export function resolveBase(base: ParseOptions['base']): URLRecord | null | undefined {
  if (base === null || base === undefined) return null;
  if (base instanceof URLRecord) return base;
  const href = typeof base === 'string' ? base : base.href;
  if (typeof href !== 'string') return undefined;
  // The parser treats a lone surrogate exactly as U+FFFD (as the URL class relies on too).
  const record = runBasicURLParser(href, null, null, 0, null, null);
  return record === null ? undefined : record;
}

/** Options of the low-level basic URL parser: a record to modify, and the state to start in. */
export interface BasicURLParseOptions extends ParseOptions {
  /** A record to modify in place (with `stateOverride`). */
  url?: URLRecord | undefined;
  /** The state to start in; only meaningful with `url`. */
  stateOverride?: StateOverride | undefined;
}

/**
 * The public parse functions' common body, with an optional query encoder (the legacy-encoding
 * entry passes one). With `allowOverride` false (parseURL) the `url` and `stateOverride` options are
 * ignored. Without them it returns a new record or `null`; with `url` and `stateOverride` it
 * modifies `url` and returns it, or `null` where the standard says "return failure".
 */
export function basicURLParseWith(
  input: string,
  options: BasicURLParseOptions | undefined,
  queryEncoder: QueryEncoder | null,
  allowOverride = true,
): URLRecord | null {
  if (typeof input !== 'string') return null;
  const base = options === undefined ? null : resolveBase(options.base);
  if (base === undefined) return null;
  const callback = options?.onValidationError;
  const reporter = typeof callback === 'function' ? reporterWithMessages(input, callback) : null;
  let url: URLRecord | null = null;
  let state = 0;
  if (allowOverride && options?.url instanceof URLRecord) {
    url = options.url;
    if (options.stateOverride !== undefined) {
      const s = stateFromName(options.stateOverride);
      if (s === undefined) return null;
      state = s;
    }
  }
  // Without a record to change or a reporter, the parser treats a lone surrogate exactly as
  // U+FFFD (as for the URL class), so the input is not converted first.
  const str = url === null && reporter === null ? input : toScalarValueString(input);
  const result = runBasicURLParser(str, base, url, state, reporter, queryEncoder);
  return url !== null && state !== 0 ? (result === null ? null : url) : result;
}

/**
 * Parses `input` into a URL record, or returns `null` for failure. The basic URL parser (no blob
 * URL entry resolution, which needs a blob URL store).
 *
 * ```ts
 * const url = parseURL('https://EXAMPLE.com/a/../b?q#f');
 * url?.host;  // 'example.com'
 * url?.path;  // ['b']
 * parseURL('b', { base: 'https://example.com/a/' })?.path; // ['a', 'b']
 * ```
 *
 * https://url.spec.whatwg.org/#concept-url-parser
 */
export function parseURL(input: string, options?: ParseOptions): URLRecord | null {
  return basicURLParseWith(input, options, null, false);
}
