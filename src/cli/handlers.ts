/**
 * What the command does with each input, per output mode. The entries that only some options need
 * (the Public Suffix List, the display data, the legacy encoders, URL patterns) are loaded by
 * `import()` when those options are given, so that a command that does not use them does not
 * spend its start-up loading them.
 */
import { parseURL as parseUTF8, serializeURL, urlFromRecord, type URL, type URLRecord, type ValidationError } from '../index.ts';
import { validateURL } from '../validate.ts';
import { parseToSerialization } from '../url-parser.ts';
import { SerializedURL, serializationOf } from '../serialized-url.ts';
import { isSpecialScheme } from '../url-record.ts';
import { CodeUnit, codeUnitAt } from '../code-unit.ts';
import type { Component, Mode } from './args.ts';
import type { BatchedWriter } from './io.ts';
import { caretLines, type Style } from './terminal.ts';
import { relativeURL } from '../relative-url.ts';
import type { URLPattern } from '../urlpattern.ts';

/** The entry `url-standard/site`, loaded when a command needs the Public Suffix List. */
type SiteEntry = typeof import('../site.ts');
/** The entry `url-standard/display`, loaded when a command needs the display form. */
type DisplayEntry = typeof import('../display.ts');

/** Parses one input (with the base and encoding of the command line). */
export type Parser = (input: string, onValidationError?: (error: ValidationError) => void) => URLRecord | null;

/** Builds the parser for `--base` and `--encoding`; throws for an unknown encoding label or a base that fails. */
export async function makeParser(baseInput: string | undefined, encoding: string | undefined): Promise<{
  parse: Parser;
  base: URLRecord | null;
  /** Whether the parser uses a legacy encoding (so `validateURL`'s record is not the answer). */
  legacy: boolean;
}> {
  let base: URLRecord | null = null;
  let parse: Parser;
  if (encoding === undefined) {
    parse = (input, onValidationError) => parseUTF8(input, { base, onValidationError });
  } else {
    const { parseURL: parseWithEncoding } = await import('../legacy-encoding.ts');
    // Throws a RangeError for an unknown label.
    parseWithEncoding('', { encoding });
    parse = (input, onValidationError) => parseWithEncoding(input, { base, encoding, onValidationError });
  }
  if (baseInput !== undefined) {
    base = parse(baseInput);
    if (base === null) throw new BaseError(baseInput);
  }
  return { parse, base, legacy: encoding !== undefined };
}

export class BaseError extends Error {
  constructor(readonly input: string) {
    super(`invalid base URL: ${JSON.stringify(input)}`);
  }
}

/** What became of one input, for the summary and the exit status. */
export const enum Outcome {
  /** Parsed (with `--validate`: a valid URL string; with `--pattern`: matched). */
  Done,
  /** Failed to parse (with `--validate`: not a valid URL string). */
  Failed,
  /** `--pattern`: parsed, and the pattern does not match it. */
  NotMatched,
}

/** Handles one input, writing its output. */
export type Handler = (input: string, label: string) => Outcome;

export interface HandlerContext {
  mode: Mode;
  parse: Parser;
  base: URLRecord | null;
  /** `--relative-to`: the URL each answer is written relative to, or null. */
  relativeTo: URLRecord | null;
  /** Whether `parse` uses a legacy encoding. */
  legacy: boolean;
  out: BatchedWriter;
  /** Styling of standard output (colours on a terminal). */
  style: Style;
  /** Whether standard output is a terminal (for caret lines under validation errors). */
  tty: boolean;
}

