/**
 * Validation errors (URL Standard §1.1).
 *
 * https://url.spec.whatwg.org/#validation-error
 *
 * The parsers report validation errors through a {@link ValidationReporter}; when the caller gave
 * no callback the reporter is `null` and reporting costs one comparison.
 */

/** The standard's validation error names, verbatim. */
export type ValidationErrorType =
  | 'domain-to-ASCII'
  | 'domain-percent-encoded'
  | 'host-invalid-code-point'
  | 'IPv4-empty-part'
  | 'IPv4-too-few-parts'
  | 'IPv4-too-many-parts'
  | 'IPv4-non-numeric-part'
  | 'IPv4-non-decimal-part'
  | 'IPv4-out-of-range-part'
  | 'IPv6-unclosed'
  | 'IPv6-invalid-compression'
  | 'IPv6-too-many-pieces'
  | 'IPv6-multiple-compression'
  | 'IPv6-invalid-code-point'
  | 'IPv6-too-few-pieces'
  | 'IPv6-piece-leading-zero'
  | 'IPv4-in-IPv6-too-many-pieces'
  | 'IPv4-in-IPv6-invalid-code-point'
  | 'IPv4-in-IPv6-out-of-range-part'
  | 'IPv4-in-IPv6-too-few-parts'
  | 'invalid-URL-unit'
  | 'special-scheme-missing-following-solidus'
  | 'missing-scheme-non-relative-URL'
  | 'invalid-reverse-solidus'
  | 'invalid-credentials'
  | 'host-missing'
  | 'port-out-of-range'
  | 'port-invalid'
  | 'file-invalid-Windows-drive-letter'
  | 'file-invalid-Windows-drive-letter-host';

/** One validation error, located in the original input. */
export interface ValidationError {
  /** The standard's name of the error. */
  type: ValidationErrorType;
  /** Index (in UTF-16 code units) of the first offending code unit in the original input. */
  index: number;
  /** Number of code units the error covers in the original input (0 for "at the end"). */
  length: number;
  /** True when parsing stops here and returns failure. */
  failure: boolean;
  /** One readable English sentence. */
  message: string;
}

/** Receives validation errors as the parser meets them. */
export type ValidationErrorCallback = (error: ValidationError) => void;

/** Default messages; `{}` stands for the offending text. */
export const validationErrorMessages: Record<ValidationErrorType, string> = {
  'domain-to-ASCII': 'The host "{}" is not a valid domain under the strict rules of Unicode ToASCII.',
  'domain-percent-encoded': 'The host "{}" contains a percent-encoded byte; hosts should not be percent-encoded.',
  'host-invalid-code-point': 'The opaque host "{}" contains a forbidden host code point.',
  'IPv4-empty-part': 'The IPv4 address "{}" ends with a dot.',
  'IPv4-too-few-parts': 'The IPv4 address "{}" has fewer than four parts.',
  'IPv4-too-many-parts': 'The IPv4 address "{}" has more than four parts.',
  'IPv4-non-numeric-part': 'The IPv4 address "{}" has a part that is not a number.',
  'IPv4-non-decimal-part': 'The IPv4 address "{}" has a part written in hexadecimal or octal.',
  'IPv4-out-of-range-part': 'The IPv4 address "{}" has a part greater than 255.',
  'IPv6-unclosed': 'The IPv6 address "{}" is missing its closing "]".',
  'IPv6-invalid-compression': 'The IPv6 address "{}" starts with a single ":" instead of "::".',
  'IPv6-too-many-pieces': 'The IPv6 address "{}" has more than eight pieces.',
  'IPv6-multiple-compression': 'The IPv6 address "{}" uses "::" more than once.',
  'IPv6-invalid-code-point': 'The IPv6 address "{}" contains a code point that is not allowed there.',
  'IPv6-too-few-pieces': 'The IPv6 address "{}" has fewer than eight pieces and no "::".',
  'IPv6-piece-leading-zero': 'The IPv6 address "{}" has a piece with an unnecessary leading zero.',
  'IPv4-in-IPv6-too-many-pieces': 'The IPv6 address "{}" has an embedded IPv4 address after more than six pieces.',
  'IPv4-in-IPv6-invalid-code-point': 'The IPv4 part of the IPv6 address "{}" is malformed.',
  'IPv4-in-IPv6-out-of-range-part': 'The IPv4 part of the IPv6 address "{}" has a number greater than 255.',
  'IPv4-in-IPv6-too-few-parts': 'The IPv4 part of the IPv6 address "{}" has fewer than four numbers.',
  'invalid-URL-unit': '"{}" is not a URL code point, or is a "%" not followed by two hex digits.',
  'special-scheme-missing-following-solidus': 'The special scheme should be followed by "//".',
  'missing-scheme-non-relative-URL': 'The input has no scheme and there is no base URL it could be relative to.',
  'invalid-reverse-solidus': 'A "\\" is used where "/" is meant.',
  'invalid-credentials': 'The URL includes a username or password, which is discouraged.',
  'host-missing': 'The URL has no host although its scheme requires one.',
  'port-out-of-range': 'The port "{}" is greater than 65535.',
  'port-invalid': 'The port "{}" is not a number.',
  'file-invalid-Windows-drive-letter': 'The relative file URL starts with a Windows drive letter "{}".',
  'file-invalid-Windows-drive-letter-host': 'The file URL host "{}" is a Windows drive letter.',
};

/**
 * Collects validation errors and translates positions in the parser's cleaned input (leading and
 * trailing C0 control or space trimmed, ASCII tab or newline removed) back to the original input.
 */
export class ValidationReporter {
  readonly callback: ValidationErrorCallback;
  readonly original: string;
  /** Offset of the cleaned input's first code unit in the original input. */
  trimStart = 0;
  /** Positions, in trimmed-input coordinates, of removed tab or newline code units (sorted). */
  removed: number[] | null = null;

  constructor(original: string, callback: ValidationErrorCallback) {
    this.original = original;
    this.callback = callback;
  }

  /** Maps an index in the cleaned input to an index in the original input. */
  toOriginal(index: number): number {
    let i = index;
    const removed = this.removed;
    if (removed !== null) {
      for (let k = 0; k < removed.length && removed[k]! <= i; k++) i++;
    }
    return i + this.trimStart;
  }

  /** Reports an error covering cleaned-input code units `[start, start + length)`. */
  report(type: ValidationErrorType, start: number, length: number, failure: boolean): void {
    const index = this.toOriginal(start);
    const end = length > 0 ? this.toOriginal(start + length - 1) + 1 : index;
    this.emit(type, index, end - index, failure);
  }

  /** Reports an error already located in the original input. */
  emit(type: ValidationErrorType, index: number, length: number, failure: boolean): void {
    const text = this.original.slice(index, index + length);
    const message = validationErrorMessages[type].replace('{}', text);
    this.callback({ type, index, length, failure, message });
  }
}
