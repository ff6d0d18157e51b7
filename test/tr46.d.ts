// Types of the `tr46` package (a development dependency), which the IDNA tests use as an oracle.
declare module 'tr46' {
  export interface Options {
    checkHyphens?: boolean;
    checkBidi?: boolean;
    checkJoiners?: boolean;
    useSTD3ASCIIRules?: boolean;
    transitionalProcessing?: boolean;
    verifyDNSLength?: boolean;
    ignoreInvalidPunycode?: boolean;
  }
  export function toASCII(domainName: string, options?: Options): string | null;
  export function toUnicode(domainName: string, options?: Options): { domain: string; error: boolean };
}
