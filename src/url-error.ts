/**
 * Why a URL does not parse: the validation error at which the basic URL parser returns failure,
 * and the message of the TypeError that the URL class throws for it.
 *
 * https://url.spec.whatwg.org/#validation-error
 * https://url.spec.whatwg.org/#dom-url-url (step 2: "throw a TypeError")
 *
 * Nothing here runs while a URL parses: the cause is found only after the parser returned failure,
 * by parsing the same input again with a validation reporter, whose sink keeps the first failure
 * and makes no message.
 */
import { quoteForMessage } from './infra.ts';
import { runBasicURLParser } from './url-parser.ts';
import type { URLRecord } from './url-record.ts';
import { forbiddenDomainCodePointIn, ValidationReporter, type ValidationErrorType } from './validation-error.ts';

/** The validation error at which a parse fails, and which of the two strings it is in. */
export interface URLFailure {
  /** The standard's name of the error. */
  readonly type: ValidationErrorType;
  /** Index (in UTF-16 code units) of the first code unit the error covers in its string. */
  readonly index: number;
  /** Number of code units the error covers (0 for "at the end"). */
  readonly length: number;
  /** "input" when the input fails (against the base, if any); "base" when the base itself fails. */
  readonly of: 'input' | 'base';
}

/** Longest input quoted in a message, in code units. */
const MAX_QUOTED_INPUT = 200;

/**
 * The validation error at which the basic URL parser returns failure for `url` (against `base`
 * when given, which fails first if it does not parse itself), or null when no error the parser
 * reports is a failure (which the parser's own tests rule out).
 */
export function urlFailure(url: string, base: string | undefined): URLFailure | null {
  let parsedBase: URLRecord | null = null;
  if (base !== undefined) {
    const baseRun = failingRun(base, null, 'base');
    if (baseRun.record === null) return baseRun.failure;
    parsedBase = baseRun.record;
  }
  return failingRun(url, parsedBase, 'input').failure;
}

/** Runs the basic URL parser on `input` with a reporter, keeping its first failure. */
function failingRun(
  input: string,
  base: URLRecord | null,
  of: URLFailure['of'],
): { record: URLRecord | null; failure: URLFailure | null } {
  let failure: URLFailure | null = null;
  const reporter = new ValidationReporter(input, (type, index, length, isFailure) => {
    if (isFailure && failure === null) failure = { type, index, length, of };
  });
  const record = runBasicURLParser(input, base, null, 0, reporter, null);
  return { record, failure: failure as URLFailure | null };
}

/**
 * Where the error points in its string: the code unit the message names (a domain's forbidden
 * code point), else the error's own index.
 */
export function failureIndex(failure: URLFailure, text: string): number {
  if (failure.type === 'domain-to-ASCII') {
    const forbidden = forbiddenDomainCodePointIn(text.slice(failure.index, failure.index + failure.length));
    if (forbidden !== null) return failure.index + forbidden.offset;
  }
  return failure.index;
}

/**
 * The message of the TypeError for `url` (and `base`) that do not parse, e.g.
 * `Invalid URL "http://exa mple/" (domain-to-ASCII at index 10)`. The inputs are quoted with their
 * password replaced (see {@link hidePassword}); the index counts code units of the string as
 * given. The error's sentence is validateURL's: the messages stay out of the URL class's bundle.
 */
export function invalidURLMessage(url: string, base: string | undefined, failure: URLFailure | null): string {
  let message = `Invalid URL ${quoteForMessage(hidePassword(url), MAX_QUOTED_INPUT)}`;
  if (base !== undefined) message += ` against the base ${quoteForMessage(hidePassword(base), MAX_QUOTED_INPUT)}`;
  if (failure === null) return message;
  const inBase = failure.of === 'base';
  return `${message} (${failure.type} at index ${failureIndex(failure, inBase ? base! : url)}${inBase ? ' of the base' : ''})`;
}

/**
 * The TypeError the URL class throws for a URL that does not parse: `input` (and `base`) as
 * properties, and its message and `validationError` found when first read. The parse that finds
 * them runs only then, so code that parses many URLs and catches the failures (a crawler) pays
 * for none of it; the runtimes format `stack` when it is first read, from the message then.
 */
export class InvalidURLError extends TypeError {
  declare readonly input: string;
  declare readonly base?: string;
  /** The failure, once found; undefined until then. */
  #failure: URLFailure | null | undefined;

  constructor(input: string, base: string | undefined) {
    // No message: `message` is the getter below until something sets it.
    super();
    (this as { input: string }).input = input;
    if (base !== undefined) (this as { base?: string }).base = base;
  }

  /** The validation error at which the parse fails (null in the case urlFailure describes). */
  get validationError(): URLFailure | null {
    if (this.#failure === undefined) this.#failure = urlFailure(this.input, this.base);
    return this.#failure;
  }

  override get message(): string {
    return invalidURLMessage(this.input, this.base, this.validationError);
  }

  override set message(value: string) {
    Object.defineProperty(this, 'message', { value, writable: true, enumerable: false, configurable: true });
  }
}

/** What the password of an input is replaced with in a message. */
const HIDDEN_PASSWORD = '***';

/**
 * Up to the password of an input's credentials (group 1), and the password: what the parser would
 * take for them, after the scheme, its ":" and any "/" or "\", the username up to the first ":",
 * then the rest up to the last "@" before the authority ends ("/", "\", "?" or "#"). Each "@" is
 * looked past at most once, so the match is linear in the input.
 */
const CREDENTIALS = /^([\u0000-\u0020]*[A-Za-z][A-Za-z0-9+.-]*:[/\\]*[^/\\?#:]*:)[^/\\?#]+(?=@[^/\\?#@]*(?:[/\\?#]|$))/;

/**
 * `input` with the password of its credentials replaced by "***", so that a message that quotes
 * a URL does not carry it into logs. Other secrets (a token in the query) are left as written.
 */
export function hidePassword(input: string): string {
  return input.replace(CREDENTIALS, '$1' + HIDDEN_PASSWORD);
}
