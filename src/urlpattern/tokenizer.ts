/**
 * Tokenizing pattern strings (URL Pattern Standard §2.1.1–2.1.2).
 *
 * https://urlpattern.spec.whatwg.org/#tokens
 *
 * The standard counts positions in code points. Here positions are UTF-16 code unit indices into
 * the same string: "get the next code point" advances by two code units over a surrogate pair, and
 * every substring the standard takes by code point positions is the same slice by code unit
 * indices. Where the standard compares a position with "code point length − 1", the code point at
 * that position is ASCII ("\\" or "("), so the code unit comparison is the same.
 */
import { isIDContinue, isIDStart } from './identifier.ts';
import { CodeUnit } from '../code-unit.ts';

/** https://urlpattern.spec.whatwg.org/#token-type */
export const enum TokenType {
  Open = 1,
  Close,
  Regexp,
  Name,
  Char,
  EscapedChar,
  OtherModifier,
  Asterisk,
  End,
  InvalidChar,
}

/** https://urlpattern.spec.whatwg.org/#token */
export interface Token {
  /** https://urlpattern.spec.whatwg.org/#token-type */
  readonly type: TokenType;
  /** The position of the token's first code point in the input (a code unit index). */
  readonly index: number;
  /** https://urlpattern.spec.whatwg.org/#token-value */
  readonly value: string;
}

/** https://urlpattern.spec.whatwg.org/#tokenize-policy */
export const enum TokenizePolicy {
  Strict = 0,
  Lenient = 1,
}

/** https://urlpattern.spec.whatwg.org/#tokenizer */
interface Tokenizer {
  input: string;
  policy: TokenizePolicy;
  tokenList: Token[];
  index: number;
  nextIndex: number;
  codePoint: number;
}

/**
 * https://urlpattern.spec.whatwg.org/#is-a-valid-name-code-point
 *
 * IdentifierStart is ID_Start, "$" and "_"; IdentifierPart is ID_Continue, "$", ZWNJ and ZWJ
 * (ID_Start and ID_Continue of Unicode 17.0 whatever the engine's own: ./identifier.ts).
 */
export function isValidNameCodePoint(codePoint: number, first: boolean): boolean {
  if (codePoint < CodeUnit.FirstNonASCII) {
    if ((codePoint >= CodeUnit.LowerA && codePoint <= CodeUnit.LowerZ) || (codePoint >= CodeUnit.UpperA && codePoint <= CodeUnit.UpperZ)) return true;
    if (codePoint === CodeUnit.DollarSign || codePoint === CodeUnit.LowLine) return true;
    return !first && codePoint >= CodeUnit.Digit0 && codePoint <= CodeUnit.Digit9;
  }
  if (first) return isIDStart(codePoint);
  return isIDContinue(codePoint) || codePoint === CodeUnit.ZeroWidthNonJoiner || codePoint === CodeUnit.ZeroWidthJoiner;
}

/** https://urlpattern.spec.whatwg.org/#get-the-next-code-point */
function getTheNextCodePoint(tokenizer: Tokenizer): void {
  const codePoint = tokenizer.input.codePointAt(tokenizer.nextIndex)!;
  tokenizer.codePoint = codePoint;
  tokenizer.nextIndex += codePoint > 0xffff ? 2 : 1;
}

/** https://urlpattern.spec.whatwg.org/#seek-and-get-the-next-code-point */
function seekAndGetTheNextCodePoint(tokenizer: Tokenizer, index: number): void {
  tokenizer.nextIndex = index;
  getTheNextCodePoint(tokenizer);
}

/** https://urlpattern.spec.whatwg.org/#add-a-token */
function addAToken(tokenizer: Tokenizer, type: TokenType, nextPosition: number, valuePosition: number, valueLength: number): void {
  tokenizer.tokenList.push({
    type,
    index: tokenizer.index,
    value: tokenizer.input.slice(valuePosition, valuePosition + valueLength),
  });
  tokenizer.index = nextPosition;
}

/** https://urlpattern.spec.whatwg.org/#add-a-token-with-default-length */
function addATokenWithDefaultLength(tokenizer: Tokenizer, type: TokenType, nextPosition: number, valuePosition: number): void {
  addAToken(tokenizer, type, nextPosition, valuePosition, nextPosition - valuePosition);
}

/** https://urlpattern.spec.whatwg.org/#add-a-token-with-default-position-and-length */
function addATokenWithDefaultPositionAndLength(tokenizer: Tokenizer, type: TokenType): void {
  addATokenWithDefaultLength(tokenizer, type, tokenizer.nextIndex, tokenizer.index);
}

/** https://urlpattern.spec.whatwg.org/#process-a-tokenizing-error */
function processATokenizingError(tokenizer: Tokenizer, nextPosition: number, valuePosition: number): void {
  if (tokenizer.policy === TokenizePolicy.Strict) {
    throw new TypeError(
      `Invalid pattern ${JSON.stringify(tokenizer.input)}: unexpected code point at index ${tokenizer.index}`,
    );
  }
  addATokenWithDefaultLength(tokenizer, TokenType.InvalidChar, nextPosition, valuePosition);
}

