/** Types of workload-defs.mjs (plain JavaScript, loaded unchanged by Node, Bun, Deno and the browser page). */
export interface Workload {
  id: string;
  name: string;
  short: string;
  inputs: string;
  info?: boolean;
  needsURLPattern?: boolean;
  needsDomainToASCII?: boolean;
  target: { oursVsNode: number | null; whatwgVsOurs: number | null } | null;
}
export interface Implementation {
  key: string;
  label: string;
  URL: unknown;
  URLSearchParams: unknown;
  domainToASCII: ((domain: string, beStrict?: boolean) => string | null) | null;
  domainToASCIILabel: string;
  URLPattern: unknown;
  URLPatternLabel: string;
}
export interface Instance {
  ops: number;
  variant: string | null;
  prepare(): unknown;
  run(arg: unknown): number;
  verify: ((arg: unknown) => number) | null;
  lastFailures(): number;
}
export type Inputs = Record<string, unknown> & { all: string[]; valid: string[]; hosts: string[] };
export declare const BASE: string;
export declare const WORKLOADS: readonly Workload[];
export declare function idnHostsOf(entries: unknown[]): string[];
export declare function deriveInputs(options: {
  lines: string[];
  hosts: string[];
  reference: unknown;
  quick?: boolean;
  acceptsHost?: ((host: string) => boolean) | null;
}): Inputs;
export declare function completeURLPatternInputs(data: Inputs, URLPattern: unknown): void;
export declare function instantiate(workload: Workload, impl: Implementation, data: Inputs): Instance | null;
/** The order in which round `r` times the implementations: whatwg-url first, the others rotated. */
export declare function roundOrder<T extends { impl: { key: string } }>(timed: readonly T[], r: number): T[];