export async function makeHandler(context: HandlerContext): Promise<Handler> {
  const { mode, parse, out, relativeTo } = context;
  switch (mode.kind) {
    case 'serialize':
      if (relativeTo !== null) return relativeHandler(context, relativeTo);
      return (input) => {
        // Without a legacy encoding, the parser's serialization when it knows it from the input.
        // The input is a scalar value string already: arguments and standard input are decoded
        // from UTF-8, which gives no lone surrogate.
        const parsed = context.legacy ? parse(input) : parseToSerialization(input, context.base);
        if (parsed === null) {
          out.write('\n');
          return Outcome.Failed;
        }
        out.write((parsed instanceof SerializedURL ? serializationOf(parsed) : serializeURL(parsed)) + '\n');
        return Outcome.Done;
      };
    case 'component': {
      const component = mode.component;
      const display = component === 'display' ? await import('../display.ts') : null;
      if (display !== null && context.tty) return displayNotesHandler(context, display);
      const site = component === 'publicSuffix' || component === 'registrableDomain' ? await import('../site.ts') : null;
      return (input) => {
        const record = parse(input);
        if (record === null) {
          out.write('\n');
          return Outcome.Failed;
        }
        out.write((componentOf(record, component, site, display) ?? '') + '\n');
        return Outcome.Done;
      };
    }
    case 'json': {
      const [site, display] = await Promise.all([import('../site.ts'), import('../display.ts')]);
      return jsonHandler(context, site, display);
    }
    case 'validate':
      return validateHandler(context);
    case 'pattern':
      return patternHandler(context, mode.pattern, (await import('../urlpattern.ts')).URLPattern);
  }
}

export class PatternError extends Error {}

/** The component names of a URLPattern result, in the standard's order. */
const PATTERN_COMPONENTS = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;

/**
 * The pattern of `--pattern`: the constructor string `source`, relative to `baseURL` when given.
 * Without a base, a pattern that starts with "/" (a pathname, perhaps with a search and a hash)
 * matches that pathname on any origin: its pathname, search and hash are those of the pattern
 * parsed against a placeholder base, and every other component is "*". Throws a PatternError for
 * an invalid pattern.
 */
function makePattern(URLPatternClass: typeof URLPattern, source: string, baseURL: string | undefined): URLPattern {
  try {
    if (baseURL !== undefined) return new URLPatternClass(source, baseURL);
    if (codeUnitAt(source, 0) !== CodeUnit.Solidus) return new URLPatternClass(source);
    // Any special URL serves as the placeholder: the pattern's pathname starts with "/", so it
    // replaces the base's path, and the base's other components are dropped.
    const relative = new URLPatternClass(source, 'https://placeholder.invalid/');
    return new URLPatternClass({ pathname: relative.pathname, search: relative.search, hash: relative.hash });
  } catch (error) {
    const message = (error as Error).message;
    // A relative pattern that does not start with "/": say what to type.
    if (baseURL === undefined && /needs a base URL/.test(message)) {
      throw new PatternError(`${message}: give --base <url>, or start the pattern with "/" to match the path on any origin`);
    }
    throw new PatternError(message);
  }
}

/**
 * `--pattern`: one JSON line per input: for an input the pattern matches, the input, "match":
 * true and the groups of each component that has any (other than components whose pattern is
 * "*"); for one it does not match, "match": false; for one that fails to parse, also "failure":
 * true. The pattern and the inputs are relative to `--base` when given. Throws a PatternError for
 * an invalid pattern.
 */
function patternHandler(context: HandlerContext, source: string, URLPatternClass: typeof URLPattern): Handler {
  const baseURL = context.base === null ? undefined : serializeURL(context.base);
  const pattern = makePattern(URLPatternClass, source, baseURL);
  const { out, parse } = context;
  return (input) => {
    const result = baseURL === undefined ? pattern.exec(input) : pattern.exec(input, baseURL);
    if (result === null) {
      // The pattern matches no URL that fails to parse; parsing again tells the two apart.
      if (parse(input) === null) {
        out.write(JSON.stringify({ input, match: false, failure: true }) + '\n');
        return Outcome.Failed;
      }
      out.write(JSON.stringify({ input, match: false }) + '\n');
      return Outcome.NotMatched;
    }
    const object: Record<string, unknown> = { input, match: true };
    for (const component of PATTERN_COMPONENTS) {
      // Components left as "*" (any value) are not listed.
      const groups = result[component].groups;
      if (pattern[component] !== '*' && Object.keys(groups).length > 0) object[component] = groups;
    }
    out.write(JSON.stringify(object) + '\n');
    return Outcome.Done;
  };
}

/** A URL object for a record (the serialization parses back to an equal record). */
function urlOf(record: URLRecord): URL {
  return urlFromRecord(record);
}

