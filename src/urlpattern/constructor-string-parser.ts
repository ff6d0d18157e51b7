/**
 * Constructor string parsing (URL Pattern Standard §1.6): splits a pattern written as one URL
 * string into a URLPatternInit.
 *
 * https://urlpattern.spec.whatwg.org/#constructor-string-parsing
 */
import { tokenize, TokenizePolicy, TokenType, type Token } from './tokenizer.ts';
import type { URLPatternInit } from './url-pattern-init.ts';
import { compileAComponent, protocolComponentMatchesASpecialScheme } from './component.ts';
import { canonicalizeAProtocol } from './canonicalization.ts';
import { DEFAULT_OPTIONS } from './pattern-parser.ts';

/** https://urlpattern.spec.whatwg.org/#constructor-string-parser-state */
const enum ParserState {
  Init,
  Protocol,
  Authority,
  Username,
  Password,
  Hostname,
  Port,
  Pathname,
  Search,
  Hash,
  Done,
}

/** The URLPatternInit member each component state fills. */
const RESULT_KEY: readonly (keyof URLPatternInit | null)[] = [
  null,
  'protocol',
  null,
  'username',
  'password',
  'hostname',
  'port',
  'pathname',
  'search',
  'hash',
  null,
];

/** https://urlpattern.spec.whatwg.org/#constructor-string-parser */
interface ConstructorStringParser {
  readonly input: string;
  readonly tokenList: Token[];
  readonly result: URLPatternInit;
  componentStart: number;
  tokenIndex: number;
  tokenIncrement: number;
  groupDepth: number;
  hostnameIPv6BracketDepth: number;
  protocolMatchesASpecialSchemeFlag: boolean;
  state: ParserState;
}

/** https://urlpattern.spec.whatwg.org/#change-state */
function changeState(parser: ConstructorStringParser, newState: ParserState, skip: number): void {
  const state = parser.state;
  const result = parser.result;
  if (state !== ParserState.Init && state !== ParserState.Authority && state !== ParserState.Done) {
    result[RESULT_KEY[state]!] = makeAComponentString(parser);
  }
  if (state !== ParserState.Init && newState !== ParserState.Done) {
    if (
      (state === ParserState.Protocol || state === ParserState.Authority || state === ParserState.Username || state === ParserState.Password) &&
      (newState === ParserState.Port || newState === ParserState.Pathname || newState === ParserState.Search || newState === ParserState.Hash) &&
      result.hostname === undefined
    ) {
      result.hostname = '';
    }
    if (
      state <= ParserState.Port &&
      (newState === ParserState.Search || newState === ParserState.Hash) &&
      result.pathname === undefined
    ) {
      result.pathname = parser.protocolMatchesASpecialSchemeFlag ? '/' : '';
    }
    if (state <= ParserState.Pathname && newState === ParserState.Hash && result.search === undefined) {
      result.search = '';
    }
  }
  parser.state = newState;
  parser.tokenIndex += skip;
  parser.componentStart = parser.tokenIndex;
  parser.tokenIncrement = 0;
}

/** https://urlpattern.spec.whatwg.org/#rewind */
function rewind(parser: ConstructorStringParser): void {
  parser.tokenIndex = parser.componentStart;
  parser.tokenIncrement = 0;
}

/** https://urlpattern.spec.whatwg.org/#rewind-and-set-state */
function rewindAndSetState(parser: ConstructorStringParser, state: ParserState): void {
  rewind(parser);
  parser.state = state;
}

/** https://urlpattern.spec.whatwg.org/#get-a-safe-token */
function getASafeToken(parser: ConstructorStringParser, index: number): Token {
  const list = parser.tokenList;
  return index < list.length ? list[index]! : list[list.length - 1]!;
}

/** https://urlpattern.spec.whatwg.org/#is-a-non-special-pattern-char */
function isANonSpecialPatternChar(parser: ConstructorStringParser, index: number, value: string): boolean {
  const token = getASafeToken(parser, index);
  if (token.value !== value) return false;
  return token.type === TokenType.Char || token.type === TokenType.EscapedChar || token.type === TokenType.InvalidChar;
}

