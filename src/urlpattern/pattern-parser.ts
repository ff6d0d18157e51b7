/**
 * Parsing pattern strings into part lists (URL Pattern Standard §2.1.3–2.1.5).
 *
 * https://urlpattern.spec.whatwg.org/#parsing
 */
import { tokenize, TokenizePolicy, TokenType, type Token } from './tokenizer.ts';
import { escapeARegexpString } from './regexp-generation.ts';

/** https://urlpattern.spec.whatwg.org/#part-type */
export const enum PartType {
  // The numeric order is the order URLPattern.compareComponent uses (fixed text is the most
  // specific).
  FullWildcard = 0,
  SegmentWildcard = 1,
  Regexp = 2,
  FixedText = 3,
}

/** https://urlpattern.spec.whatwg.org/#part-modifier */
export const enum Modifier {
  // The numeric order is the order URLPattern.compareComponent uses.
  ZeroOrMore = 0,
  Optional = 1,
  OneOrMore = 2,
  None = 3,
}

/** https://urlpattern.spec.whatwg.org/#part */
export interface Part {
  readonly type: PartType;
  readonly value: string;
  readonly modifier: Modifier;
  readonly name: string;
  readonly prefix: string;
  readonly suffix: string;
}

/**
 * A part as the parser makes it.
 *
 * What a pattern keeps (its parts, part lists, name lists, components and the URL pattern struct)
 * is made by class constructors and `new Array()`, not by object and array literals. V8 may decide
 * that a literal's objects are to be allocated in the old generation from then on (allocation-site
 * pretenuring) when most of them outlive a scavenge, as a route table's do while it matches many
 * URLs; every later pattern was then built in the old generation, its young strings kept alive
 * through each scavenge, which slowed every later construction in that process. Constructors and
 * `new Array()` are not subject to that decision, so construction costs the same in every process.
 */
class PartRecord implements Part {
  declare readonly type: PartType;
  declare readonly value: string;
  declare readonly modifier: Modifier;
  declare readonly name: string;
  declare readonly prefix: string;
  declare readonly suffix: string;
  constructor(type: PartType, value: string, modifier: Modifier, name: string, prefix: string, suffix: string) {
    this.type = type;
    this.value = value;
    this.modifier = modifier;
    this.name = name;
    this.prefix = prefix;
    this.suffix = suffix;
  }
}

/** https://urlpattern.spec.whatwg.org/#options-header */
export interface Options {
  /** https://urlpattern.spec.whatwg.org/#options-delimiter-code-point */
  readonly delimiterCodePoint: string;
  /** https://urlpattern.spec.whatwg.org/#options-prefix-code-point */
  readonly prefixCodePoint: string;
  /** https://urlpattern.spec.whatwg.org/#options-ignore-case */
  readonly ignoreCase: boolean;
}

/** https://urlpattern.spec.whatwg.org/#default-options */
export const DEFAULT_OPTIONS: Options = { delimiterCodePoint: '', prefixCodePoint: '', ignoreCase: false };
/** https://urlpattern.spec.whatwg.org/#hostname-options */
export const HOSTNAME_OPTIONS: Options = { delimiterCodePoint: '.', prefixCodePoint: '', ignoreCase: false };
/** https://urlpattern.spec.whatwg.org/#pathname-options */
export const PATHNAME_OPTIONS: Options = { delimiterCodePoint: '/', prefixCodePoint: '/', ignoreCase: false };

/** https://urlpattern.spec.whatwg.org/#encoding-callback */
export type EncodingCallback = (input: string) => string;

/** https://urlpattern.spec.whatwg.org/#full-wildcard-regexp-value */
export const FULL_WILDCARD_REGEXP_VALUE = '.*';

/** https://urlpattern.spec.whatwg.org/#generate-a-segment-wildcard-regexp */
export function generateASegmentWildcardRegexp(options: Options): string {
  return '[^' + escapeARegexpString(options.delimiterCodePoint) + ']+?';
}

/** https://urlpattern.spec.whatwg.org/#pattern-parser */
interface PatternParser {
  readonly tokenList: Token[];
  readonly encodingCallback: EncodingCallback;
  readonly segmentWildcardRegexp: string;
  readonly partList: Part[];
  /** The names of the parts in the part list (for "is a duplicate name" in constant time). */
  readonly names: Set<string>;
  pendingFixedValue: string;
  index: number;
  nextNumericName: number;
}

