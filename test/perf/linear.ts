/**
 * The linear-time check of `npm run test:perf`: a function's time on an input GROWTH times larger,
 * as a ratio to its time on the smaller input, never a wall-clock limit, which would depend on the
 * machine. Linear work reads about GROWTH (64), n log n a little more, quadratic work GROWTH²
 * (4,096); the check accepts a ratio under RATIO_LIMIT (512, GROWTH^1.5), a factor of 8 from
 * both. Linear code whose cost per unit steps up between the two sizes (its data outgrows a cache
 * or the young generation of the garbage collector) passes as long as the step is under that
 * factor; quadratic work that runs more cheaply than it looks at the small size still fails.
 *
 * What keeps the verdict stable on a loaded machine:
 * - every result is kept until its sample ends, so that the small input's GROWTH times as many
 *   runs hold as much memory as the large input's runs: the collector's work, and the kernel's
 *   mapping of fresh pages, for what stays alive then grow alike at both sizes instead of falling
 *   on the large input alone (a list of a validation error per code unit, kept by one run,
 *   outgrows the young generation, where GROWTH lists of a small run's errors did not);
 * - each sample of the small input repeats the run GROWTH times as often as a sample of the large
 *   one, so both kinds of sample do the same work for linear code, take the same time, and are
 *   slowed alike by other processes (a short sample could fit between two preemptions and a long
 *   one could not);
 * - samples of the two sizes alternate, garbage is collected before each, and the fastest sample of
 *   each size counts: load and collections only ever add time;
 * - a ratio over the limit is measured again, after a pause, up to ATTEMPTS times in all: load
 *   inflates attempts at random, while quadratic work reads about GROWTH² in every attempt.
 *
 * Both sizes are taken at the top of the range a test gives, where the code runs the paths it
 * takes for long inputs: a pair of sizes lower down could miss quadratic work on a path that only
 * long inputs take. The largest size is lowered when runs at a smaller size already take more than
 * LADDER_MS, so that quadratic code fails in seconds instead of running for hours on a megabyte;
 * the verdict itself compares times of the same function only.
 */
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The factor between the small and the large input. */
export const GROWTH = 64;
/**
 * A measurement passes when time(large) / time(small) is under this: GROWTH^1.5, as far from GROWTH
 * as from GROWTH².
 */
export const RATIO_LIMIT = Math.round(GROWTH ** 1.5);
/** Samples of each size in one measurement. */
const SAMPLES = 7;
/** Measurements before the check fails. */
const ATTEMPTS = 4;
/** The time a sample takes at least (fast runs are repeated): the timer's resolution is far below it. */
const SAMPLE_MS = 20;
/** Two runs in a row that each take longer than this at a size below `largest` make that size the largest. */
const LADDER_MS = 100;

