// Side-by-side measurement: a subject and its baseline, alternated in one run, reported as ratios of medians and p95s.
import { performance } from 'node:perf_hooks';

export type Sample = { median: number; p95: number; runs: number };
export type Comparison = {
  name: string;
  subject: Sample;
  baseline: Sample;
  ratio: number;
  ratioP95: number;
  goal?: number;
};

/** The median and 95th percentile of `values` (milliseconds or any unit). */
export function summarize(values: readonly number[]): Sample {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95), runs: sorted.length };
}

/** Times one run of `work` in milliseconds. */
export async function timed(work: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/**
 * Runs `subject` and `baseline` alternately (`warmup` uncounted rounds first, the side that goes first
 * swapping each round) and compares them. Each function returns its own measurement, so a side may time
 * only the part that counts; use `timed` for the whole call.
 */
export async function compare(options: {
  name: string;
  subject: () => Promise<number>;
  baseline: () => Promise<number>;
  runs: number;
  warmup?: number;
  goal?: number;
}): Promise<Comparison> {
  const subject: number[] = [];
  const baseline: number[] = [];
  for (let round = -(options.warmup ?? 3); round < options.runs; round++) {
    const first = round % 2 === 0;
    const a = first ? await options.subject() : await options.baseline();
    const b = first ? await options.baseline() : await options.subject();
    if (round < 0) continue;
    subject.push(first ? a : b);
    baseline.push(first ? b : a);
  }
  const s = summarize(subject);
  const base = summarize(baseline);
  return {
    name: options.name,
    subject: s,
    baseline: base,
    ratio: s.median / base.median,
    ratioP95: s.p95 / base.p95,
    goal: options.goal,
  };
}

/** One line per comparison: the ratio, its goal and whether it is met, and the absolute medians. */
export function report(comparisons: readonly Comparison[]): void {
  for (const c of comparisons) {
    const goal =
      c.goal === undefined ? '' : `  goal ≤ ${c.goal.toFixed(2)}× ${c.ratio <= c.goal ? 'met' : 'NOT met'}`;
    console.log(
      `${c.name}: ${c.ratio.toFixed(2)}× (p95 ${c.ratioP95.toFixed(2)}×)${goal}  — ${c.subject.median.toFixed(2)} vs ${c.baseline.median.toFixed(2)} median over ${c.subject.runs} runs`,
    );
  }
}
