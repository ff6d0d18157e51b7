/**
 * The data of the `normalization` conformance suite (test/conformance/suites.js): the host
 * "a<c>b" for every code point c whose conversion goes through Unicode normalization (it has a
 * canonical or compatibility decomposition, or a non-zero canonical combining class), with the
 * host that UTS #46 of Unicode 17.0 and the URL Standard's domain to ASCII give it (null for
 * failure). The package computes some of these mappings, and the NFC step, with the engine's
 * String.prototype.normalize, so the suite shows whether every runtime still gets Unicode 17's
 * answers.
 *
 * Computed in the runner's Node from the `tr46@6.0.0` oracle (Unicode 17.0), which normalizes with
 * that Node's own String.prototype.normalize: the Node must carry Unicode 17.0 data.
 */
import * as tr46 from 'tr46';

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
  input: string;
  output: string | null;
}

export function normalizationCases(): NormalizationCase[] {
  // U+A7F1 MODIFIER LETTER CAPITAL S, new in Unicode 17.0, decomposes to "S".
  if (process.versions.unicode?.split('.')[0] !== '17' || '\uA7F1'.normalize('NFKD') !== 'S') {
    throw new Error(`the normalization cases need Unicode 17.0 data; this Node (${process.version}) has ${process.versions.unicode}`);
  }
  const cases: NormalizationCase[] = [];
  for (let cp = 0x80; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    if (!normalizationMatters(c)) continue;
    const input = `a${c}b`;
    cases.push({ input, output: domainToASCII(input) });
  }
  return cases;
}
