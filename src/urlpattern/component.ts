/**
 * Components (URL Pattern Standard §1.4 and the internals of §1.5): compiling a pattern string
 * into a component, and matching a component against an input string.
 *
 * https://urlpattern.spec.whatwg.org/#component
 *
 * The standard matches every component with its regular expression. As its note allows, this
 * module matches directly against the part list where the part list has a shape whose regular
 * expression it can follow exactly, decided once when the component is compiled:
 *
 * - empty: no parts; the expression `^$` matches only the empty string;
 * - fixed: one fixed-text part without modifier; `^text$` matches only that text;
 * - wildcard: one full wildcard without prefix, suffix or modifier; `^(.*)$` matches every input
 *   (inputs are canonical component strings: ASCII without line terminators);
 * - segments: fixed texts and groups without modifiers where each segment wildcard is followed by
 *   the end or by a part that begins with the delimiter code point (so the lazy `[^/]+?` has one
 *   possible end), an optional segment wildcard with a prefix as the last part, a full wildcard
 *   as the last part or followed only by fixed text (so the greedy `.*` has one possible end), and
 *   an optional fixed text followed only by fixed text (tried with, then without: "http{s}?");
 * - regexp: everything else, and every component compiled with ignore case other than empty and
 *   wildcard; the regular expression decides.
 *
 * The regular expression of a component without regexp parts is built only when it is needed (it
 * cannot fail to compile); one with regexp parts is compiled at once, so that an invalid one throws.
 * Tests compare the direct matcher with the regular expression on generated patterns and inputs.
 */
import { generateARegularExpressionAndNameList } from './regexp-generation.ts';
import { Modifier, parseAPatternString, PartType, type EncodingCallback, type Options, type Part } from './pattern-parser.ts';
import { generateAPatternString } from './pattern-string-generation.ts';

/** How a component is matched (see the module comment). */
export const enum MatchKind {
  Empty,
  Fixed,
  Wildcard,
  Segments,
  Regexp,
}

/** https://urlpattern.spec.whatwg.org/#component */
export interface Component {
  /** https://urlpattern.spec.whatwg.org/#component-pattern-string */
  readonly patternString: string;
  /** The part list the component was compiled from (for compareComponent and generate). */
  readonly partList: readonly Part[];
  /** The options it was compiled with. */
  readonly options: Options;
  /** The encoding callback it was compiled with (for generate). */
  readonly encodingCallback: EncodingCallback;
  /** https://urlpattern.spec.whatwg.org/#component-regular-expression (built on first use) */
  regularExpression: RegExp | null;
  /** The regular expression string. */
  readonly regularExpressionString: string;
  /** https://urlpattern.spec.whatwg.org/#component-group-name-list */
  readonly groupNameList: readonly string[];
  /** https://urlpattern.spec.whatwg.org/#component-has-regexp-groups */
  readonly hasRegexpGroups: boolean;
  /** How the component is matched. */
  readonly kind: MatchKind;
  /** For the fixed kind, the text. */
  readonly fixed: string;
  /** Whether its one group is named "0" (see {@link groupsRecord}). */
  readonly onlyGroup0: boolean;
  /** Whether a group is named "__proto__" (see {@link groupsRecord}). */
  readonly protoGroup: boolean;
}

/**
 * Where componentTest and componentExec have a match of the segments kind write its group values,
 * in group name list order: they read them right after the match that wrote them (no code runs
 * between the two), so a match allocates no array for them. One array for every component keeps
 * the writes to it of one shape.
 */
const segmentValues: (string | undefined)[] = [];

let unicodeSetsSupported: boolean | undefined;

/**
 * Throws the TypeError that explains a runtime without the RegExp `v` flag (unicodeSets), which
 * the standard compiles every component with: V8 before 11.2 (Node before 20, Chrome before 112),
 * Firefox before 116, Safari before 17.
 */
export function requireUnicodeSets(): void {
  if (unicodeSetsSupported === undefined) {
    try {
      new RegExp('', 'v');
      unicodeSetsSupported = true;
    } catch {
      unicodeSetsSupported = false;
    }
  }
  if (!unicodeSetsSupported) {
    throw new TypeError(
      "URLPattern needs the RegExp 'v' flag (unicodeSets): Node.js 20, Chrome 112, Firefox 116, Safari 17 or later.",
    );
  }
}

/** The component's regular expression, compiled on first use. */
export function regularExpressionOf(component: Component): RegExp {
  let re = component.regularExpression;
  if (re === null) {
    re = new RegExp(component.regularExpressionString, component.options.ignoreCase ? 'vi' : 'v');
    component.regularExpression = re;
  }
  return re;
}

/** Whether `part` begins with the code unit `c` (its prefix, or else a fixed text's value). */
function beginsWith(part: Part, c: string): boolean {
  if (part.prefix !== '') return part.prefix[0] === c;
  return part.type === PartType.FixedText && part.value !== '' && part.value[0] === c;
}

