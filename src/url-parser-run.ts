/**
 * One run of the basic URL parser's state machine: its input, its arguments and the variables its
 * states share (the state, the pointer, the path being edited). Each state is a function of the
 * run, in the module of its part of the standard's list of states: url-parser-scheme-states.ts
 * (scheme start to relative slash), url-parser-authority-states.ts (special authority slashes to
 * port), url-parser-file-states.ts (file, file slash, file host) and url-parser-path-states.ts
 * (path start to fragment). url-parser.ts drives them.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
import { CodeUnit } from './code-unit.ts';
import { isNormalizedWindowsDriveLetter, joinPath, URLRecord } from './url-record.ts';
import type { AuthorityScan } from './url-parser-scanners.ts';
import type { ValidationErrorType, ValidationReporter } from './validation-error.ts';

/** The parser states. https://url.spec.whatwg.org/#concept-basic-url-parser */
export const enum State {
  SchemeStart = 1,
  Scheme,
  NoScheme,
  SpecialRelativeOrAuthority,
  PathOrAuthority,
  Relative,
  RelativeSlash,
  SpecialAuthoritySlashes,
  SpecialAuthorityIgnoreSlashes,
  Authority,
  Host,
  Hostname,
  Port,
  File,
  FileSlash,
  FileHost,
  PathStart,
  Path,
  OpaquePath,
  Query,
  Fragment,
}

/**
 * Percent-encodes a query for a legacy (non-UTF-8) encoding: the standard's "percent-encode after
 * encoding" with the query's percent-encode set. Supplied by the legacy-encoding module.
 */
export type QueryEncoder = (query: string, isSpecial: boolean) => string;

/**
 * What a state returns: `undefined` to go on (in the state it set, at the pointer it set), or the
 * parser's result: the URL record, `null` for failure, or {@link RESTART}.
 */
export type StateResult = URLRecord | null | undefined;

/** Returned by an optimistic run that met an ASCII tab or newline. */
export const RESTART: URLRecord = /* @__PURE__ */ new URLRecord();

/**
 * A run of the state machine on `s`, the input after steps 1–3 of the basic URL parser (or, for an
 * optimistic run, only trimmed). With `optimistic` (only without `url`, state override and
 * reporter), the states ask for {@link RESTART} as soon as they meet an ASCII tab or newline, and
 * may return `null` without having looked (the caller checks then). On every route to success the
 * run has examined each code unit: scanning loops that stop at or reject a tab or newline, or a
 * check of each range it percent-encodes (hasTabOrNewline, a native scan for a long one), and
 * states outside these routes ask for the restart at once.
 *
 * The states are functions of their own rather than one loop around a switch: JavaScriptCore
 * compiles each small function in its top tier far sooner than it would compile the one large one.
 */
export interface ParserRun {
  /** The input. */
  readonly s: string;
  readonly len: number;
  readonly base: URLRecord | null;
  /** The URL being built, or the one given with a state override. */
  readonly url: URLRecord;
  readonly override: State | 0;
  readonly hasOverride: boolean;
  readonly reporter: ValidationReporter | null;
  readonly queryEncoder: QueryEncoder | null;
  readonly optimistic: boolean;
  /** The state about to run. */
  state: State;
  /** The pointer: the position of the standard's "c" for the state about to run. */
  p: number;
  /** Whether url's scheme is special. */
  special: boolean;
  /** The path as a list while it is being edited; null while `url.serializedPath` is current. */
  segments: string[] | null;
  /** A path-state buffer carried over from the file host state (a Windows drive letter). */
  carried: string;
  /** True while the serialization of the result is known to equal the input. */
  verbatim: boolean;
  /** What the authority state's scan found, made when the run first reaches that state. */
  authority: AuthorityScan | null;
}

/** Reports a validation error to the run's reporter, if it has one (see ValidationReporter.report). */
export function report(r: ParserRun, type: ValidationErrorType, start: number, length: number, failure: boolean): void {
  if (r.reporter !== null) r.reporter.report(type, start, length, failure);
}

/** The run's path list (see pathList), made from url's serialized path when it is not one yet. */
export function pathOf(r: ParserRun): string[] {
  return r.segments === null ? (r.segments = pathList(r.url.serializedPath)) : r.segments;
}

/**
 * The step several states end with: if `c` is "?", url's query becomes the empty string and the
 * query state follows; if "#", url's fragment and the fragment state; either way at `next`.
 * Returns whether `c` was one of the two.
 */
export function startQueryOrFragment(r: ParserRun, c: number, next: number): boolean {
  if (c === CodeUnit.QuestionMark) {
    r.url.query = '';
    r.state = State.Query;
  } else if (c === CodeUnit.NumberSign) {
    r.url.fragment = '';
    r.state = State.Fragment;
  } else {
    return false;
  }
  r.p = next;
  return true;
}

/** The run's result: its URL, with the path list written back to it if the path was edited as one. */
export function finish(r: ParserRun): URLRecord {
  const { url, segments } = r;
  if (segments !== null) url.serializedPath = joinPath(segments);
  return url;
}

/**
 * A non-opaque serialized path as the list the path state edits: one item that holds every
 * segment, joined by "/" (see shortenPath), where a list of one item per segment would cost a path
 * of millions of segments as many items: resolving a reference against a base with a long path
 * then costs about as much as parsing the base.
 */
export function pathList(serializedPath: string): string[] {
  return serializedPath === '' ? [] : [serializedPath.slice(1)];
}

/**
 * https://url.spec.whatwg.org/#shorten-a-urls-path
 *
 * An item of the list may hold several segments joined by "/" (a run the path state appended at
 * once): then its last segment is taken off. No segment holds "/" itself.
 */
export function shortenPath(url: URLRecord, path: string[]): void {
  if (url.scheme === 'file' && path.length === 1 && isNormalizedWindowsDriveLetter(path[0]!)) return;
  const item = path.pop();
  // includes first: lastIndexOf is a call into the runtime, which an item of one segment, the
  // usual case, does not need.
  if (item?.includes('/')) path.push(item.slice(0, item.lastIndexOf('/')));
}
