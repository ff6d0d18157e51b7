/**
 * Validation errors (URL Standard §1.1).
 *
 * https://url.spec.whatwg.org/#validation-error
 *
 * The parsers report validation errors through a {@link ValidationReporter}; when the caller gave
 * no callback the reporter is `null` and reporting costs one comparison.
 */

import { quoteForMessage } from './infra.ts';
import { CodeUnit, codeUnitAt } from './code-unit.ts';

/** The standard's validation error names, verbatim. */
export type ValidationErrorType =
  | 'domain-to-ASCII'
  | 'domain-percent-encoded'
  | 'host-invalid-code-point'
  | 'IPv4-non-ASCII-input'
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

/**
 * Message templates. `{}` stands for the offending text, quoted.
 */
const MESSAGES: Record<ValidationErrorType, string> = {
  'domain-to-ASCII': 'The host {} is not a valid domain (UTS #46 ToASCII fails).',
  'domain-percent-encoded': 'The host has the percent-encoded byte {}.',
  'host-invalid-code-point': 'The opaque host has {}, a forbidden host code point.',
  'IPv4-non-ASCII-input': 'The host {} is an IPv4 address written with non-ASCII code points.',
  'IPv4-empty-part': 'The IPv4 address ends with ".".',
  'IPv4-too-few-parts': 'The IPv4 address {} has fewer than four parts.',
  'IPv4-too-many-parts': 'The IPv4 address {} has more than four parts.',
  'IPv4-non-numeric-part': 'The IPv4 address part {} is not a number.',
  'IPv4-non-decimal-part': 'The IPv4 address part {} is hexadecimal or octal.',
  'IPv4-out-of-range-part': 'The IPv4 address part {} is over 255.',
  'IPv6-unclosed': 'The IPv6 address {} has no closing "]".',
  'IPv6-invalid-compression': 'The IPv6 address starts with ":" instead of "::".',
  'IPv6-too-many-pieces': 'The IPv6 address has more than eight pieces.',
  'IPv6-multiple-compression': 'The IPv6 address has "::" more than once.',
  'IPv6-invalid-code-point': 'The IPv6 address has {}, not a hex digit or ":".',
  'IPv6-too-few-pieces': 'The IPv6 address {} has fewer than eight pieces and no "::".',
  'IPv6-piece-leading-zero': 'The IPv6 address piece {} has a leading zero.',
  'IPv4-in-IPv6-too-many-pieces': 'The IPv6 address has an IPv4 part after more than six pieces.',
  'IPv4-in-IPv6-invalid-code-point': 'The IPv4 part of the IPv6 address is malformed at {}.',
  'IPv4-in-IPv6-out-of-range-part': 'The IPv4 part of the IPv6 address has {}, over 255.',
  'IPv4-in-IPv6-too-few-parts': 'The IPv4 part {} of the IPv6 address has fewer than four parts.',
  'invalid-URL-unit': '{} is not a URL unit (a URL code point, or "%" and two hex digits).',
  'special-scheme-missing-following-solidus': 'A special scheme should be followed by "//", not by {}.',
  'missing-scheme-non-relative-URL':
    'The input has no scheme, and there is no base URL, or one without an opaque path, it could be relative to.',
  'invalid-reverse-solidus': '"\\" is used where "/" is meant.',
  'invalid-credentials': 'The URL has credentials, which is discouraged.',
  'host-missing': 'The URL has no host, and needs one.',
  'port-out-of-range': 'The port {} is over 65535.',
  'port-invalid': 'The port has {}, which is not a digit.',
  'file-invalid-Windows-drive-letter': 'The relative file URL starts with the drive letter {}.',
  'file-invalid-Windows-drive-letter-host': 'The file URL host {} is a drive letter.',
};


/** The messages of errors that cover no code units (something is missing at that position), where they differ. */
const MESSAGES_WITHOUT_TEXT: Partial<Record<ValidationErrorType, string>> = {
  'IPv6-invalid-code-point': 'The IPv6 address ends after ":".',
  'IPv4-in-IPv6-invalid-code-point': 'The IPv4 part of the IPv6 address ends with an empty part.',
  'special-scheme-missing-following-solidus': 'A special scheme should be followed by "//".',
};

/** Longest offending text quoted in a message, in code units. */
const MAX_QUOTED = 64;

/** The message for an error of `type` whose offending text is `text` (empty when nothing is there). */
export function validationErrorMessage(type: ValidationErrorType, text: string): string {
  if (type === 'domain-to-ASCII') {
    const forbidden = forbiddenDomainCodePointIn(text);
    if (forbidden !== null) return forbiddenDomainCodePointMessage(text, forbidden);
  }
  return (text === '' && MESSAGES_WITHOUT_TEXT[type]) || MESSAGES[type].replace('{}', () => quoteForMessage(text, MAX_QUOTED));
}

/** Where a code point is in a validation error's text: its offset in the text and its length. */
export interface OffendingCodePoint {
  offset: number;
  /** 1, or 3 for a percent-encoded byte ("%23"). */
  length: number;
}

/**
 * A forbidden domain code point as the host's text can hold it: "%" and two ASCII hex digits that
 * encode one (the domain parser sees the host percent-decoded), a "%" not followed by two ASCII
 * hex digits, or one of the code points themselves other than ASCII tab and newline (which the
 * parser removed before). https://url.spec.whatwg.org/#forbidden-domain-code-point
 */