/** Whether every part after index `i` is fixed text without a modifier. */
function fixedTextAfter(partList: readonly Part[], i: number): boolean {
  for (let j = i + 1; j < partList.length; j++) {
    const after = partList[j]!;
    if (after.type !== PartType.FixedText || after.modifier !== Modifier.None) return false;
  }
  return true;
}

/** Decides how a part list is matched (see the module comment). */
function classify(partList: readonly Part[], options: Options): MatchKind {
  const n = partList.length;
  if (n === 0) return MatchKind.Empty;
  const first = partList[0]!;
  if (n === 1 && first.type === PartType.FullWildcard && first.modifier === Modifier.None && first.prefix === '' && first.suffix === '') {
    return MatchKind.Wildcard;
  }
  if (options.ignoreCase) return MatchKind.Regexp;
  if (n === 1 && first.type === PartType.FixedText && first.modifier === Modifier.None) return MatchKind.Fixed;
  const delimiter = options.delimiterCodePoint;
  for (let i = 0; i < n; i++) {
    const part = partList[i]!;
    const next = i + 1 < n ? partList[i + 1]! : null;
    switch (part.type) {
      case PartType.FixedText:
        if (part.modifier === Modifier.None) break;
        // An optional fixed text followed only by fixed text: "(?:s)?" is tried with, then without.
        if (part.modifier !== Modifier.Optional || !fixedTextAfter(partList, i)) return MatchKind.Regexp;
        break;
      case PartType.SegmentWildcard:
        if (part.suffix !== '') return MatchKind.Regexp;
        if (part.modifier === Modifier.Optional) {
          if (next !== null || part.prefix === '') return MatchKind.Regexp;
          break;
        }
        if (part.modifier !== Modifier.None) return MatchKind.Regexp;
        if (next !== null && (delimiter === '' || !beginsWith(next, delimiter))) return MatchKind.Regexp;
        break;
      case PartType.FullWildcard:
        if (part.suffix !== '' || part.modifier !== Modifier.None || !fixedTextAfter(partList, i)) return MatchKind.Regexp;
        if (n - i > 2) return MatchKind.Regexp;
        break;
      default:
        return MatchKind.Regexp;
    }
  }
  return MatchKind.Segments;
}

/**
 * Compiles a pattern string into a component; throws a TypeError for an invalid pattern.
 *
 * https://urlpattern.spec.whatwg.org/#compile-a-component
 */
export function compileAComponent(input: string, encodingCallback: EncodingCallback, options: Options): Component {
  requireUnicodeSets();
  return new CompiledComponent(input, encodingCallback, options);
}

/**
 * A {@link Component}: its constructor is the steps of "compile a component". (A class instance,
 * not an object literal: see PartRecord in pattern-parser.ts.)
 *
 * https://urlpattern.spec.whatwg.org/#compile-a-component
 */
class CompiledComponent implements Component {
  declare readonly patternString: string;
  declare readonly partList: readonly Part[];
  declare readonly options: Options;
  declare readonly encodingCallback: EncodingCallback;
  declare regularExpression: RegExp | null;
  declare readonly regularExpressionString: string;
  declare readonly groupNameList: readonly string[];
  declare readonly hasRegexpGroups: boolean;
  declare readonly kind: MatchKind;
  declare readonly fixed: string;
  declare readonly onlyGroup0: boolean;
  declare readonly protoGroup: boolean;

  constructor(input: string, encodingCallback: EncodingCallback, options: Options) {
    const partList = parseAPatternString(input, options, encodingCallback);
    const generated = generateARegularExpressionAndNameList(partList, options);
    const nameList = generated[1];
    let hasRegexpGroups = false;
    for (const part of partList) if (part.type === PartType.Regexp) hasRegexpGroups = true;
    this.regularExpression = null;
    this.regularExpressionString = generated[0];
    this.options = options;
    if (hasRegexpGroups) {
      try {
        regularExpressionOf(this);
      } catch (error) {
        throw new TypeError(`Invalid pattern ${JSON.stringify(input)}: ${(error as Error).message}`);
      }
    }
    const kind = classify(partList, options);
    this.patternString = generateAPatternString(partList, options);
    this.partList = partList;
    this.encodingCallback = encodingCallback;
    this.groupNameList = nameList;
    this.hasRegexpGroups = hasRegexpGroups;
    this.kind = kind;
    this.fixed = kind === MatchKind.Fixed ? partList[0]!.value : '';
    this.onlyGroup0 = nameList.length === 1 && nameList[0] === '0';
    this.protoGroup = nameList.includes('__proto__');
  }
}

/**
 * Matches a "segments" part list against `input`; on a match, its group values are in `values`
 * (the caller's scratch array), in group name list order.
 */
