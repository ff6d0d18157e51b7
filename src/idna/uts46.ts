/**
 * Unicode IDNA Compatibility Processing (UTS #46, revision 33 and later semantics): Processing, ToASCII and
 * ToUnicode, with the validity criteria, CONTEXTJ (RFC 5892 Appendix A.1/A.2) and the Bidi Rule (RFC 5893).
 *
 * https://www.unicode.org/reports/tr46/
 */
import { isASCIIString as isASCII, LONG_INPUT } from '../infra.ts';
import { decode, encode, encodingCertainlyOverflows } from './punycode.ts';
import {
  Bidi,
  bidiClass,
  codePointFlags,
  Joining,
  isVirama,
  joiningType,
  keptRun,
  LowFlag,
  lowFlags,
  mapping,
  plainRun,
  properties,
  Status,
  status,
  TableLayout,
} from './tables.ts';
import { CodeUnit, codeUnitAt } from '../code-unit.ts';

/** The UTS #46 processing options (names as in UTS #46 §4). */
export interface Options {
  checkHyphens: boolean;
  checkBidi: boolean;
  checkJoiners: boolean;
  useSTD3ASCIIRules: boolean;
  transitionalProcessing: boolean;
  verifyDnsLength: boolean;
  ignoreInvalidPunycode: boolean;
}

export interface ProcessingResult {
  labels: string[];
  error: boolean;
}

/** The last code point of one UTF-16 code unit; those above it take two. */
const MAX_BMP = 0xffff;
/** The bit that tells an ASCII lowercase letter from its uppercase one. */
const ASCII_CASE_BIT = 0x20;

/** Bits of the per-label summary that validateLabel returns. */
const enum Summary {
  Invalid = 1,
  /** The label contains a code point of Bidi_Class R, AL or AN. */
  Rtl = 2,
}

/**
 * Whether every code unit is below U+0300. Such a string of mapped (hence valid or disallowed) code points is
 * already in NFC: none of them decomposes under NFC or composes with a preceding code point.
 */
function belowU0300(s: string): boolean {
  return !AT_OR_ABOVE_U0300.test(s);
}

/**
 * A code unit at or above U+0300. A regular expression rather than a loop: V8 answers at once for
 * a string it keeps in one byte per code unit (none of whose code units can match), where a loop
 * would read every code unit.
 */
const AT_OR_ABOVE_U0300 = /[^\u0000-\u02ff]/;

function startsWithACE(s: string, at: number): boolean {
  return (
    (codeUnitAt(s, at) | ASCII_CASE_BIT) === CodeUnit.LowerX &&
    (codeUnitAt(s, at + 1) | ASCII_CASE_BIT) === CodeUnit.LowerN &&
    codeUnitAt(s, at + 2) === CodeUnit.HyphenMinus &&
    codeUnitAt(s, at + 3) === CodeUnit.HyphenMinus
  );
}

/**
 * A string built from pieces. The first {@link CONCATENATED} are concatenated as they come, the
 * fastest for the few of a usual domain name. After that they are gathered in an array and joined
 * {@link JOINED} at a time: a string grown by millions of concatenations is a tree of as many nodes,
 * which every garbage collection walks, whereas here each JOINED pieces after the first
 * CONCATENATED add one node.
 */
class Pieces {
  text = '';
  count = 0;
  pending: string[] | null = null;

  add(piece: string): void {
    const pending = this.pending;
    if (pending === null) {
      this.text += piece;
      if (++this.count === CONCATENATED) this.pending = [];
    } else if (pending.push(piece) === JOINED) {
      this.text += pending.join('');
      pending.length = 0;
    }
  }

  toString(): string {
    return this.pending === null ? this.text : this.text + this.pending.join('');
  }
}

const CONCATENATED = 64;
const JOINED = 4096;

/** What {@link map} returns. */
interface MapResult {
  /** The mapped domain name. */
  mapped: string;
  /**
   * Whether the domain name had only ASCII code points and ones of the {@link LowFlag.Stable} flag
   * (so that only ASCII upper case letters were mapped).
   */
  plain: boolean;
}

/**
 * Step 1 of Processing: map each code point per its IDNA Mapping Table status (disallowed code points are
 * kept; validation reports them).
 * https://www.unicode.org/reports/tr46/#ProcessingStepMap
 */
