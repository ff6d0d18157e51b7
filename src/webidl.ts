/**
 * The few Web IDL conversions the API classes need.
 *
 * https://webidl.spec.whatwg.org/#es-USVString
 */
import { toScalarValueString } from './infra.ts';

/**
 * Converts a JavaScript value to a USVString: ToString, then lone surrogates become U+FFFD.
 * Symbols throw a TypeError, as ToString does.
 */
export function toUSVString(value: unknown): string {
  return toScalarValueString(toDOMString(value));
}

/**
 * ToString, as for a DOMString: a template literal applies ToString itself, so a Symbol throws the
 * engine's own TypeError.
 */
export function toDOMString(value: unknown): string {
  return typeof value === 'string' ? value : `${value as string}`;
}

/** Throws the TypeError Web IDL throws when an operation gets fewer arguments than it requires. */
export function requireArguments(given: number, required: number, context: string): void {
  if (given < required) throw missingArguments(given, required, context);
}

/**
 * The TypeError of {@link requireArguments}, made in a function of its own: requireArguments is
 * then small enough for V8 to inline it without counting against the bytecode budget of callees
 * an optimized caller may inline. That leaves room for more of the parser's entry points:
 * `new URL(s).href` then inlines the href getter's serialization, and `new URL(reference,
 * base).href` the base's parse (--trace-turbo-inlining).
 */
function missingArguments(given: number, required: number, context: string): TypeError {
  return new TypeError(`${context}: ${required} argument${required === 1 ? '' : 's'} required, but only ${given} present.`);
}
