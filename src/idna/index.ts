/**
 * Unicode IDNA Compatibility Processing (UTS #46), the entry points the URL Standard uses.
 *
 * https://www.unicode.org/reports/tr46/#ToASCII
 * https://www.unicode.org/reports/tr46/#ToUnicode
 *
 * Implemented in ./uts46.ts on the data of ./tables.generated.ts: the IDNA Mapping Table of Unicode 17.0.0
 * as carried by tr46 6.0.0, the version the web-platform-tests data expects. The signatures below are the
 * contract the host parser relies on.
 */
import * as uts46 from './uts46.ts';

/** The UTS #46 processing options (names as in UTS #46 §4). */
export type UTS46Options = uts46.Options;

/** The result of ToUnicode: the converted domain and whether any error was recorded. */
export interface ToUnicodeResult {
  domain: string;
  error: boolean;
}

/** UTS #46 ToASCII; `null` when an error was recorded. */
export function toASCII(domainName: string, options: UTS46Options): string | null {
  return uts46.toASCII(domainName, options);
}

/** UTS #46 ToUnicode. */
export function toUnicode(domainName: string, options: Omit<UTS46Options, 'verifyDnsLength'>): ToUnicodeResult {
  return uts46.toUnicode(domainName, options);
}