function map(domain: string, transitional: boolean): MapResult {
  const flags = lowFlags();
  // The code points the mapping keeps as they are: valid or disallowed, and deviation ones when
  // not transitional.
  const kept = transitional ? LowFlag.Unmapped : LowFlag.Unmapped | LowFlag.Deviation;
  const out = new Pieces();
  let copyFrom = 0;
  let plain: number = LowFlag.Stable;
  for (let i = 0; i < domain.length; i++) {
    const c = codeUnitAt(domain, i);
    if (c < CodeUnit.FirstNonASCII) {
      if (c >= CodeUnit.UpperA && c <= CodeUnit.UpperZ) {
        out.add(domain.slice(copyFrom, i) + String.fromCharCode(c | ASCII_CASE_BIT));
        copyFrom = i + 1;
      }
    } else if (c < TableLayout.DirectLimit && (flags[c]! & kept) !== 0) {
      plain &= flags[c]!;
    } else {
      plain = 0;
      const cp = domain.codePointAt(i)!;
      const width = cp > MAX_BMP ? 2 : 1;
      const st = status(cp);
      if (st === Status.Mapped || st === Status.Ignored || (st === Status.Deviation && transitional)) {
        out.add(domain.slice(copyFrom, i) + mapping(cp, transitional));
        copyFrom = i + width;
      }
      i += width - 1;
      continue;
    }
    // At every 64th code unit, the rest of a run of code units that need nothing here is passed
    // over with a native scan: one call per 64 code units at most, none in a label of under 64,
    // so a short domain name pays nothing for it, and none where the next code unit cannot start
    // such a run. The scan only passes over code units the loop would have passed over itself,
    // without changing `plain`: Stable ones (plainRun) while the domain name is plain, and any
    // that mapping keeps (keptRun) once it is not.
    if ((i & 63) === 63) {
      const next = flags[codeUnitAt(domain, i + 1)]!;
      const run = plain !== 0 ? ((next & LowFlag.Stable) !== 0 ? plainRun() : null) : (next & kept) !== 0 ? keptRun(transitional) : null;
      if (run !== null) {
        run.lastIndex = i + 1;
        if (run.test(domain)) i = run.lastIndex - 1;
      }
    }
  }
  if (copyFrom === 0) return { mapped: domain, plain: plain !== 0 };
  out.add(domain.slice(copyFrom));
  return { mapped: out.toString(), plain: plain !== 0 };
}

/**
 * Whether the third and fourth code points (not UTF-16 code units: "💩a--b" has them, "💩--b" has
 * not) are both U+002D.
 */
function hyphensInThirdAndFourthPositions(label: string): boolean {
  // The index of the third code point: past two code points of one or two code units each.
  let i = 0;
  for (let n = 0; n < 2 && i < label.length; n++) {
    const c = codeUnitAt(label, i);
    const d = codeUnitAt(label, i + 1);
    const pair = c >= CodeUnit.FirstHighSurrogate && c <= CodeUnit.LastHighSurrogate && d >= CodeUnit.FirstLowSurrogate && d <= CodeUnit.LastLowSurrogate;
    i += pair ? 2 : 1;
  }
  return codeUnitAt(label, i) === CodeUnit.HyphenMinus && codeUnitAt(label, i + 1) === CodeUnit.HyphenMinus;
}

/**
 * The validity criteria for one label, except the Bidi Rule (which depends on the whole domain name).
 * Returns Summary.Invalid and/or Summary.Rtl bits.
 * https://www.unicode.org/reports/tr46/#Validity_Criteria
 */