/** A full garbage collection: `global.gc` under --expose-gc, else the same function from a new context. */
const collectGarbage: () => void = (() => {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/** A flat copy of `input`, so that no timed run pays for flattening a rope built by concatenation. */
function flat<I>(input: I): I {
  return (typeof input === 'string' ? JSON.parse(JSON.stringify(input)) : input) as I;
}

/** What a check times: `run` on the argument that `setup` makes, outside the timing, from `make(n)`. */
interface Subject<I, A> {
  make: (n: number) => I;
  run: (arg: A) => unknown;
  setup: ((input: I) => A) | undefined;
}

/**
 * The total time of `reps` runs on `input`, each on a fresh argument when there is a setup, with
 * every result kept until the last run ends.
 */
function sample<I, A>(subject: Subject<I, A>, input: I, reps: number): number {
  const { run, setup } = subject;
  const results: unknown[] = new Array(reps);
  if (setup === undefined) {
    const start = performance.now();
    for (let i = 0; i < reps; i++) results[i] = run(input as unknown as A);
    return performance.now() - start;
  }
  let total = 0;
  for (let i = 0; i < reps; i++) {
    const arg = setup(input);
    const start = performance.now();
    results[i] = run(arg);
    total += performance.now() - start;
  }
  return total;
}

/**
 * The size the measurements end at: `largest`, or the first size of the doubling ladder from
 * `largest / 512` up at which two runs in a row each take more than LADDER_MS (one slow run can be
 * a pause of the machine), but never below GROWTH². The ladder also warms the code up on inputs of
 * every size.
 */
function topSize<I, A>(subject: Subject<I, A>, largest: number): number {
  const sizes: number[] = [];
  for (let size = largest; size >= 1 && sizes.length < 10; size = Math.floor(size / 2)) sizes.unshift(size);
  for (const size of sizes) {
    if (size === largest) break;
    const input = flat(subject.make(size));
    if (sample(subject, input, 1) > LADDER_MS && sample(subject, input, 1) > LADDER_MS) {
      return Math.min(largest, Math.max(size, GROWTH ** 2));
    }
  }
  return largest;
}

/** One measurement, of `small` against GROWTH × `small`: per-run times and their ratio. */
interface Measurement {
  small: number;
  smallMs: number;
  largeMs: number;
  ratio: number;
  reps: number;
}

function measure<I, A>(subject: Subject<I, A>, small: number): Measurement {
  const inputs = [flat(subject.make(small)), flat(subject.make(small * GROWTH))] as const;
  sample(subject, inputs[0], GROWTH);
  const once = Math.min(sample(subject, inputs[1], 1), sample(subject, inputs[1], 1));
  // Runs of the large input a sample; the small input runs GROWTH times as often.
  const reps = Math.min(1_000, Math.max(1, Math.ceil(SAMPLE_MS / Math.max(once, 0.001))));
  const best = [Infinity, Infinity];
  for (let i = 0; i < SAMPLES; i++) {
    // Alternate which size goes first, so that a slow phase does not always fall on the same one.
    for (const which of i % 2 === 0 ? [0, 1] : [1, 0]) {
      collectGarbage();
      const runs = which === 0 ? reps * GROWTH : reps;
      best[which] = Math.min(best[which]!, sample(subject, inputs[which]!, runs) / runs);
    }
  }
  const [smallMs, largeMs] = best as [number, number];
  return { small, smallMs, largeMs, ratio: largeMs / smallMs, reps };
}

function describeMeasurement(m: Measurement): string {
  return (
    `n=${m.small}: ${m.smallMs.toFixed(3)} ms, ${GROWTH}n: ${m.largeMs.toFixed(3)} ms, ` +
    `ratio ${m.ratio.toFixed(1)} (${m.reps * GROWTH} and ${m.reps} runs a sample)`
  );
}

/**
 * Whether `run` takes time linear in its input, up to the input `make(largest)`, with what was
 * measured: `largest / GROWTH` against `largest` (or the ladder's lower top), up to ATTEMPTS times,
 * until one measurement reads under RATIO_LIMIT.
 */
export async function measureLinearity<I, A>(
  make: (n: number) => I,
  largest: number,
  run: (arg: A) => unknown,
  setup?: (input: I) => A,
): Promise<{ linear: boolean; detail: string }> {
  if (largest < GROWTH ** 2) throw new RangeError(`the largest size, ${largest}, is under ${GROWTH ** 2}`);
  const subject: Subject<I, A> = { make, run, setup };
  const top = topSize(subject, largest);
  const details: string[] = [];
  if (top < largest) details.push(`two runs at ${top} took over ${LADDER_MS} ms: the sizes end there`);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    // A pause before measuring again lets a busy phase of the machine pass.
    if (attempt > 0) await delay(250 * attempt);
    const m = measure(subject, Math.floor(top / GROWTH));
    details.push(describeMeasurement(m));
    if (m.ratio < RATIO_LIMIT) return { linear: true, detail: details.join('; ') };
  }
  return { linear: false, detail: details.join('; ') };
}

/** Asserts {@link measureLinearity}: GROWTH times the input takes less than RATIO_LIMIT times as long. */
export async function assertLinear<I, A>(
  t: TestContext,
  make: (n: number) => I,
  largest: number,
  run: (arg: A) => unknown,
  setup?: (input: I) => A,
): Promise<void> {
  const { linear, detail } = await measureLinearity(make, largest, run, setup);
  t.diagnostic(detail);
  assert.ok(linear, `time(${GROWTH}n)/time(n) is ${RATIO_LIMIT} or more in every measurement: ${detail}`);
}