/**
 * The regexp group starting after "(" at the tokenizer's next index.
 * https://urlpattern.spec.whatwg.org/#tokenize (the steps for U+0028)
 */
function tokenizeRegexp(tokenizer: Tokenizer): void {
  const input = tokenizer.input;
  const length = input.length;
  let depth = 1;
  let regexpPosition = tokenizer.nextIndex;
  const regexpStart = regexpPosition;
  let error = false;
  while (regexpPosition < length) {
    seekAndGetTheNextCodePoint(tokenizer, regexpPosition);
    const c = tokenizer.codePoint;
    if (c >= CodeUnit.FirstNonASCII || (regexpPosition === regexpStart && c === CodeUnit.QuestionMark)) {
      processATokenizingError(tokenizer, regexpStart, tokenizer.index);
      error = true;
      break;
    }
    if (c === CodeUnit.ReverseSolidus) {
      if (regexpPosition === length - 1) {
        processATokenizingError(tokenizer, regexpStart, tokenizer.index);
        error = true;
        break;
      }
      getTheNextCodePoint(tokenizer);
      if (tokenizer.codePoint >= CodeUnit.FirstNonASCII) {
        processATokenizingError(tokenizer, regexpStart, tokenizer.index);
        error = true;
        break;
      }
      regexpPosition = tokenizer.nextIndex;
      continue;
    }
    if (c === CodeUnit.RightParenthesis) {
      depth--;
      if (depth === 0) {
        regexpPosition = tokenizer.nextIndex;
        break;
      }
    } else if (c === CodeUnit.LeftParenthesis) {
      depth++;
      if (regexpPosition === length - 1) {
        processATokenizingError(tokenizer, regexpStart, tokenizer.index);
        error = true;
        break;
      }
      const temporaryPosition = tokenizer.nextIndex;
      getTheNextCodePoint(tokenizer);
      if (tokenizer.codePoint !== CodeUnit.QuestionMark) {
        processATokenizingError(tokenizer, regexpStart, tokenizer.index);
        error = true;
        break;
      }
      tokenizer.nextIndex = temporaryPosition;
    }
    regexpPosition = tokenizer.nextIndex;
  }
  if (error) return;
  if (depth !== 0) {
    processATokenizingError(tokenizer, regexpStart, tokenizer.index);
    return;
  }
  const regexpLength = regexpPosition - regexpStart - 1;
  if (regexpLength === 0) {
    processATokenizingError(tokenizer, regexpStart, tokenizer.index);
    return;
  }
  addAToken(tokenizer, TokenType.Regexp, regexpPosition, regexpStart, regexpLength);
}

/**
 * Tokenizes a pattern string. With the strict policy a tokenizing error throws a TypeError.
 *
 * https://urlpattern.spec.whatwg.org/#tokenize
 */
export function tokenize(input: string, policy: TokenizePolicy): Token[] {
  const tokenizer: Tokenizer = { input, policy, tokenList: [], index: 0, nextIndex: 0, codePoint: 0 };
  const length = input.length;
  while (tokenizer.index < length) {
    seekAndGetTheNextCodePoint(tokenizer, tokenizer.index);
    switch (tokenizer.codePoint) {
      case CodeUnit.Asterisk:
        addATokenWithDefaultPositionAndLength(tokenizer, TokenType.Asterisk);
        continue;
      case CodeUnit.PlusSign:
      case CodeUnit.QuestionMark:
        addATokenWithDefaultPositionAndLength(tokenizer, TokenType.OtherModifier);
        continue;
      case CodeUnit.ReverseSolidus: {
        // \
        if (tokenizer.index === length - 1) {
          processATokenizingError(tokenizer, tokenizer.nextIndex, tokenizer.index);
          continue;
        }
        const escapedIndex = tokenizer.nextIndex;
        getTheNextCodePoint(tokenizer);
        addATokenWithDefaultLength(tokenizer, TokenType.EscapedChar, tokenizer.nextIndex, escapedIndex);
        continue;
      }
      case CodeUnit.LeftCurlyBracket:
        addATokenWithDefaultPositionAndLength(tokenizer, TokenType.Open);
        continue;
      case CodeUnit.RightCurlyBracket:
        addATokenWithDefaultPositionAndLength(tokenizer, TokenType.Close);
        continue;
      case CodeUnit.Colon: {
        // :
        let namePosition = tokenizer.nextIndex;
        const nameStart = namePosition;
        while (namePosition < length) {
          seekAndGetTheNextCodePoint(tokenizer, namePosition);
          if (!isValidNameCodePoint(tokenizer.codePoint, namePosition === nameStart)) break;
          namePosition = tokenizer.nextIndex;
        }
        if (namePosition <= nameStart) {
          processATokenizingError(tokenizer, nameStart, tokenizer.index);
          continue;
        }
        addATokenWithDefaultLength(tokenizer, TokenType.Name, namePosition, nameStart);
        continue;
      }
      case CodeUnit.LeftParenthesis:
        tokenizeRegexp(tokenizer);
        continue;
      default:
        addATokenWithDefaultPositionAndLength(tokenizer, TokenType.Char);
    }
  }
  addATokenWithDefaultLength(tokenizer, TokenType.End, tokenizer.index, tokenizer.index);
  return tokenizer.tokenList;
}