function validateLabel(label: string, options: Options, decoded: boolean, plain: boolean): number {
  const length = label.length;
  let result = 0;
  // 1. The label must be in Unicode Normalization Form NFC (labels that were not Punycode-decoded are, after
  // step 2 of Processing).
  if (decoded && label.normalize('NFC') !== label) return Summary.Invalid;
  if (options.checkHyphens) {
    // 2. No U+002D in both the third and fourth positions.
    if (hyphensInThirdAndFourthPositions(label)) return Summary.Invalid;
    // 3. Neither begins nor ends with U+002D.
    if (codeUnitAt(label, 0) === CodeUnit.HyphenMinus || codeUnitAt(label, length - 1) === CodeUnit.HyphenMinus) return Summary.Invalid;
  } else if (startsWithACE(label, 0)) {
    // 4. Without CheckHyphens, the label must not begin with "xn--".
    return Summary.Invalid;
  }
  const std3 = options.useSTD3ASCIIRules;
  // A label of ASCII and stable code points that was not decoded: criteria 5 to 9 hold without
  // UseSTD3ASCIIRules (no U+002E is left after the split, and Plain is what the loop passes over),
  // so such a label, however long, is not read again.
  if (plain && !std3) return 0;
  const joiners = options.checkJoiners;
  // 7. A label decoded from Punycode is checked with the criteria for Nontransitional Processing
  // (Processing step 4.1.4), where deviation code points are valid, whatever the option.
  const allowed = options.transitionalProcessing && !decoded ? LowFlag.Valid : LowFlag.Valid | LowFlag.Deviation;
  const flags = lowFlags();
  for (let i = 0; i < length; i++) {
    const c = codeUnitAt(label, i);
    if (c < CodeUnit.FirstNonASCII) {
      // 5. No U+002E FULL STOP.
      if (c === CodeUnit.FullStop) return Summary.Invalid;
      // 7c. UseSTD3ASCIIRules: ASCII code points must be a-z, 0-9 or U+002D (all other ASCII ones are valid).
      const ldh = (c >= CodeUnit.LowerA && c <= CodeUnit.LowerZ) || (c >= CodeUnit.Digit0 && c <= CodeUnit.Digit9) || c === CodeUnit.HyphenMinus;
      if (std3 && !ldh) return Summary.Invalid;
      if (c >= CodeUnit.UpperA && c <= CodeUnit.UpperZ && decoded) return Summary.Invalid; // status mapped
      continue;
    }
    // Below DirectLimit (and so below the surrogates) the code unit is the code point.
    const cp = c < TableLayout.DirectLimit ? c : label.codePointAt(i)!;
    const f = c < TableLayout.DirectLimit ? flags[c]! : codePointFlags(cp);
    // A Plain code point is a valid one that criteria 6 to 9 have nothing against.
    if ((f & LowFlag.Plain) === 0) {
      // 7. Each code point's status must be valid (or, nontransitional, deviation).
      if ((f & allowed) === 0) return Summary.Invalid;
      // 6. The label must not begin with a combining mark (General_Category=Mark).
      if (i === 0 && (f & LowFlag.Mark) !== 0) return Summary.Invalid;
      if ((f & LowFlag.Rtl) !== 0) result |= Summary.Rtl;
      // 8. CheckJoiners: the CONTEXTJ rules.
      if (joiners && (cp === CodeUnit.ZeroWidthNonJoiner || cp === CodeUnit.ZeroWidthJoiner) && !contextJ(label, i, cp)) return Summary.Invalid;
    }
    if (cp > MAX_BMP) i++;
  }
  return result;
}

/** The code point ending just before UTF-16 index `i` of `s`, and its width. */
function codePointBefore(s: string, i: number): number {
  const c = codeUnitAt(s, i - 1);
  if (c >= CodeUnit.FirstLowSurrogate && c <= CodeUnit.LastLowSurrogate && i >= 2) {
    const h = codeUnitAt(s, i - 2);
    if (h >= CodeUnit.FirstHighSurrogate && h <= CodeUnit.LastHighSurrogate) {
      return (h - CodeUnit.FirstHighSurrogate) * 0x400 + (c - CodeUnit.FirstLowSurrogate) + MAX_BMP + 1;
    }
  }
  return c;
}

/**
 * CONTEXTJ for the joiner at UTF-16 index `i`. The code point before the joiner is looked up once,
 * for both rules: its Canonical_Combining_Class, and its Joining_Type as the first code point the
 * ZERO WIDTH NON-JOINER rule reads back.
 * https://www.rfc-editor.org/rfc/rfc5892#appendix-A.1 (ZERO WIDTH NON-JOINER)
 * https://www.rfc-editor.org/rfc/rfc5892#appendix-A.2 (ZERO WIDTH JOINER)
 */
function contextJ(label: string, i: number, cp: number): boolean {
  if (i === 0) return false;
  let before = codePointBefore(label, i);
  let props = properties(before);
  // If Canonical_Combining_Class(Before(cp)) .eq. Virama Then True.
  if (isVirama(props)) return true;
  if (cp === CodeUnit.ZeroWidthJoiner) return false;
  // RegExpMatch((Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})).
  let j = i - (before > MAX_BMP ? 2 : 1);
  let jt = joiningType(props);
  while (jt === Joining.T) {
    if (j === 0) return false;
    before = codePointBefore(label, j);
    j -= before > MAX_BMP ? 2 : 1;
    jt = joiningType(properties(before));
  }
  if (jt !== Joining.L && jt !== Joining.D) return false;
  j = i + 1;
  do {
    if (j >= label.length) return false;
    const after = label.codePointAt(j)!;
    j += after > MAX_BMP ? 2 : 1;
    jt = joiningType(properties(after));
  } while (jt === Joining.T);
  return jt === Joining.R || jt === Joining.D;
}