/** Whether a record's host is a domain (not an IP address, opaque host or empty host). */
function hasDomain(record: URLRecord): boolean {
  const host = record.host;
  if (host === null || host === '' || !isSpecialScheme(record.scheme) || host.charCodeAt(0) === CodeUnit.LeftSquareBracket) return false;
  // Only digits and dots: a serialized IPv4 address (such a domain ends in a number, and the host
  // parser reads those as IPv4).
  return !/^[0-9.]+$/.test(host);
}

/** A component of `record`; `site` is loaded for the site components, `display` for the display form. */
function componentOf(record: URLRecord, component: Component, site: SiteEntry | null, display: DisplayEntry | null): string | null {
  switch (component) {
    case 'href':
      return serializeURL(record);
    case 'publicSuffix':
      return hasDomain(record) ? site!.publicSuffix(record.host!) : null;
    case 'registrableDomain':
      return hasDomain(record) ? site!.registrableDomain(record.host!) : null;
    case 'display':
      return display!.displayURL(record);
    default:
      return urlOf(record)[component];
  }
}

interface JSONError {
  type: string;
  index: number;
  length: number;
  message: string;
}

function jsonError(error: ValidationError): JSONError {
  return { type: error.type, index: error.index, length: error.length, message: error.message };
}

/**
 * `--relative-to`: the shortest string that parses against that URL to each input's URL (see
 * relativeURL); an empty line for a failure, and for an input that is that URL without a fragment.
 */
function relativeHandler(context: HandlerContext, relativeTo: URLRecord): Handler {
  const { parse, out } = context;
  return (input) => {
    const record = parse(input);
    if (record === null) {
      out.write('\n');
      return Outcome.Failed;
    }
    out.write(relativeURL(relativeTo, record) + '\n');
    return Outcome.Done;
  };
}

function jsonHandler(context: HandlerContext, site: SiteEntry, display: DisplayEntry): Handler {
  const { parse, base, legacy, out, relativeTo } = context;
  return (input) => {
    const result = validateURL(input, { base });
    const errors = result.errors.map(jsonError);
    const record = legacy ? parse(input) : result.url;
    if (record === null) {
      out.write(JSON.stringify({ input, valid: false, failure: true, errors }) + '\n');
      return Outcome.Failed;
    }
    const url = urlOf(record);
    const object: Record<string, unknown> = {
      input,
      href: url.href,
      ...(relativeTo === null ? undefined : { relative: relativeURL(relativeTo, record) }),
      protocol: url.protocol,
      username: url.username,
      password: url.password,
      host: url.host,
      hostname: url.hostname,
      port: url.port,
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      origin: url.origin,
      valid: result.valid,
      errors,
    };
    if (hasDomain(record)) {
      object['publicSuffix'] = site.publicSuffix(record.host!);
      object['registrableDomain'] = site.registrableDomain(record.host!);
    }
    const { display: shown, punycodeLabels } = display.explainDisplayURL(record);
    object['display'] = shown;
    if (punycodeLabels.length > 0) object['punycodeLabels'] = punycodeLabels;
    out.write(JSON.stringify(object) + '\n');
    return Outcome.Done;
  };
}

function validateHandler(context: HandlerContext): Handler {
  const { base, out, style: s, tty } = context;
  return (input, label) => {
    const result = validateURL(input, { base });
    for (const error of result.errors) {
      out.write(`${s.bold(`${label}: index ${error.index}:`)} ${s.red(error.type)}: ${error.message}\n`);
      if (tty) {
        const [text, carets] = caretLines(input, error.index, error.length, s);
        out.write(`    ${text}\n    ${carets}\n`);
      }
    }
    return result.valid ? Outcome.Done : Outcome.Failed;
  };
}

/**
 * The display form on a terminal: after each line, one dimmed line per host label kept in
 * Punycode, saying why (a pipe gets the display form alone).
 */
function displayNotesHandler(context: HandlerContext, entry: DisplayEntry): Handler {
  const { parse, out, style: s } = context;
  return (input) => {
    const record = parse(input);
    if (record === null) {
      out.write('\n');
      return Outcome.Failed;
    }
    const { display, punycodeLabels } = entry.explainDisplayURL(record);
    out.write(display + '\n');
    for (const kept of punycodeLabels) {
      out.write(s.dim(`    ${kept.label} (${kept.unicode}) stays in Punycode: ${kept.reason}: ${kept.message}`) + '\n');
    }
    return Outcome.Done;
  };
}
