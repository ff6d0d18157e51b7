/**
 * Unicode IDNA Compatibility Processing (UTS #46), the entry points the URL Standard uses: ToASCII
 * (`null` when an error was recorded) and ToUnicode (the converted domain and whether any error
 * was recorded).
 *
 * https://www.unicode.org/reports/tr46/#ToASCII
 * https://www.unicode.org/reports/tr46/#ToUnicode
 *
 * Implemented in ./uts46.ts on the data of ./tables.generated.ts: the IDNA Mapping Table of Unicode 17.0.0
 * as carried by tr46 6.0.0, the version the web-platform-tests data expects. These are the
 * contract the host parser relies on.
 */
export { toASCII, toUnicode, type Options as UTS46Options, type ToUnicodeResult } from './uts46.ts';