/** The Bidi classes of the Bidi Rule's sets, one bit per class: rule 2's (R, AL, AN, EN, ES, CS, ET, ON, BN, NSM). */
const RTL_LABEL =
  (1 << Bidi.R) | (1 << Bidi.AL) | (1 << Bidi.AN) | (1 << Bidi.EN) | (1 << Bidi.ES) | (1 << Bidi.CS) | (1 << Bidi.ET) | (1 << Bidi.ON) | (1 << Bidi.BN) | (1 << Bidi.NSM);
/** Rule 3's: R, AL, EN, AN. */
const RTL_END = (1 << Bidi.R) | (1 << Bidi.AL) | (1 << Bidi.EN) | (1 << Bidi.AN);
/** Rule 5's: L, EN, ES, CS, ET, ON, BN, NSM. */
const LTR_LABEL = (1 << Bidi.L) | (1 << Bidi.EN) | (1 << Bidi.ES) | (1 << Bidi.CS) | (1 << Bidi.ET) | (1 << Bidi.ON) | (1 << Bidi.BN) | (1 << Bidi.NSM);

/**
 * The Bidi Rule for one label of a Bidi domain name.
 * https://www.rfc-editor.org/rfc/rfc5893#section-2
 */
function bidiRule(label: string): boolean {
  if (label.length === 0) return true;
  const first = bidiClass(properties(label.codePointAt(0)!));
  // 1. The first character must be a character with Bidi property L, R, or AL.
  let rtl: boolean;
  if (first === Bidi.R || first === Bidi.AL) rtl = true;
  else if (first === Bidi.L) rtl = false;
  else return false;
  let hasEN = false;
  let hasAN = false;
  let lastNonNSM = first;
  for (let i = 0; i < label.length; i++) {
    const cp = label.codePointAt(i)!;
    if (cp > MAX_BMP) i++;
    const bidi = bidiClass(properties(cp));
    if (rtl) {
      // 2. In an RTL label, only characters with Bidi properties R, AL, AN, EN, ES, CS, ET, ON, BN or NSM.
      if (((RTL_LABEL >> bidi) & 1) === 0) return false;
      if (bidi === Bidi.EN) hasEN = true;
      else if (bidi === Bidi.AN) hasAN = true;
    } else if (((LTR_LABEL >> bidi) & 1) === 0) {
      // 5. In an LTR label, only characters with Bidi properties L, EN, ES, CS, ET, ON, BN or NSM.
      return false;
    }
    if (bidi !== Bidi.NSM) lastNonNSM = bidi;
  }
  if (rtl) {
    // 3. The end of an RTL label must be R, AL, EN or AN, followed by zero or more NSM.
    if (((RTL_END >> lastNonNSM) & 1) === 0) return false;
    // 4. In an RTL label, EN and AN must not both be present.
    return !(hasEN && hasAN);
  }
  // 6. The end of an LTR label must be L or EN, followed by zero or more NSM.
  return lastNonNSM === Bidi.L || lastNonNSM === Bidi.EN;
}

/**
 * A copy of `s` (of at least two code units) as one sequential string: joining builds it in one
 * buffer, where a slice or a concatenation of strings keeps referring to its parts.
 */
function flatCopy(s: string): string {
  return [s.slice(0, 1), s.slice(1)].join('');
}

/**
 * UTS #46 Processing.
 * https://www.unicode.org/reports/tr46/#Processing
 *
 * With `forASCII`, for ToASCII, which returns failure on any error: Processing stops at the first
 * error it records, and a label whose Punycode encoding certainly fails (ToASCII's step 2 would
 * fail on it) is an error before its validity criteria are checked. The labels are then unfinished.
 */