/** https://urlpattern.spec.whatwg.org/#is-a-protocol-suffix (also is a password prefix, is a port prefix) */
function isAColon(parser: ConstructorStringParser): boolean {
  return isANonSpecialPatternChar(parser, parser.tokenIndex, ':');
}

/** https://urlpattern.spec.whatwg.org/#next-is-authority-slashes */
function nextIsAuthoritySlashes(parser: ConstructorStringParser): boolean {
  return (
    isANonSpecialPatternChar(parser, parser.tokenIndex + 1, '/') &&
    isANonSpecialPatternChar(parser, parser.tokenIndex + 2, '/')
  );
}

/** https://urlpattern.spec.whatwg.org/#is-an-identity-terminator */
function isAnIdentityTerminator(parser: ConstructorStringParser): boolean {
  return isANonSpecialPatternChar(parser, parser.tokenIndex, '@');
}

/** https://urlpattern.spec.whatwg.org/#is-a-pathname-start */
function isAPathnameStart(parser: ConstructorStringParser): boolean {
  return isANonSpecialPatternChar(parser, parser.tokenIndex, '/');
}

/** https://urlpattern.spec.whatwg.org/#is-a-search-prefix */
function isASearchPrefix(parser: ConstructorStringParser): boolean {
  if (isANonSpecialPatternChar(parser, parser.tokenIndex, '?')) return true;
  if (parser.tokenList[parser.tokenIndex]!.value !== '?') return false;
  const previousIndex = parser.tokenIndex - 1;
  if (previousIndex < 0) return true;
  const previousType = getASafeToken(parser, previousIndex).type;
  return !(
    previousType === TokenType.Name ||
    previousType === TokenType.Regexp ||
    previousType === TokenType.Close ||
    previousType === TokenType.Asterisk
  );
}

/** https://urlpattern.spec.whatwg.org/#is-a-hash-prefix */
function isAHashPrefix(parser: ConstructorStringParser): boolean {
  return isANonSpecialPatternChar(parser, parser.tokenIndex, '#');
}

/** https://urlpattern.spec.whatwg.org/#make-a-component-string */
function makeAComponentString(parser: ConstructorStringParser): string {
  const token = parser.tokenList[parser.tokenIndex]!;
  const componentStartToken = getASafeToken(parser, parser.componentStart);
  return parser.input.slice(componentStartToken.index, token.index);
}

/** https://urlpattern.spec.whatwg.org/#compute-protocol-matches-a-special-scheme-flag */
function computeProtocolMatchesASpecialSchemeFlag(parser: ConstructorStringParser): void {
  const protocolString = makeAComponentString(parser);
  const protocolComponent = compileAComponent(protocolString, canonicalizeAProtocol, DEFAULT_OPTIONS);
  if (protocolComponentMatchesASpecialScheme(protocolComponent)) parser.protocolMatchesASpecialSchemeFlag = true;
}