function matchSegments(partList: readonly Part[], delimiter: string, input: string, values: (string | undefined)[]): boolean {
  let p = 0;
  let g = 0;
  const n = partList.length;
  const length = input.length;
  for (let i = 0; i < n; i++) {
    const part = partList[i]!;
    if (part.type === PartType.FixedText) {
      if (part.modifier === Modifier.Optional) {
        // The rest of the list is fixed text: the input's rest is the text and that, or that.
        let tail = '';
        for (let j = i + 1; j < n; j++) tail += partList[j]!.value;
        const restLength = length - p;
        if (restLength === part.value.length + tail.length) {
          return input.startsWith(part.value, p) && input.endsWith(tail);
        }
        return restLength === tail.length && input.endsWith(tail);
      }
      if (!input.startsWith(part.value, p)) return false;
      p += part.value.length;
      continue;
    }
    if (part.type === PartType.SegmentWildcard && part.modifier === Modifier.Optional) {
      // The last part: either nothing is left, or the prefix and a segment up to the end.
      if (p === length) {
        values[g++] = undefined;
        return true;
      }
      if (!input.startsWith(part.prefix, p)) return false;
      p += part.prefix.length;
      if (p === length || (delimiter !== '' && input.indexOf(delimiter, p) !== -1)) return false;
      values[g++] = input.slice(p);
      return true;
    }
    if (part.prefix !== '') {
      if (!input.startsWith(part.prefix, p)) return false;
      p += part.prefix.length;
    }
    if (part.type === PartType.SegmentWildcard) {
      let end = delimiter === '' ? -1 : input.indexOf(delimiter, p);
      if (end === -1) end = length;
      if (end === p) return false;
      values[g++] = input.slice(p, end);
      p = end;
      continue;
    }
    // A full wildcard: the rest, or the rest up to the fixed text that ends the list.
    const last = i + 1 < n ? partList[i + 1]!.value : '';
    if (length - p < last.length || !input.endsWith(last)) return false;
    values[g++] = input.slice(p, length - last.length);
    return true;
  }
  return p === length;
}

/** Whether the component matches `input` (RegExpBuiltinExec is not null). */
export function componentTest(component: Component, input: string): boolean {
  switch (component.kind) {
    case MatchKind.Empty:
      return input === '';
    case MatchKind.Fixed:
      return input === component.fixed;
    case MatchKind.Wildcard:
      return true;
    case MatchKind.Segments:
      return matchSegments(component.partList, component.options.delimiterCodePoint, input, segmentValues);
    default:
      return regularExpressionOf(component).test(input);
  }
}

/** A group record: group names to values. */
export type Groups = Record<string, string | undefined>;

/**
 * Matches the component against `input`: the groups record of the standard's "create a component
 * match result" (https://urlpattern.spec.whatwg.org/#create-a-component-match-result), or null
 * when RegExpBuiltinExec returns null.
 */
export function componentExec(component: Component, input: string): Groups | null {
  switch (component.kind) {
    case MatchKind.Empty:
      return input === '' ? {} : null;
    case MatchKind.Fixed:
      return input === component.fixed ? {} : null;
    case MatchKind.Wildcard:
      // groupsRecord makes the same literal for a group "0"; asking here first spares the array.
      return component.onlyGroup0 ? { 0: input } : groupsRecord(component, [input], 0);
    case MatchKind.Segments:
      return matchSegments(component.partList, component.options.delimiterCodePoint, input, segmentValues)
        ? groupsRecord(component, segmentValues, 0)
        : null;
    default: {
      const execResult = regularExpressionOf(component).exec(input);
      return execResult === null ? null : groupsRecord(component, execResult, 1);
    }
  }
}

/**
 * The groups of a match: the component's group names, in order, each to `values[offset + i]`, as
 * the ordinary object Web IDL converts a record to, whose keys are own data properties
 * (CreateDataProperty; https://webidl.spec.whatwg.org/#js-record). An assignment would call the
 * inherited "__proto__" setter instead of adding that property, so a component with a group of that
 * name makes its groups with Object.fromEntries, which defines each property.
 *
 * The keys are names known only at run time, so each group is added to a fresh `{}` in a loop:
 * that is plain in every engine, where copying a per-component template with Object.assign is
 * fast only in newer versions of V8, and a spread copy is slower everywhere.
 *
 * A component whose one group is "0" (a "*", or an unnamed regexp group) gets an object literal:
 * "0" is an array index, and storing one into an empty object grows its elements, where the
 * literal is made at its final shape. Such components are common (a trailing "*" of a route).
 */
function groupsRecord(component: Component, values: ArrayLike<string | undefined>, offset: number): Groups {
  if (component.onlyGroup0) return { 0: values[offset] };
  const names = component.groupNameList;
  if (component.protoGroup) return Object.fromEntries(names.map((name, i) => [name, values[offset + i]]));
  const groups: Groups = {};
  for (let i = 0; i < names.length; i++) groups[names[i]!] = values[offset + i];
  return groups;
}

/** The special schemes. https://url.spec.whatwg.org/#special-scheme */
const SPECIAL_SCHEMES = ['ftp', 'file', 'http', 'https', 'ws', 'wss'] as const;

/** https://urlpattern.spec.whatwg.org/#protocol-component-matches-a-special-scheme */
export function protocolComponentMatchesASpecialScheme(protocolComponent: Component): boolean {
  for (const scheme of SPECIAL_SCHEMES) if (componentTest(protocolComponent, scheme)) return true;
  return false;
}