export function processing(domain: string, options: Options, forASCII = false): ProcessingResult {
  // Fast path: an ASCII domain name without any "xn--" label maps by ASCII lowercasing, cannot be a Bidi domain
  // name, and only needs the ASCII parts of the validity criteria.
  if (isASCII(domain)) {
    let ace = startsWithACE(domain, 0);
    for (let dot = domain.indexOf('.'); !ace && dot >= 0; dot = domain.indexOf('.', dot + 1)) {
      ace = startsWithACE(domain, dot + 1);
    }
    if (!ace) {
      const labels = domain.toLowerCase().split('.');
      let error = false;
      if (options.checkHyphens || options.useSTD3ASCIIRules) {
        for (const label of labels) if (validateLabel(label, options, false, false) & Summary.Invalid) error = true;
      }
      return { labels, error };
    }
  }

  // 1. Map. 2. Normalize (NFC). 3. Break into labels at U+002E FULL STOP.
  const { mapped, plain } = map(domain, options.transitionalProcessing);
  // NFC leaves a string of ASCII and plain code points as it is (test/idna.test.ts checks it of
  // the tables), and then the labels hold just the code points that map read.
  const labels = (plain || belowU0300(mapped) ? mapped : mapped.normalize('NFC')).split('.');
  let error = false;
  let bidiDomain = false;
  // 4. Convert/Validate each label.
  for (let n = 0; n < labels.length; n++) {
    let label = labels[n]!;
    let decoded = false;
    if (startsWithACE(label, 0)) {
      // 4.1.1 An "xn--" label must be ASCII.
      if (!isASCII(label)) {
        error = true;
        continue;
      }
      // 4.1.2 Punycode-decode the rest of the label.
      // With IgnoreInvalidPunycode, a label that fails to decode goes on to validation as it is (where it
      // fails the "xn--" or hyphen criteria).
      const unicode = decode(label.slice(4));
      if (unicode === null) {
        if (!options.ignoreInvalidPunycode) {
          error = true;
          if (forASCII) break;
          continue;
        }
      } else {
        labels[n] = label = unicode;
        decoded = true;
        // 4.1.3 The result must be non-empty and not all ASCII.
        if (isASCII(label)) error = true;
      }
    } else if (forASCII && !plain && encodingCertainlyOverflows(label)) {
      // ToASCII's step 2 encodes this label (it is not ASCII): the encoding would fail.
      error = true;
      break;
    }
    const summary = validateLabel(label, options, decoded, plain && !decoded);
    if (summary & Summary.Invalid) error = true;
    if (summary & Summary.Rtl) bidiDomain = true;
    if (error && forASCII) break;
  }
  // Validity criterion 9: CheckBidi, for Bidi domain names.
  if (options.checkBidi && bidiDomain && !error) {
    for (const label of labels) {
      if (!bidiRule(label)) {
        error = true;
        break;
      }
    }
  }
  return { labels, error };
}

/**
 * UTS #46 ToASCII; `null` when an error was recorded.
 * https://www.unicode.org/reports/tr46/#ToASCII
 */
export function toASCII(domain: string, options: Options): string | null {
  const { labels, error } = processing(domain, options, true);
  if (error) return null;
  // The name is gathered as its labels are converted, in Pieces as map() gathers its output, so
  // that the array Processing split is neither written nor joined.
  const output = new Pieces();
  let length = 0;
  for (let n = 0; n < labels.length; n++) {
    let label = labels[n]!;
    if (!isASCII(label)) {
      // The encoder reads a long label many times: in one piece of its own, which V8 reads faster
      // than a slice of the domain name or a concatenation. Only a label that passed validation is
      // copied, so that a long invalid one costs no copy.
      const ace = encode(label.length > LONG_INPUT ? flatCopy(label) : label);
      if (ace === null) return null;
      label = 'xn--' + ace;
    }
    if (options.verifyDnsLength) {
      // Each label 1 to 63 long (so also no empty root label), the whole name at most 253.
      const l = label.length;
      if (l === 0 || l > 63) return null;
      length += l + (n > 0 ? 1 : 0);
    }
    if (n > 0) output.add('.');
    output.add(label);
  }
  if (options.verifyDnsLength && length > 253) return null;
  return output.toString();
}

/** The result of ToUnicode: the converted domain and whether any error was recorded. */
export interface ToUnicodeResult {
  domain: string;
  error: boolean;
}

/**
 * UTS #46 ToUnicode.
 * https://www.unicode.org/reports/tr46/#ToUnicode
 */
export function toUnicode(domain: string, options: Omit<Options, 'verifyDnsLength'>): ToUnicodeResult {
  const { labels, error } = processing(domain, { ...options, verifyDnsLength: false });
  return { domain: labels.join('.'), error };
}
