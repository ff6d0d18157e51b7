/** Types of suites.js (plain JavaScript, loaded unchanged by every runtime and page). */
export interface SuiteResult {
  passed: number;
  failed: number;
  failures: { name: string; message: string }[];
  /** Why the suite could not run in this runtime (it then counts nothing). */
  skipped?: string;
  /** The tests of the suite not run in this runtime, each with the reason. */
  skippedTests?: { name: string; reason: string }[];
}
export type Results = Record<string, SuiteResult>;
export declare const SUITES: Record<string, unknown>;
export declare const LIBRARY_SUITES: readonly string[];
export declare const URLPATTERN_SUITES: Record<string, unknown>;
export declare const DATA_FILES: readonly string[];
export declare const URLPATTERN_DATA_FILES: readonly string[];
export declare const EXAMPLES: readonly (readonly [string, string | null])[];
export declare function runConformance(options: {
  URL: unknown;
  URLSearchParams: unknown;
  URLPattern?: unknown;
  lib: unknown;
  data: Record<string, unknown>;
  crashed?: readonly number[];
  beforeEntry?: (index: number | null) => void;
}): Results;
export declare function runURLPatternConformance(options: {
  URL: unknown;
  URLPattern: unknown;
  data: Record<string, unknown>;
  crashed?: readonly number[];
  beforeEntry?: (index: number | null) => void;
}): Results;
export declare function runExamples(URL: unknown): string[];
export declare function runPatternEntry(entry: unknown, URLPattern: unknown, URL: unknown): void;
