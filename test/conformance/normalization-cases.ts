/**
 * The data of the `normalization` conformance suite (test/conformance/suites.js): hosts whose
 * conversion goes through Unicode normalization, with the host that UTS #46 of Unicode 17.0 and
 * the URL Standard's domain to ASCII give them (null for failure). The package computes some
 * mappings, and the NFC step, with the engine's String.prototype.normalize, so the suite shows
 * whether every runtime still gets Unicode 17.0's answers:
 * - "a<c>b" for every code point c with a canonical or compatibility decomposition or a non-zero
 *   canonical combining class;
 * - for each such c that Unicode 15.0 does not assign, hosts where its combining class or its
 *   composition decides the NFC form: c before and after U+0316 (class 220), and its canonical
 *   decomposition. These carry their NFC form (`nfc`): a runtime whose own NFC differs, having
 *   older Unicode data, skips them with the reason (the known difference of docs/runtimes.md).
 *
 * Computed in the runner's Node from the `tr46@6.0.0` oracle (Unicode 17.0), which normalizes with
 * that Node's own String.prototype.normalize: the Node must carry Unicode 17.0 data.
 */
import * as tr46 from 'tr46';
import { unicodeSet } from '../helpers/unicode-data.ts';

/** The forbidden domain code points (https://url.spec.whatwg.org/#forbidden-domain-code-point). */
const FORBIDDEN_DOMAIN_CODE_POINT = /[\u0000-\u0020#%/:<>?@[\\\]^|\u007f]/;

/** https://url.spec.whatwg.org/#concept-domain-to-ascii with beStrict false, for a non-ASCII domain. */
function domainToASCII(domain: string): string | null {
  const result = tr46.toASCII(domain, {
    checkHyphens: false,
    checkBidi: true,
    checkJoiners: true,
    useSTD3ASCIIRules: false,
    transitionalProcessing: false,
    verifyDNSLength: false,
  });
  if (result === null || result === '' || FORBIDDEN_DOMAIN_CODE_POINT.test(result)) return null;
  return result;
}

/** Whether `c` is changed by NFD or NFKD, or reordered before U+0345 (combining class 240). */
function normalizationMatters(c: string): boolean {
  return c.normalize('NFD') !== c || c.normalize('NFKD') !== c || `a\u0345${c}`.normalize('NFD') !== `a\u0345${c}`;
}

export interface NormalizationCase {
  name: string;
  input: string;
  output: string | null;
  /** The input's NFC form in Unicode 17.0, for the cases that a runtime with older data skips. */
  nfc?: string;
}

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

export async function normalizationCases(): Promise<NormalizationCase[]> {
  // U+A7F1 MODIFIER LETTER CAPITAL S, new in Unicode 17.0, decomposes to "S".
  if (process.versions.unicode?.split('.')[0] !== '17' || '\uA7F1'.normalize('NFKD') !== 'S') {
    throw new Error(`the normalization cases need Unicode 17.0 data; this Node (${process.version}) has ${process.versions.unicode}`);
  }
  const unassignedIn15 = await unicodeSet('15.0.0', 'General_Category/Unassigned');
  const cases: NormalizationCase[] = [];
  const newer: [number, string][] = [];
  for (let cp = 0x80; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    if (!normalizationMatters(c)) continue;
    const input = `a${c}b`;
    cases.push({ name: `${hex(cp)} between "a" and "b"`, input, output: domainToASCII(input) });
    if (unassignedIn15[cp]) newer.push([cp, c]);
  }
  for (const [cp, c] of newer) {
    const inputs: [string, string][] = [
      [`${hex(cp)} before U+0316`, `a${c}\u0316b`],
      [`${hex(cp)} after U+0316`, `a\u0316${c}b`],
    ];
    if (c.normalize('NFD') !== c) inputs.push([`${hex(cp)} decomposed`, `a${c.normalize('NFD')}b`]);
    for (const [name, input] of inputs) cases.push({ name, input, output: domainToASCII(input), nfc: input.normalize('NFC') });
  }
  return cases;
}