/** https://urlpattern.spec.whatwg.org/#try-to-consume-a-token */
function tryToConsumeAToken(parser: PatternParser, type: TokenType): Token | null {
  const nextToken = parser.tokenList[parser.index]!;
  if (nextToken.type !== type) return null;
  parser.index++;
  return nextToken;
}

/** https://urlpattern.spec.whatwg.org/#try-to-consume-a-modifier-token */
function tryToConsumeAModifierToken(parser: PatternParser): Token | null {
  return tryToConsumeAToken(parser, TokenType.OtherModifier) ?? tryToConsumeAToken(parser, TokenType.Asterisk);
}

/** https://urlpattern.spec.whatwg.org/#try-to-consume-a-regexp-or-wildcard-token */
function tryToConsumeARegexpOrWildcardToken(parser: PatternParser, nameToken: Token | null): Token | null {
  const token = tryToConsumeAToken(parser, TokenType.Regexp);
  if (nameToken === null && token === null) return tryToConsumeAToken(parser, TokenType.Asterisk);
  return token;
}

/** https://urlpattern.spec.whatwg.org/#consume-a-required-token */
function consumeARequiredToken(parser: PatternParser, type: TokenType): Token {
  const result = tryToConsumeAToken(parser, type);
  if (result === null) {
    const token = parser.tokenList[parser.index]!;
    throw new TypeError(`Invalid pattern: unexpected ${JSON.stringify(token.value)} at index ${token.index}`);
  }
  return result;
}

/** https://urlpattern.spec.whatwg.org/#consume-text */
function consumeText(parser: PatternParser): string {
  let result = '';
  for (;;) {
    const token = tryToConsumeAToken(parser, TokenType.Char) ?? tryToConsumeAToken(parser, TokenType.EscapedChar);
    if (token === null) break;
    result += token.value;
  }
  return result;
}

/** https://urlpattern.spec.whatwg.org/#maybe-add-a-part-from-the-pending-fixed-value */
function maybeAddAPartFromThePendingFixedValue(parser: PatternParser): void {
  if (parser.pendingFixedValue === '') return;
  const encodedValue = parser.encodingCallback(parser.pendingFixedValue);
  parser.pendingFixedValue = '';
  parser.partList.push(new PartRecord(PartType.FixedText, encodedValue, Modifier.None, '', '', ''));
}

/**
 * https://urlpattern.spec.whatwg.org/#is-a-duplicate-name
 *
 * (Fixed-text parts have the empty name, and a group's name is never empty, so the set of the
 * group names answers the same as a walk over the part list.)
 */
function isADuplicateName(parser: PatternParser, name: string): boolean {
  return parser.names.has(name);
}

/** https://urlpattern.spec.whatwg.org/#add-a-part */
function addAPart(
  parser: PatternParser,
  prefix: string,
  nameToken: Token | null,
  regexpOrWildcardToken: Token | null,
  suffix: string,
  modifierToken: Token | null,
): void {
  let modifier = Modifier.None;
  if (modifierToken !== null) {
    const v = modifierToken.value;
    modifier = v === '?' ? Modifier.Optional : v === '*' ? Modifier.ZeroOrMore : v === '+' ? Modifier.OneOrMore : Modifier.None;
  }
  if (nameToken === null && regexpOrWildcardToken === null && modifier === Modifier.None) {
    parser.pendingFixedValue += prefix;
    return;
  }
  maybeAddAPartFromThePendingFixedValue(parser);
  if (nameToken === null && regexpOrWildcardToken === null) {
    if (prefix === '') return;
    const encodedValue = parser.encodingCallback(prefix);
    parser.partList.push(new PartRecord(PartType.FixedText, encodedValue, modifier, '', '', ''));
    return;
  }
  let regexpValue: string;
  if (regexpOrWildcardToken === null) regexpValue = parser.segmentWildcardRegexp;
  else if (regexpOrWildcardToken.type === TokenType.Asterisk) regexpValue = FULL_WILDCARD_REGEXP_VALUE;
  else regexpValue = regexpOrWildcardToken.value;
  let type = PartType.Regexp;
  if (regexpValue === parser.segmentWildcardRegexp) {
    type = PartType.SegmentWildcard;
    regexpValue = '';
  } else if (regexpValue === FULL_WILDCARD_REGEXP_VALUE) {
    type = PartType.FullWildcard;
    regexpValue = '';
  }
  let name = '';
  if (nameToken !== null) name = nameToken.value;
  else if (regexpOrWildcardToken !== null) {
    name = String(parser.nextNumericName);
    parser.nextNumericName++;
  }
  if (isADuplicateName(parser, name)) throw new TypeError(`Invalid pattern: duplicate group name ${JSON.stringify(name)}`);
  const encodedPrefix = parser.encodingCallback(prefix);
  const encodedSuffix = parser.encodingCallback(suffix);
  parser.partList.push(new PartRecord(type, regexpValue, modifier, name, encodedPrefix, encodedSuffix));
  parser.names.add(name);
}

