/**
 * Lighthouse's mobile preset on one page, in the system Chromium: what the web and seating
 * benches measure a page with.
 */
import lighthouse from 'lighthouse';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const RUNS = 3;

export const round = (value: number, digits = 0) => Number(value.toFixed(digits));

const MAX_FAILURES = 3;

export interface RunFigures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  /** Bytes the page downloaded, all requests. */
  bytes: number;
}

/** One Lighthouse run of the mobile preset, performance only. */
export async function audit(url: string, port: number): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse returned no result');
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  if (process.env.WEB_BENCH_DETAILS) {
    // What keeps the main thread busy: long tasks and script time per file.
    for (const id of ['long-tasks', 'bootup-time', 'largest-contentful-paint-element']) {
      const details = lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
      console.log(id, JSON.stringify(details?.items?.slice(0, 8)));
    }
  }
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcp: numeric('first-contentful-paint'),
    bytes: numeric('total-byte-weight'),
  };
}

/** One run not counted, then `RUNS` runs of a page (a failed run is run again, a few times). */
export async function auditRuns(url: string, port: number): Promise<RunFigures[]> {
  const runs: RunFigures[] = [];
  // One run not counted: the first in a fresh Chromium is slower (code caches, JIT).
  let failures = 0;
  for (let i = -1; i < RUNS; i++) {
    const figures = await audit(url, port).catch((error: unknown) => {
      // Lighthouse now and then loses the trace on a busy machine (NO_NAVSTART): run again.
      if (++failures > MAX_FAILURES) throw error;
      console.log(`run ${i + 1} failed, once more: ${error instanceof Error ? error.message : error}`);
      return null;
    });
    if (!figures) {
      i -= 1;
      continue;
    }
    if (i < 0) continue;
    runs.push(figures);
    console.log(
      `run ${i + 1}: score ${figures.score}, FCP ${round(figures.fcp)} ms, LCP ${round(figures.lcp)} ms, ` +
        `TBT ${round(figures.tbt)} ms, CLS ${round(figures.cls, 3)}`,
    );
  }
  return runs;
}
