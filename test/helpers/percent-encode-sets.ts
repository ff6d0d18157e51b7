/**
 * The names of the URL Standard's percent-encode sets (§1.3), written out here from the standard's
 * text so that tests do not take them from the code under test.
 *
 * https://url.spec.whatwg.org/#percent-encoded-bytes
 */
import type { PercentEncodeSetName } from '../../src/percent-encoding.ts';

export const PERCENT_ENCODE_SET_NAMES: readonly PercentEncodeSetName[] = [
  'c0-control',
  'fragment',
  'query',
  'special-query',
  'path',
  'userinfo',
  'component',
  'application/x-www-form-urlencoded',
];