/** The steps of one state for the token at the parser's token index. */
function runState(parser: ConstructorStringParser): void {
  switch (parser.state) {
    case ParserState.Init:
      if (isAColon(parser)) rewindAndSetState(parser, ParserState.Protocol);
      break;
    case ParserState.Protocol:
      if (isAColon(parser)) {
        computeProtocolMatchesASpecialSchemeFlag(parser);
        let nextState = ParserState.Pathname;
        let skip = 1;
        if (nextIsAuthoritySlashes(parser)) {
          nextState = ParserState.Authority;
          skip = 3;
        } else if (parser.protocolMatchesASpecialSchemeFlag) {
          nextState = ParserState.Authority;
        }
        changeState(parser, nextState, skip);
      }
      break;
    case ParserState.Authority:
      if (isAnIdentityTerminator(parser)) rewindAndSetState(parser, ParserState.Username);
      else if (isAPathnameStart(parser) || isASearchPrefix(parser) || isAHashPrefix(parser)) {
        rewindAndSetState(parser, ParserState.Hostname);
      }
      break;
    case ParserState.Username:
      if (isAColon(parser)) changeState(parser, ParserState.Password, 1);
      else if (isAnIdentityTerminator(parser)) changeState(parser, ParserState.Hostname, 1);
      break;
    case ParserState.Password:
      if (isAnIdentityTerminator(parser)) changeState(parser, ParserState.Hostname, 1);
      break;
    case ParserState.Hostname:
      if (isANonSpecialPatternChar(parser, parser.tokenIndex, '[')) parser.hostnameIPv6BracketDepth++;
      else if (isANonSpecialPatternChar(parser, parser.tokenIndex, ']')) parser.hostnameIPv6BracketDepth--;
      else if (isAColon(parser) && parser.hostnameIPv6BracketDepth === 0) changeState(parser, ParserState.Port, 1);
      else if (isAPathnameStart(parser)) changeState(parser, ParserState.Pathname, 0);
      else if (isASearchPrefix(parser)) changeState(parser, ParserState.Search, 1);
      else if (isAHashPrefix(parser)) changeState(parser, ParserState.Hash, 1);
      break;
    case ParserState.Port:
      if (isAPathnameStart(parser)) changeState(parser, ParserState.Pathname, 0);
      else if (isASearchPrefix(parser)) changeState(parser, ParserState.Search, 1);
      else if (isAHashPrefix(parser)) changeState(parser, ParserState.Hash, 1);
      break;
    case ParserState.Pathname:
      if (isASearchPrefix(parser)) changeState(parser, ParserState.Search, 1);
      else if (isAHashPrefix(parser)) changeState(parser, ParserState.Hash, 1);
      break;
    case ParserState.Search:
      if (isAHashPrefix(parser)) changeState(parser, ParserState.Hash, 1);
      break;
    default:
      // Hash: nothing to do. Done is never reached here.
      break;
  }
}

/**
 * Parses a constructor string into a URLPatternInit.
 *
 * https://urlpattern.spec.whatwg.org/#parse-a-constructor-string
 */
export function parseAConstructorString(input: string): URLPatternInit {
  const parser: ConstructorStringParser = {
    input,
    tokenList: tokenize(input, TokenizePolicy.Lenient),
    result: {},
    componentStart: 0,
    tokenIndex: 0,
    tokenIncrement: 1,
    groupDepth: 0,
    hostnameIPv6BracketDepth: 0,
    protocolMatchesASpecialSchemeFlag: false,
    state: ParserState.Init,
  };
  while (parser.tokenIndex < parser.tokenList.length) {
    parser.tokenIncrement = 1;
    const token = parser.tokenList[parser.tokenIndex]!;
    if (token.type === TokenType.End) {
      if (parser.state === ParserState.Init) {
        rewind(parser);
        if (isAHashPrefix(parser)) changeState(parser, ParserState.Hash, 1);
        else if (isASearchPrefix(parser)) changeState(parser, ParserState.Search, 1);
        else changeState(parser, ParserState.Pathname, 0);
        parser.tokenIndex += parser.tokenIncrement;
        continue;
      }
      if (parser.state === ParserState.Authority) {
        rewindAndSetState(parser, ParserState.Hostname);
        parser.tokenIndex += parser.tokenIncrement;
        continue;
      }
      changeState(parser, ParserState.Done, 0);
      break;
    }
    if (token.type === TokenType.Open) {
      parser.groupDepth++;
      parser.tokenIndex += parser.tokenIncrement;
      continue;
    }
    if (parser.groupDepth > 0) {
      if (token.type === TokenType.Close) parser.groupDepth--;
      else {
        parser.tokenIndex += parser.tokenIncrement;
        continue;
      }
    }
    runState(parser);
    parser.tokenIndex += parser.tokenIncrement;
  }
  if (parser.result.hostname !== undefined && parser.result.port === undefined) parser.result.port = '';
  return parser.result;
}
