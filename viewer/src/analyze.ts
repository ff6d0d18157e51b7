/**
 * Everything the page shows for one input and base, computed without touching the DOM.
 */
import { URL as StandardURL, parseURL, relativeURL, type ValidationError } from '../../src/index.ts';
import { explainDisplayURL, type PunycodeLabel } from '../../src/display.ts';
import { publicSuffix, registrableDomain } from '../../src/site.ts';
import { isValidURLString } from '../../src/valid-url-string.ts';
import { validateURL } from '../../src/validate.ts';
import { URL_GETTERS } from '../../src/url-getters.ts';

/** The components of a URL object, in the order the page lists them. */
export const COMPONENTS = URL_GETTERS;

export type Component = (typeof COMPONENTS)[number];

/** What one parser made of the input: its components and search params, or its failure. */
export type SideResult =
  | { ok: true; values: Record<Component, string>; params: Array<[string, string]> }
  | { ok: false; message: string };

export interface Analysis {
  input: string;
  /** The base URL string, or undefined when the base field is empty. */
  base: string | undefined;
  /** url-standard's URL class. */
  ours: SideResult;
  /** The browser's URL class. */
  browser: SideResult;
  /** Validation errors of the input (against the base), in the order the parser met them. */
  errors: ValidationError[];
  /** Validation errors of the base URL string itself. */
  baseErrors: ValidationError[];
  /** True when a base was given and it is not a URL. */
  baseFailed: boolean;
  /** Whether the input is a valid URL string (the URL-writing grammar, with the base if given). */
  valid: boolean;
  publicSuffix: string | null;
  registrableDomain: string | null;
  /** The safe display form of our parse; null on failure. */
  display: string | null;
  /** The host's labels that the display form keeps in Punycode, and why. */
  punycodeLabels: PunycodeLabel[];
  /**
   * The shortest string that parses against the base URL to our parse (relativeURL); null without
   * a base, or when our parse failed.
   */
  relative: string | null;
  /** Components whose values differ when both sides parsed the input. */
  differences: Component[];
  /** True when exactly one side failed. */
  outcomeDiffers: boolean;
  /** True when both sides parsed the input and their search params differ. */
  paramsDiffer: boolean;
}

interface URLLikeObject {
  readonly searchParams: Iterable<[string, string]>;
}

function read(url: URLLikeObject): SideResult {
  const values = {} as Record<Component, string>;
  for (const name of COMPONENTS) values[name] = String((url as unknown as Record<string, unknown>)[name]);
  const params: Array<[string, string]> = [];
  for (const [name, value] of url.searchParams) params.push([name, value]);
  return { ok: true, values, params };
}

function failureMessage(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

function runSide(construct: () => URLLikeObject): SideResult {
  try {
    return read(construct());
  } catch (error) {
    return { ok: false, message: failureMessage(error) };
  }
}

/** Parses `input` (against `baseField` unless it is empty) with url-standard and with `browserURL`. */
export function analyze(input: string, baseField: string, browserURL: typeof globalThis.URL): Analysis {
  const base = baseField === '' ? undefined : baseField;

  let ourURL: StandardURL | null = null;
  let ours = runSide(() => (ourURL = new StandardURL(input, base)) as unknown as URLLikeObject);
  const browser = runSide(() => new browserURL(input, base) as unknown as URLLikeObject);

  const baseErrors: ValidationError[] = [];
  let baseFailed = false;
  if (base !== undefined) {
    baseFailed = parseURL(base, { onValidationError: (e) => baseErrors.push(e) }) === null;
  }
  const errors = baseFailed ? [] : validateURL(input, { base: base ?? null }).errors;
  // The URL class's TypeError names the validation error it fails at; its sentence is validateURL's.
  const failing = (baseFailed ? baseErrors : errors).find((error) => error.failure);
  if (!ours.ok && failing !== undefined) ours = { ok: false, message: `${ours.message}: ${failing.message}` };

  const differences: Component[] = [];
  let paramsDiffer = false;
  if (ours.ok && browser.ok) {
    for (const name of COMPONENTS) if (ours.values[name] !== browser.values[name]) differences.push(name);
    paramsDiffer = JSON.stringify(ours.params) !== JSON.stringify(browser.params);
  }

  let suffix: string | null = null;
  let domain: string | null = null;
  let display: string | null = null;
  let punycodeLabels: PunycodeLabel[] = [];
  let relative: string | null = null;
  if (ours.ok && ourURL !== null) {
    // Our parse succeeded, so a base given is a URL.
    if (base !== undefined) relative = relativeURL(base, ourURL);
    const host = ours.values.hostname;
    if (host !== '') {
      suffix = publicSuffix(host);
      domain = registrableDomain(host);
    }
    ({ display, punycodeLabels } = explainDisplayURL(ourURL));
  }

  return {
    input,
    base,
    ours,
    browser,
    errors,
    baseErrors,
    baseFailed,
    valid: isValidURLString(input, { base: base ?? null }),
    publicSuffix: suffix,
    registrableDomain: domain,
    display,
    punycodeLabels,
    relative,
    differences,
    outcomeDiffers: ours.ok !== browser.ok,
    paramsDiffer,
  };
}
