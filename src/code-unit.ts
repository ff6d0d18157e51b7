/**
 * Code units by name, and the one way this package reads a code unit of a string.
 *
 * https://infra.spec.whatwg.org/#code-unit
 */

/**
 * The code units the URL and URL Pattern parsers test for, by their Unicode names (shortened to
 * the character's common name). A `const enum`: the bundler writes each use as the number itself,
 * so a name costs no byte in the build.
 */
export const enum CodeUnit {
  Null = 0x00,
  Tab = 0x09,
  LineFeed = 0x0a,
  CarriageReturn = 0x0d,
  /** Shift Out and Shift In, and Escape: the controls that switch ISO-2022-JP's modes. */
  ShiftOut = 0x0e,
  ShiftIn = 0x0f,
  Escape = 0x1b,
  /** The last C0 control. */
  UnitSeparator = 0x1f,
  Space = 0x20,
  ExclamationMark = 0x21,
  QuotationMark = 0x22,
  NumberSign = 0x23,
  DollarSign = 0x24,
  PercentSign = 0x25,
  Ampersand = 0x26,
  Apostrophe = 0x27,
  LeftParenthesis = 0x28,
  RightParenthesis = 0x29,
  Asterisk = 0x2a,
  PlusSign = 0x2b,
  Comma = 0x2c,
  HyphenMinus = 0x2d,
  FullStop = 0x2e,
  Solidus = 0x2f,
  Digit0 = 0x30,
  Digit1 = 0x31,
  Digit2 = 0x32,
  Digit7 = 0x37,
  Digit9 = 0x39,
  Colon = 0x3a,
  Semicolon = 0x3b,
  LessThanSign = 0x3c,
  EqualsSign = 0x3d,
  GreaterThanSign = 0x3e,
  QuestionMark = 0x3f,
  CommercialAt = 0x40,
  UpperA = 0x41,
  UpperF = 0x46,
  UpperX = 0x58,
  UpperZ = 0x5a,
  LeftSquareBracket = 0x5b,
  ReverseSolidus = 0x5c,
  RightSquareBracket = 0x5d,
  CircumflexAccent = 0x5e,
  LowLine = 0x5f,
  GraveAccent = 0x60,
  LowerA = 0x61,
  LowerE = 0x65,
  LowerF = 0x66,
  LowerH = 0x68,
  LowerI = 0x69,
  LowerL = 0x6c,
  LowerN = 0x6e,
  LowerP = 0x70,
  LowerS = 0x73,
  LowerT = 0x74,
  LowerW = 0x77,
  LowerX = 0x78,
  LowerZ = 0x7a,
  LeftCurlyBracket = 0x7b,
  VerticalLine = 0x7c,
  RightCurlyBracket = 0x7d,
  Tilde = 0x7e,
  Delete = 0x7f,
  /** The first code unit that is not ASCII. */
  FirstNonASCII = 0x80,
  NoBreakSpace = 0xa0,
  ZeroWidthNonJoiner = 0x200c,
  ZeroWidthJoiner = 0x200d,
  FirstHighSurrogate = 0xd800,
  LastHighSurrogate = 0xdbff,
  FirstLowSurrogate = 0xdc00,
  LastLowSurrogate = 0xdfff,
  /** U+FFFD, what decoders put in place of what they cannot decode. */
  ReplacementCharacter = 0xfffd,
}

/**
 * The code unit of `s` at `index`, or NaN past its end (as `String.prototype.charCodeAt`).
 *
 * The build writes every call of this function as `String.prototype.charCodeAt.call(s, index)`
 * (tsup.config.ts). V8 looks a method up on a string primitive by the string's map, one map per
 * representation (sequential, sliced, cons, thin; one byte or two); a call site that has met more
 * representations than its inline cache holds looks `s.charCodeAt` up on every call, while
 * `String.prototype.charCodeAt` is a constant V8 folds and inlines for every representation. A
 * wrapper function is not always inlined into the large parser functions, so the build does it.
 */
export function codeUnitAt(s: string, index: number): number {
  return String.prototype.charCodeAt.call(s, index);
}
