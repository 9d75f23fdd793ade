import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { Memory, Question, Ready } from './export-server';
import { median, printBench } from './support';

const ATTENDEES = 100_000;
const EXPORTS = 3;
/** List pages asked for before the first export, as a server in use has answered. */
const WARM_UP_PAGES = 300;
const BUDGET_MB = 100;
const RSS_BUDGET_MB = 20;
const TARGET_SECONDS = 10;
const MB = 1024 * 1024;

const mb = (bytes: number) => Number((bytes / MB).toFixed(1));
const breakdown = (m: Memory) =>
  `rss ${mb(m.rss)}, heap ${mb(m.heapUsed)} used of ${mb(m.heapTotal)}, external ${mb(m.external)} ` +
  `(array buffers ${mb(m.arrayBuffers)}) MB; spaces ${Object.entries(m.spaces)
    .map(([name, size]) => `${name} ${size.toFixed(1)}`)
    .join(', ')}`;

/** The server process (`export-server.ts`) and a way to ask it about its memory. */
async function startChild(): Promise<{
  child: ChildProcess;
  ready: Ready;
  ask: (q: Question) => Promise<Memory>;
}> {
  const child = fork(path.join(import.meta.dirname, 'export-server.ts'), [String(ATTENDEES)], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the export server stopped (exit code ${code})`);
  });
  exited.catch(() => {});
  const next = <T>() => Promise.race([once(child, 'message').then(([message]) => message as T), exited]);
  const ready = await next<Ready>();
  const ask = (question: Question) => {
    const answer = next<Memory>();
    child.send(question);
    return answer;
  };
  return { child, ready, ask };
}

const said = (run: { rows: number; bytes: number; seconds: number } | undefined) =>
  run ? `${run.rows} rows, ${mb(run.bytes)} MB in ${run.seconds.toFixed(1)} s` : '';

/** One export read to its last byte: its time, rows and bytes. */
async function download(ready: Ready) {
  const started = performance.now();
  const response = await fetch(`${ready.base}/api/events/${ready.eventId}/attendees/export?format=csv`, {
    headers: { authorization: `Bearer ${ready.token}` },
  });
  let bytes = 0;
  let lines = 0;
  const reader = response.body?.getReader();
  if (!reader) throw new Error(`no body (status ${response.status})`);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines += 1;
  }
  return { rows: lines - 1, bytes, seconds: (performance.now() - started) / 1000 };
}

/**
 * The attendee export of 100,000 attendees with their answers, streamed over real HTTP from a
 * server in a process of its own (after 300 list pages, as a server in use has served): three
 * times in a row as a server runs them, three times each followed by a full collection, and
 * once with its heap sampled. Figures: how long each takes; the server's resident memory
 * before and after each series, as the exports left it and collected (budget: 20 MB of growth
 * over three, both ways); how much its heap and buffers grew at the peak of the sampled one
 * (budget: 100 MB, whatever the number of rows). On a fresh PostgreSQL database with
 * `BENCH_DATABASE_URL`, else the embedded one (`support.ts`).
 */
export async function run(): Promise<void> {
  const { child, ready, ask } = await startChild();
  try {
    console.log(`database: ${ready.databaseKind}; ${ATTENDEES} attendees seeded in ${ready.seededMs} ms`);
    // A server in use has answered requests before anybody exports: V8's young generation has
    // grown to its working size then, whatever the requests were (bench/README.md).
    for (let page = 1; page <= WARM_UP_PAGES; page += 1) {
      const response = await fetch(
        `${ready.base}/api/events/${ready.eventId}/attendees?page=${page}&per_page=100`,
        { headers: { authorization: `Bearer ${ready.token}` } },
      );
      await response.arrayBuffer();
    }
    // Three exports in a row as a server runs them: nothing collects garbage on purpose, and
    // what each leaves resident is what the next one starts from.
    const before = await ask('collected');
    console.log(`before the exports: ${breakdown(before)}`);
    const runs = [];
    const left: Memory[] = [];
    for (let i = 1; i <= EXPORTS; i += 1) {
      runs.push(await download(ready));
      left.push(await ask('memory'));
      console.log(`export ${i}: ${said(runs.at(-1))}\n  as left: ${breakdown(left.at(-1) as Memory)}`);
    }
    // Three more, each followed by a full collection: what the exports still hold.
    const start = await ask('collected');
    console.log(`collected: ${breakdown(start)}`);
    const after: Memory[] = [];
    for (let i = 1; i <= EXPORTS; i += 1) {
      runs.push(await download(ready));
      after.push(await ask('collected'));
      console.log(
        `export ${EXPORTS + i}: ${said(runs.at(-1))}\n  collected: ${breakdown(after.at(-1) as Memory)}`,
      );
    }
    // And one with its heap sampled (a full collection each second) for the peak.
    const sampledFrom = await ask('sample');
    const sampled = await download(ready);
    const peak = await ask('peak');
    const grownMb = ((peak.peak ?? 0) - (sampledFrom.heapUsed + sampledFrom.external)) / MB;
    console.log(`export ${2 * EXPORTS + 1}, sampled: ${said(sampled)}, peak growth ${grownMb.toFixed(1)} MB`);

    const seconds = median(runs.map((r) => r.seconds));
    const everyRow = [...runs, sampled].every((r) => r.rows === ATTENDEES);
    printBench({
      name: 'export',
      value: Number(seconds.toFixed(1)),
      unit: 's',
      target: `< ${TARGET_SECONDS} s, memory growth < ${BUDGET_MB} MB, every row`,
      ok: everyRow && grownMb < BUDGET_MB && seconds < TARGET_SECONDS,
      database: ready.databaseKind,
      attendees: ATTENDEES,
      rows: runs[0]?.rows,
      seconds: runs.map((r) => Number(r.seconds.toFixed(1))),
      rows_per_second: Math.round(ATTENDEES / seconds),
      megabytes: mb(runs[0]?.bytes ?? 0),
      memory_growth_mb: Number(grownMb.toFixed(1)),
      memory_budget_mb: BUDGET_MB,
    });
    const leftRss = [before, ...left].map((m) => mb(m.rss));
    const collectedRss = [start, ...after].map((m) => mb(m.rss));
    const grown = (series: number[]) => Number(((series.at(-1) ?? 0) - (series[0] ?? 0)).toFixed(1));
    const oldGeneration = (m: Memory) =>
      Number(((m.spaces.old ?? 0) + (m.spaces.large_object ?? 0)).toFixed(1));
    const rssOk = grown(leftRss) < RSS_BUDGET_MB && grown(collectedRss) < RSS_BUDGET_MB;
    printBench({
      name: 'export-rss',
      value: grown(leftRss),
      unit: 'MB',
      target: `resident memory ${EXPORTS} exports in a row later < ${RSS_BUDGET_MB} MB above before, as left and collected`,
      ok: rssOk,
      database: ready.databaseKind,
      rss_as_left_mb: leftRss,
      rss_collected_mb: collectedRss,
      rss_collected_growth_mb: grown(collectedRss),
      old_generation_as_left_mb: [before, ...left].map(oldGeneration),
    });
    if (!everyRow)
      console.log(`FAIL: ${[...runs, sampled].map((r) => r.rows).join(', ')} rows, ${ATTENDEES} expected`);
    if (grownMb >= BUDGET_MB) console.log(`FAIL: memory grew by ${grownMb.toFixed(1)} MB`);
    if (!rssOk)
      console.log(
        `FAIL: resident memory grew by ${grown(leftRss)} MB as left, ${grown(collectedRss)} MB collected`,
      );
    if (!everyRow || grownMb >= BUDGET_MB || !rssOk || seconds >= TARGET_SECONDS) process.exitCode = 1;
    await ask('close').catch(() => {});
  } finally {
    if (child.exitCode === null) child.kill();
  }
}
