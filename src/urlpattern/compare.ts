/**
 * URLPattern.compareComponent (tentative: not in the standard yet; web-platform-tests define it in
 * `urlpattern-compare-test-data.json`).
 *
 * Two components are compared part by part. Parts compare by type (fixed text > regexp > segment
 * wildcard > full wildcard), then modifier (none > one or more > optional > zero or more), then
 * their prefix, value and suffix as strings (code unit order; they are ASCII once encoded). Group
 * names are not compared. When one part list is a prefix of the other, the next part of the longer
 * one is compared with an empty fixed-text part, so "/foo/" orders after "/foo/*".
 */
import type { Component } from './component.ts';
import { Modifier, PartType, type Part } from './pattern-parser.ts';

const EMPTY_FIXED_PART: Part = { type: PartType.FixedText, value: '', modifier: Modifier.None, name: '', prefix: '', suffix: '' };

function compareNumbers(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares two parts. */
function compareParts(left: Part, right: Part): number {
  return (
    compareNumbers(left.type, right.type) ||
    compareNumbers(left.modifier, right.modifier) ||
    compareStrings(left.prefix, right.prefix) ||
    compareStrings(left.value, right.value) ||
    compareStrings(left.suffix, right.suffix)
  );
}

/** Compares two components' part lists: -1, 0 or 1. */
export function compareComponents(left: Component, right: Component): number {
  const a = left.partList;
  const b = right.partList;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const result = compareParts(a[i]!, b[i]!);
    if (result !== 0) return result;
  }
  if (a.length < b.length) return compareParts(EMPTY_FIXED_PART, b[n]!);
  if (a.length > b.length) return compareParts(a[n]!, EMPTY_FIXED_PART);
  return 0;
}
