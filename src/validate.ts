/**
 * Validation of a URL string: the URL parser's validation errors together with the URL-writing
 * grammar.
 *
 * https://url.spec.whatwg.org/#validation-error
 * https://url.spec.whatwg.org/#valid-url-string
 */
import { resolveBase, runBasicURLParser, type ParseOptions } from './url-parser.ts';
import type { URLRecord } from './url-record.ts';
import { isValidURLStringWithBase } from './valid-url-string.ts';
import { reporterWithMessages, type ValidationError } from './validation-error.ts';
import { toScalarValueString } from './infra.ts';

/** Options of {@link validateURL}. */
export interface ValidateURLOptions {
  /** A base URL: a string (parsed first), a URL record, or anything with an `href` string. */
  base?: ParseOptions['base'];
}

/** Result of {@link validateURL}. */
export interface URLValidationResult {
  /**
   * True exactly when the basic URL parser returns a URL, reports no validation error, and the
   * input is a valid URL string (against the base, when one is given).
   */
  valid: boolean;
  /** The parsed URL record, or null for failure (including a base that is not a URL). */
  url: URLRecord | null;
  /**
   * Every validation error the parser reported, in order, located in `input`. On failure the
   * last one has `failure: true`; no other has.
   */
  errors: ValidationError[];
}

/**
 * Parses `input` (against `options.base`, if given), collecting the validation errors, and checks
 * it against the URL-writing grammar.
 *
 * ```ts
 * validateURL('https://example.com/a b').errors[0]?.type; // 'invalid-URL-unit'
 * validateURL('https://example.com/a b').valid;           // false
 * validateURL('../x', { base: 'https://example.com/a/b' }).valid; // true
 * ```
 *
 * https://url.spec.whatwg.org/#concept-basic-url-parser
 * https://url.spec.whatwg.org/#valid-url-string
 */
export function validateURL(input: string, options?: ValidateURLOptions): URLValidationResult {
  const errors: ValidationError[] = [];
  if (typeof input !== 'string') return { valid: false, url: null, errors };
  const baseOption = options?.base;
  const base = baseOption === undefined || baseOption === null ? null : resolveBase(baseOption);
  if (base === undefined) return { valid: false, url: null, errors };
  const str = toScalarValueString(input);
  const reporter = reporterWithMessages(input, (error) => {
    errors.push(error);
  });
  const url = runBasicURLParser(str, base, null, 0, reporter, null);
  // The grammar sees the input as given: a lone surrogate is not a URL unit. The parser takes a
  // scalar value string (U+FFFD in its place) and reports invalid-URL-unit for it where it checks
  // for URL units.
  const valid = url !== null && errors.length === 0 && isValidURLStringWithBase(input, base);
  return { valid, url, errors };
}
