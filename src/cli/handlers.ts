/**
 * What the command does with each input, per output mode.
 */
import { parseURL as parseUTF8, serializeURL, urlFromRecord, type URL, type URLRecord, type ValidationError } from '../index.ts';
import { parseURL as parseWithEncoding } from '../legacy-encoding.ts';
import { publicSuffix, registrableDomain } from '../site.ts';
import { displayURL, explainDisplayURL } from '../display.ts';
import { validateURL } from '../validate.ts';
import { parseToSerialization } from '../url-parser.ts';
import { SerializedURL, serializationOf } from '../serialized-url.ts';
import { toScalarValueString } from '../infra.ts';
import { isSpecialScheme } from '../url-record.ts';
import { CodeUnit } from '../code-unit.ts';
import type { Component, Mode } from './args.ts';
import type { BatchedWriter } from './io.ts';
import { caretLines, type Style } from './terminal.ts';
import { URLPattern } from '../urlpattern.ts';
import { relativeURL } from '../relative-url.ts';

/** Parses one input (with the base and encoding of the command line). */
export type Parser = (input: string, onValidationError?: (error: ValidationError) => void) => URLRecord | null;

/** Builds the parser for `--base` and `--encoding`; throws for an unknown encoding label or a base that fails. */
export function makeParser(baseInput: string | undefined, encoding: string | undefined): {
  parse: Parser;
  base: URLRecord | null;
  /** Whether the parser uses a legacy encoding (so `validateURL`'s record is not the answer). */
  legacy: boolean;
} {
  let base: URLRecord | null = null;
  let parse: Parser;
  if (encoding === undefined) {
    parse = (input, onValidationError) => parseUTF8(input, { base, onValidationError });
  } else {
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

/** Handles one input, writing its output; returns false for a failure (counted in the summary). */
export type Handler = (input: string, label: string) => boolean;

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

export function makeHandler(context: HandlerContext): Handler {
  const { mode, parse, out, relativeTo } = context;
  switch (mode.kind) {
    case 'serialize':
      if (relativeTo !== null) return relativeHandler(context, relativeTo);
      return (input) => {
        // Without a legacy encoding, the parser's serialization when it knows it from the input.
        const parsed = context.legacy ? parse(input) : parseToSerialization(toScalarValueString(input), context.base);
        if (parsed === null) {
          out.write('\n');
          return false;
        }
        out.write((parsed instanceof SerializedURL ? serializationOf(parsed) : serializeURL(parsed)) + '\n');
        return true;
      };
    case 'component': {
      const component = mode.component;
      if (component === 'display' && context.tty) return displayNotesHandler(context);
      return (input) => {
        const record = parse(input);
        if (record === null) {
          out.write('\n');
          return false;
        }
        out.write((componentOf(record, component) ?? '') + '\n');
        return true;
      };
    }
    case 'json':
      return jsonHandler(context);
    case 'validate':
      return validateHandler(context);
    case 'pattern':
      return patternHandler(context, mode.pattern);
  }
}

export class PatternError extends Error {}

/** The component names of a URLPattern result, in the standard's order. */
const PATTERN_COMPONENTS = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;

/**
 * `--pattern`: a JSON line with the input and the groups of each component that has any (other
 * than components whose pattern is "*"), for an
 * input the pattern matches; nothing for one it does not (a failure). The pattern and the inputs
 * are relative to `--base` when given. Throws a PatternError for an invalid pattern.
 */
function patternHandler(context: HandlerContext, source: string): Handler {
  const baseURL = context.base === null ? undefined : serializeURL(context.base);
  let pattern: URLPattern;
  try {
    pattern = baseURL === undefined ? new URLPattern(source) : new URLPattern(source, baseURL);
  } catch (error) {
    throw new PatternError((error as Error).message);
  }
  const { out } = context;
  return (input) => {
    const result = baseURL === undefined ? pattern.exec(input) : pattern.exec(input, baseURL);
    if (result === null) return false;
    const object: Record<string, unknown> = { input };
    for (const component of PATTERN_COMPONENTS) {
      // Components left as "*" (any value) are not listed.
      const groups = result[component].groups;
      if (pattern[component] !== '*' && Object.keys(groups).length > 0) object[component] = groups;
    }
    out.write(JSON.stringify(object) + '\n');
    return true;
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

function componentOf(record: URLRecord, component: Component): string | null {
  switch (component) {
    case 'href':
      return serializeURL(record);
    case 'publicSuffix':
      return hasDomain(record) ? publicSuffix(record.host!) : null;
    case 'registrableDomain':
      return hasDomain(record) ? registrableDomain(record.host!) : null;
    case 'display':
      return displayURL(record);
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
      return false;
    }
    out.write(relativeURL(relativeTo, record) + '\n');
    return true;
  };
}

function jsonHandler(context: HandlerContext): Handler {
  const { parse, base, legacy, out, relativeTo } = context;
  return (input) => {
    const result = validateURL(input, { base });
    const errors = result.errors.map(jsonError);
    const record = legacy ? parse(input) : result.url;
    if (record === null) {
      out.write(JSON.stringify({ input, failure: true, errors }) + '\n');
      return false;
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
      object['publicSuffix'] = publicSuffix(record.host!);
      object['registrableDomain'] = registrableDomain(record.host!);
    }
    const { display, punycodeLabels } = explainDisplayURL(record);
    object['display'] = display;
    if (punycodeLabels.length > 0) object['punycodeLabels'] = punycodeLabels;
    out.write(JSON.stringify(object) + '\n');
    return true;
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
    return result.valid;
  };
}

/**
 * The display form on a terminal: after each line, one dimmed line per host label kept in
 * Punycode, saying why (a pipe gets the display form alone).
 */
function displayNotesHandler(context: HandlerContext): Handler {
  const { parse, out, style: s } = context;
  return (input) => {
    const record = parse(input);
    if (record === null) {
      out.write('\n');
      return false;
    }
    const { display, punycodeLabels } = explainDisplayURL(record);
    out.write(display + '\n');
    for (const kept of punycodeLabels) {
      out.write(s.dim(`    ${kept.label} (${kept.unicode}) stays in Punycode: ${kept.reason}: ${kept.message}`) + '\n');
    }
    return true;
  };
}
