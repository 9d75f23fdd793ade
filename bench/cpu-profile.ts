/**
 * A CPU profile of this process (where the benches run the server), taken with node:inspector
 * when `BENCH_CPU_PROFILE` names a file, and its self time summed by where the code comes
 * from: node-postgres, drizzle, Fastify, zod, pino, our own code, garbage collection, Node
 * itself. Open the file in Chrome's DevTools (Performance) for the whole picture.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Where a frame's code comes from, by its file (first match wins). */
const CATEGORIES: [string, RegExp][] = [
  ['node-postgres', /node_modules\/(pg|pg-pool|pg-protocol|pg-types|postgres-[a-z]+|pg-int8)\//],
  ['drizzle', /node_modules\/drizzle-orm\//],
  ['fastify', /node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|fast-json-stringify)/],
  ['zod', /node_modules\/(zod|fastify-type-provider-zod)\//],
  ['pino', /node_modules\/(pino|sonic-boom|thread-stream)/],
  ['PGlite', /node_modules\/@electric-sql\//],
  ['other packages', /node_modules\//],
  ['our code', /\/(server|common)\//],
  ['node (net, http, streams…)', /^node:|^internal\//],
];

function categoryOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(program)') return 'V8 / native (program)';
  for (const [name, pattern] of CATEGORIES) if (pattern.test(url)) return name;
  return url ? 'other' : 'native (no file)';
}

/** Self time per category, in ms and in % of the busy (not idle) time. */
export function summarize(profile: Profile): { category: string; ms: number; percent: number }[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const time = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, i) => {
    const node = byNode.get(id);
    if (!node) return;
    const category = categoryOf(node);
    // A sample's time is the gap to the next one.
    time.set(category, (time.get(category) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  });
  const busy = [...time].filter(([c]) => c !== 'idle').reduce((sum, [, ms]) => sum + ms, 0);
  return [...time]
    .filter(([c]) => c !== 'idle')
    .map(([category, ms]) => ({
      category,
      ms: Math.round(ms),
      percent: Number(((ms / busy) * 100).toFixed(1)),
    }))
    .sort((a, b) => b.ms - a.ms);
}

/** The hottest functions by self time, with their file and line: where to look first. */
export function hottest(profile: Profile, count = 15) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const time = new Map<string, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const node = byNode.get(id);
    if (!node || ['(idle)', '(program)'].includes(node.callFrame.functionName)) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|server|common)\//, '$1/')}:${lineNumber + 1}`;
    time.set(where, (time.get(where) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  });
  return [...time]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([where, ms]) => ({ where, ms: Math.round(ms) }));
}

/**
 * Starts profiling when `BENCH_CPU_PROFILE` is set; the returned function stops, writes the
 * profile there and prints the summary. Without it, both do nothing.
 */
export async function startCpuProfile(): Promise<() => Promise<void>> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    session.disconnect();
    await writeFile(file, JSON.stringify(profile));
    console.log(`CPU profile of the server's process written to ${file}; self time by origin:`);
    for (const row of summarize(profile))
      console.log(`  ${row.category.padEnd(28)} ${String(row.ms).padStart(7)} ms  ${row.percent}%`);
    console.log('hottest functions (self time):');
    for (const row of hottest(profile)) console.log(`  ${String(row.ms).padStart(6)} ms  ${row.where}`);
  };
}
