/**
 * Why a URL does not parse: the validation error at which the basic URL parser returns failure,
 * and the message of the TypeError that the URL class throws for it.
 *
 * https://url.spec.whatwg.org/#validation-error
 * https://url.spec.whatwg.org/#dom-url-url (step 2: "throw a TypeError")
 *
 * Nothing here runs while a URL parses: the cause is found only after the parser returned failure,
 * by parsing the same input again with a validation reporter.
 */
import { CodeUnit, codeUnitAt } from './code-unit.ts';
import { ALPHA, asciiClass, quoteForMessage, SCHEME } from './infra.ts';
import { runBasicURLParser } from './url-parser.ts';
import { forbiddenDomainCodePointIn, ValidationReporter, type ValidationError } from './validation-error.ts';

/** The validation error at which a parse fails, and which of the two strings it is in. */
export interface URLFailure extends ValidationError {
  /** "input" when the input fails (against the base, if any); "base" when the base itself fails. */
  readonly of: 'input' | 'base';
}

/** Longest input quoted in a message, in code units. */
const MAX_QUOTED_INPUT = 200;

/** What the password of an input is replaced with in a message. */
const HIDDEN_PASSWORD = '***';

/**
 * The validation error at which the basic URL parser returns failure for `url` (against `base`
 * when given, which fails first if it does not parse itself), or null when no error the parser
 * reports is a failure (which the parser's own tests rule out).
 */
export function urlFailure(url: string, base: string | undefined): URLFailure | null {
  let parsedBase = null;
  if (base !== undefined) {
    const baseRun = failingRun(base, null);
    if (baseRun.record === null) return baseRun.failure === null ? null : { ...baseRun.failure, of: 'base' };
    parsedBase = baseRun.record;
  }
  const failure = failingRun(url, parsedBase).failure;
  return failure === null ? null : { ...failure, of: 'input' };
}

/** Runs the basic URL parser on `input` with a reporter, keeping its first failure. */
function failingRun(input: string, base: ReturnType<typeof runBasicURLParser>) {
  let failure: ValidationError | null = null;
  const reporter = new ValidationReporter(input, (error) => {
    if (error.failure && failure === null) failure = error;
  });
  const record = runBasicURLParser(input, base, null, 0, reporter, null);
  return { record, failure: failure as ValidationError | null };
}

/**
 * Where the error points in its string: the code unit the message names (a domain's forbidden
 * code point), else the error's own index.
 */
export function failureIndex(failure: ValidationError, text: string): number {
  if (failure.type === 'domain-to-ASCII') {
    const forbidden = forbiddenDomainCodePointIn(text.slice(failure.index, failure.index + failure.length));
    if (forbidden !== null) return failure.index + forbidden.offset;
  }
  return failure.index;
}

/**
 * The message of the TypeError for `url` (and `base`) that do not parse, e.g.
 * `Invalid URL "http://exa mple/": at index 10, the host "exa mple" contains " ", which is a
 * forbidden domain code point (domain-to-ASCII)`. The inputs are quoted with their password
 * replaced (see {@link hidePassword}); the index counts code units of the string as given.
 */
export function invalidURLMessage(url: string, base: string | undefined, failure: URLFailure | null): string {
  let message = `Invalid URL ${quoteForMessage(hidePassword(url), MAX_QUOTED_INPUT)}`;
  if (base !== undefined) message += ` against the base ${quoteForMessage(hidePassword(base), MAX_QUOTED_INPUT)}`;
  if (failure === null) return message;
  const text = failure.of === 'base' ? base! : url;
  const where = failure.of === 'base' ? 'in the base' : '';
  // The standard's error covers both a missing base and a base with an opaque path: say which.
  const reason =
    failure.type === 'missing-scheme-non-relative-URL' && failure.of === 'input' && base !== undefined
      ? 'the input has no scheme, and the base has an opaque path, against which only a fragment ("#…") resolves'
      : clause(failure.message);
  return `${message}: at index ${failureIndex(failure, text)}${where === '' ? '' : ' ' + where}, ${reason} (${failure.type})`;
}

/** A validation error's message as a clause: without its final period, "The"/"A" lowercased. */
function clause(sentence: string): string {
  const text = sentence.endsWith('.') ? sentence.slice(0, -1) : sentence;
  return /^(?:The|A) /.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/**
 * `input` with the password of its credentials replaced by "***", so that a message that quotes
 * a URL does not carry it into logs. The credentials are what the parser would take for them: after
 * the scheme, its ":" and any "/" or "\", up to the last "@" before the authority ends ("/", "\",
 * "?" or "#"); the password is after their first ":". Other secrets (a token in the query) are
 * left as written.
 */
export function hidePassword(input: string): string {
  let start = 0;
  while (start < input.length && codeUnitAt(input, start) <= CodeUnit.Space) start++;
  const first = codeUnitAt(input, start);
  if (!(first <= CodeUnit.Delete && (asciiClass[first]! & ALPHA) !== 0)) return input;
  let i = start + 1;
  for (; i < input.length; i++) {
    const c = codeUnitAt(input, i);
    if (!(c <= CodeUnit.Delete && (asciiClass[c]! & SCHEME) !== 0)) break;
  }
  if (codeUnitAt(input, i) !== CodeUnit.Colon) return input;
  i++;
  while (codeUnitAt(input, i) === CodeUnit.Solidus || codeUnitAt(input, i) === CodeUnit.ReverseSolidus) i++;
  const authorityStart = i;
  let at = -1;
  for (; i < input.length; i++) {
    const c = codeUnitAt(input, i);
    if (c === CodeUnit.Solidus || c === CodeUnit.ReverseSolidus || c === CodeUnit.QuestionMark || c === CodeUnit.NumberSign) break;
    if (c === CodeUnit.CommercialAt) at = i;
  }
  if (at === -1) return input;
  const colon = input.indexOf(':', authorityStart);
  if (colon === -1 || colon >= at - 1) return input;
  return input.slice(0, colon + 1) + HIDDEN_PASSWORD + input.slice(at);
}