const FORBIDDEN_IN_HOST_TEXT =
  /%(?:[01][0-9A-Fa-f]|2[035Ff]|3[ACEFacef]|40|5[B-Eb-e]|7[CFcf])|%(?![0-9A-Fa-f]{2})|[\u0000-\u0008\u000b\u000c\u000e-\u0020#/:<>?@[\\\]^|\u007f]/;

/**
 * The first forbidden domain code point of a host as written in the input (`text`, the text a
 * domain-to-ASCII error covers), or null when it has none. A domain with a forbidden domain code
 * point always fails (https://url.spec.whatwg.org/#concept-domain-to-ascii, the step after
 * ToASCII), so this names the cause of a domain-to-ASCII failure where it has one people can see.
 */
export function forbiddenDomainCodePointIn(text: string): OffendingCodePoint | null {
  const found = FORBIDDEN_IN_HOST_TEXT.exec(text);
  return found === null ? null : { offset: found.index, length: found[0].length };
}

/** The message of a domain-to-ASCII error for the host `text`, whose `forbidden` code point makes it fail. */
function forbiddenDomainCodePointMessage(text: string, forbidden: OffendingCodePoint): string {
  const written = text.slice(forbidden.offset, forbidden.offset + forbidden.length);
  // A percent-encoded byte is named as written, then as the code point the domain parser sees.
  const decoded = forbidden.length === 1 ? '' : ` (${quoteForMessage(String.fromCharCode(parseInt(written.slice(1), 16)), MAX_QUOTED)} percent-encoded)`;
  return `The host ${quoteForMessage(text, MAX_QUOTED)} contains ${quoteForMessage(written, MAX_QUOTED)}${decoded}, which is a forbidden domain code point.`;
}

/**
 * What a {@link ValidationReporter} hands each validation error to, once it is located in the
 * original input: its type, the code units it covers there, and whether the parser returns
 * failure at it.
 */
export type ValidationErrorSink = (type: ValidationErrorType, index: number, length: number, failure: boolean) => void;

/**
 * Locates the validation errors the parser reports: translates positions in the parser's cleaned
 * input (leading and trailing C0 control or space trimmed, ASCII tab or newline removed) back to
 * the original input, and hands each error to its sink. It makes no message: the sink decides
 * what an error becomes (see {@link reporterWithMessages}), so that a caller that needs only the
 * failing error's type and place does not carry the messages.
 */
export class ValidationReporter {
  readonly sink: ValidationErrorSink;
  /**
   * The input as given. The parser sees it as a scalar value string, with U+FFFD for each lone
   * surrogate at the same index; a lone surrogate is nevertheless not a URL code point.
   */
  readonly original: string;
  /** Offset of the cleaned input's first code unit in the original input. */
  trimStart = 0;
  /**
   * For each removed ASCII tab or newline, in order, the index in the cleaned input of the code
   * unit that followed it (a nondecreasing list), or null when none was removed.
   */
  removed: number[] | null = null;

  constructor(original: string, sink: ValidationErrorSink) {
    this.original = original;
    this.sink = sink;
  }

  /** Maps an index in the cleaned input to an index in the original input (logarithmic time). */
  toOriginal(index: number): number {
    const removed = this.removed;
    let shift = 0;
    if (removed !== null) {
      // The number of removed code units that came before cleaned index `index`.
      let lo = 0;
      let hi = removed.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (removed[mid]! <= index) lo = mid + 1;
        else hi = mid;
      }
      shift = lo;
    }
    return index + shift + this.trimStart;
  }

  /**
   * Whether the U+FFFD at cleaned-input index `index` stands for a lone surrogate of the original
   * input (which is not a URL code point, whereas U+FFFD is).
   */
  isLoneSurrogate(index: number): boolean {
    const c = codeUnitAt(this.original, this.toOriginal(index));
    return c >= CodeUnit.FirstHighSurrogate && c <= CodeUnit.LastLowSurrogate;
  }

  /** Reports an error covering cleaned-input code units `[start, start + length)`. */
  report(type: ValidationErrorType, start: number, length: number, failure: boolean): void {
    const index = this.toOriginal(start);
    const end = length > 0 ? this.toOriginal(start + length - 1) + 1 : index;
    this.sink(type, index, end - index, failure);
  }

  /** Reports an error already located in the original input. */
  emit(type: ValidationErrorType, index: number, length: number, failure: boolean): void {
    this.sink(type, index, length, failure);
  }
}

/**
 * A reporter for `input` that gives `callback` each validation error with its message. A run of
 * the same error over the same text (one for each extra "/" after "https:") shares one message
 * string instead of making one an error; the last one is kept by the sink, which lives as long as
 * the reporter (one parse), so that no input is held after it.
 */
export function reporterWithMessages(input: string, callback: ValidationErrorCallback): ValidationReporter {
  let lastType: ValidationErrorType | undefined;
  let lastText: string | undefined;
  let lastMessage = '';
  return new ValidationReporter(input, (type, index, length, failure) => {
    const text = input.slice(index, index + length);
    if (type !== lastType || text !== lastText) {
      lastType = type;
      lastText = text;
      lastMessage = validationErrorMessage(type, text);
    }
    callback({ type, index, length, failure, message: lastMessage });
  });
}
