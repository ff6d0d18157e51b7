/**
 * whatwg-url's parsing functions over url-standard's parser: the basic URL parser (with a record to
 * change in place and a state override), the URL parser, and the parser with its validation errors.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
import {
  basicURLParse as standardBasicURLParse,
  parseURL as standardParseURL,
  validateURL,
  type URLRecord as StandardURLRecord,
  type StateOverride as StandardStateOverride,
} from 'url-standard';
import {
  basicURLParse as legacyBasicURLParse,
  parseURL as legacyParseURL,
} from 'url-standard/legacy-encoding';
import { copyStandardInto, recordFromStandard, standardBaseFromRecord, standardFromRecord, type URLRecord } from './record.ts';

/** The names of the basic URL parser's states, as `stateOverride` takes them. */
export type StateOverride = StandardStateOverride;

/** Options of {@link parseURL} and {@link parseURLWithValidationErrors}. */
export interface ParseOptions {
  /** The base URL record. */
  baseURL?: URLRecord | null | undefined;
  /**
   * The encoding of the query of special URLs other than ws: and wss:, as an Encoding Standard
   * label (a document's encoding). Default UTF-8.
   */
  encoding?: string | undefined;
}

/** Options of {@link basicURLParse}. */
export interface BasicURLParseOptions extends ParseOptions {
  /** A record to change in place, from the state `stateOverride`. */
  url?: URLRecord | undefined;
  /** The state to start in. */
  stateOverride?: StateOverride | undefined;
}

/**
 * Whether `encoding` leaves the query in UTF-8 without looking it up: absent, or UTF-8 by its name
 * (what a document's encoding most often is).
 */
function isUTF8(encoding: string | undefined): boolean {
  return encoding === undefined || encoding === 'UTF-8' || encoding === 'utf-8';
}

/**
 * Whether the query of `url` goes through the encoding: url-standard resolves the label before
 * parsing, whatwg-url only when it encodes such a query (https://url.spec.whatwg.org/#query-state).
 */
function queryIsEncoded(url: StandardURLRecord): boolean {
  if (url.query === null) return false;
  switch (url.scheme) {
    case 'ftp':
    case 'file':
    case 'http':
    case 'https':
      return true;
    default:
      return false;
  }
}

/**
 * Runs `parse` with the encoding; for a label the Encoding Standard does not know, gives the UTF-8
 * result unless the query would have been encoded, where whatwg-url throws its RangeError.
 */
function withEncoding(parse: () => StandardURLRecord | null, parseInUTF8: () => StandardURLRecord | null): StandardURLRecord | null {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const url = parseInUTF8();
    if (url !== null && queryIsEncoded(url)) throw new RangeError('Unknown encoding');
    return url;
  }
}

/**
 * The basic URL parser. Without `options.url` it returns a new record, or null for failure. With
 * `options.url` it changes that record in place (even when it then fails, as the standard's steps
 * do) and returns it, or null for failure.
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 */
export function basicURLParse(input: string, options: BasicURLParseOptions = {}): URLRecord | null {
  const baseURL = options.baseURL ?? null;
  const base = baseURL === null ? null : standardBaseFromRecord(baseURL);
  const record = options.url;
  const stateOverride = options.stateOverride;
  const encoding = options.encoding;
  if (record === undefined) {
    const parsed = isUTF8(encoding)
      ? standardParseURL(input, { base })
      : withEncoding(
          () => legacyParseURL(input, { base, encoding }),
          () => standardParseURL(input, { base }),
        );
    return parsed === null ? null : recordFromStandard(parsed, baseURL, base);
  }
  const standard = standardFromRecord(record);
  const state = { url: standard, stateOverride, base };
  const result = isUTF8(encoding)
    ? standardBasicURLParse(input, state)
    : withEncoding(
        () => legacyBasicURLParse(input, { ...state, encoding }),
        () => standardBasicURLParse(input, { ...state, url: standardFromRecord(record) }),
      );
  copyStandardInto(record, standard);
  return result === null ? null : record;
}

/**
 * The URL parser (no blob URL store: the basic URL parser).
 *
 * https://url.spec.whatwg.org/#concept-url-parser
 */
export function parseURL(input: string, options: ParseOptions = {}): URLRecord | null {
  const baseURL = options.baseURL ?? null;
  const encoding = options.encoding;
  if (!isUTF8(encoding)) return basicURLParse(input, { baseURL, encoding });
  // basicURLParse's steps without a record to change, called without its options object.
  const base = baseURL === null ? null : standardBaseFromRecord(baseURL);
  const parsed = base === null ? standardParseURL(input) : standardParseURL(input, { base });
  return parsed === null ? null : recordFromStandard(parsed, baseURL, base);
}

/** The result of {@link parseURLWithValidationErrors}. */
export interface ParseResultWithValidationErrors {
  /** The record, or null for failure. */
  url: URLRecord | null;
  /** The names of the validation errors the parser met, in order (repeats included). */
  validationErrors: string[];
}

/**
 * The URL parser, with the names of the validation errors it met.
 *
 * https://url.spec.whatwg.org/#validation-error
 */
export function parseURLWithValidationErrors(input: string, options: ParseOptions = {}): ParseResultWithValidationErrors {
  const baseURL = options.baseURL ?? null;
  const base = baseURL === null ? null : standardBaseFromRecord(baseURL);
  const result = validateURL(input, { base });
  const validationErrors = result.errors.map((error) => error.type as string);
  if (result.url === null) return { url: null, validationErrors };
  // The query of an encoding other than UTF-8 is the only part the validation run did not give.
  const url = isUTF8(options.encoding) ? recordFromStandard(result.url, baseURL, base) : parseURL(input, options);
  return { url, validationErrors };
}
