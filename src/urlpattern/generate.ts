/**
 * URLPattern.prototype.generate (tentative: not in the standard yet; web-platform-tests define it
 * in `urlpattern-generate-test-data.json`).
 *
 * The component string is built from the component's part list: fixed text as it is, and each
 * named segment wildcard replaced by its prefix, the group's value encoded with the component's
 * encoding callback, and its suffix. The encoded value must be one the segment wildcard matches
 * (not empty, no delimiter code point). Full wildcards, regexp groups and modifiers have no single
 * string to give, and throw a TypeError, as does a missing group.
 */
import type { Component } from './component.ts';
import { Modifier, PartType } from './pattern-parser.ts';

/** Returns the component string for `groups`; throws a TypeError when there is none. */
export function generateAComponentString(component: Component, groups: ReadonlyMap<string, string>): string {
  let result = '';
  const delimiter = component.options.delimiterCodePoint;
  for (const part of component.partList) {
    if (part.modifier !== Modifier.None) {
      throw new TypeError('generate() does not support patterns with modifiers');
    }
    if (part.type === PartType.FixedText) {
      result += part.value;
      continue;
    }
    if (part.type !== PartType.SegmentWildcard) {
      throw new TypeError('generate() does not support full wildcards or regular expression groups');
    }
    const value = groups.get(part.name);
    if (value === undefined) throw new TypeError(`generate(): no value for the group ${JSON.stringify(part.name)}`);
    const encoded = component.encodingCallback(value);
    if (encoded === '' || (delimiter !== '' && encoded.includes(delimiter))) {
      throw new TypeError(`generate(): ${JSON.stringify(value)} does not match the group ${JSON.stringify(part.name)}`);
    }
    result += part.prefix + encoded + part.suffix;
  }
  return result;
}