/**
 * Parses a pattern string into a part list; throws a TypeError for a pattern that is not well
 * formed (or that the encoding callback rejects).
 *
 * https://urlpattern.spec.whatwg.org/#parse-a-pattern-string
 */
export function parseAPatternString(input: string, options: Options, encodingCallback: EncodingCallback): Part[] {
  // A pattern string without any code point that tokenize makes a token of another type than
  // "char" of: every token up to the end token is a char token, each of which the loop below
  // appends to the pending fixed value, so that the end token's "maybe add a part" adds the
  // encoded input as the one fixed-text part (none for the empty string). A test compares this
  // with the loop on random strings. Most protocol and hostname patterns of a route table are
  // such strings, and they make no tokens here.
  if (!HAS_PATTERN_SYNTAX.test(input)) {
    const partList = new Array<Part>();
    if (input !== '') partList.push(new PartRecord(PartType.FixedText, encodingCallback(input), Modifier.None, '', '', ''));
    return partList;
  }
  return parseAPatternStringByTokens(input, options, encodingCallback);
}

/** The code points that tokenize makes a token of another type than "char" of (in strict mode). */
const HAS_PATTERN_SYNTAX = /[*+?\\{}:(]/;

/**
 * parseAPatternString with the standard's loop whatever the input.
 * @internal exported for tests
 */
export function parseAPatternStringByTokens(input: string, options: Options, encodingCallback: EncodingCallback): Part[] {
  const parser: PatternParser = {
    tokenList: tokenize(input, TokenizePolicy.Strict),
    encodingCallback,
    segmentWildcardRegexp: generateASegmentWildcardRegexp(options),
    partList: new Array<Part>(),
    names: new Set(),
    pendingFixedValue: '',
    index: 0,
    nextNumericName: 0,
  };
  const length = parser.tokenList.length;
  while (parser.index < length) {
    const charToken = tryToConsumeAToken(parser, TokenType.Char);
    let nameToken = tryToConsumeAToken(parser, TokenType.Name);
    let regexpOrWildcardToken = tryToConsumeARegexpOrWildcardToken(parser, nameToken);
    if (nameToken !== null || regexpOrWildcardToken !== null) {
      let prefix = '';
      if (charToken !== null) prefix = charToken.value;
      if (prefix !== '' && prefix !== options.prefixCodePoint) {
        parser.pendingFixedValue += prefix;
        prefix = '';
      }
      maybeAddAPartFromThePendingFixedValue(parser);
      const modifierToken = tryToConsumeAModifierToken(parser);
      addAPart(parser, prefix, nameToken, regexpOrWildcardToken, '', modifierToken);
      continue;
    }
    const fixedToken = charToken ?? tryToConsumeAToken(parser, TokenType.EscapedChar);
    if (fixedToken !== null) {
      parser.pendingFixedValue += fixedToken.value;
      continue;
    }
    const openToken = tryToConsumeAToken(parser, TokenType.Open);
    if (openToken !== null) {
      const prefix = consumeText(parser);
      nameToken = tryToConsumeAToken(parser, TokenType.Name);
      regexpOrWildcardToken = tryToConsumeARegexpOrWildcardToken(parser, nameToken);
      const suffix = consumeText(parser);
      consumeARequiredToken(parser, TokenType.Close);
      const modifierToken = tryToConsumeAModifierToken(parser);
      addAPart(parser, prefix, nameToken, regexpOrWildcardToken, suffix, modifierToken);
      continue;
    }
    maybeAddAPartFromThePendingFixedValue(parser);
    consumeARequiredToken(parser, TokenType.End);
  }
  return parser.partList;
}
