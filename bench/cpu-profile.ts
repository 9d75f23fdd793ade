/**
 * A CPU profile of this process (where the benches run the server), taken with node:inspector
 * when `BENCH_CPU_PROFILE` names a file, and its self time summed by where the code comes
 * from: node-postgres, drizzle, Fastify, zod, pino, our own code, garbage collection, Node
 * itself. Open the file in Chrome's DevTools (Performance) for the whole picture.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

const NODE_ITSELF = /^node:|^internal\//;

/** Where a frame's code comes from, by its file (first match wins). */
const CATEGORIES: [string, RegExp][] = [
  ['node-postgres', /node_modules\/(pg|pg-pool|pg-protocol|pg-types|postgres-[a-z]+|pg-int8)\//],
  ['drizzle', /node_modules\/drizzle-orm\//],
  ['fastify', /node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|fast-json-stringify)/],
  ['zod', /node_modules\/(zod|fastify-type-provider-zod)\//],
  ['pino', /node_modules\/(pino|@pinojs|fast-redact|sonic-boom|thread-stream)/],
  ['PGlite', /node_modules\/@electric-sql\//],
  ['other packages', /node_modules\//],
  ['our code', /\/(server|common)\//],
  ['node (net, http, streams…)', NODE_ITSELF],
];

function categoryOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(program)') return 'V8 / native (program)';
  for (const [name, pattern] of CATEGORIES) if (pattern.test(url)) return name;
  return url ? 'other' : 'native (no caller with a file)';
}

const OURS = /\/(server|common)\//;
const where = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|server|common)\//, '$1/')}:${lineNumber + 1}`;
};

/** Sums the profile's time (each sample lasts until the next) by a key of the sampled stack. */
function sumBy(
  profile: Profile,
  key: (node: ProfileNode, parentOf: Map<number, ProfileNode>) => string | null,
) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const time = new Map<string, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const node = byNode.get(id);
    const name = node ? key(node, parentOf) : null;
    if (name !== null) time.set(name, (time.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  });
  return [...time].sort((a, b) => b[1] - a[1]);
}

/**
 * The nearest frame up the stack in a package or in our code: native code and Node's own
 * (a socket's writev, say) count for whoever called them.
 */
function caller(node: ProfileNode, parentOf: Map<number, ProfileNode>): ProfileNode | undefined {
  let at: ProfileNode | undefined = node;
  while (at && (!at.callFrame.url || NODE_ITSELF.test(at.callFrame.url))) at = parentOf.get(at.id);
  return at;
}

/**
 * Self time per origin, in ms and in % of the busy (not idle) time. Native code and Node's
 * own (a socket's writev, say) count for the package whose code called them.
 */
export function summarize(profile: Profile): { category: string; ms: number; percent: number }[] {
  const rows = sumBy(profile, (node, parentOf) => {
    const own = categoryOf(node);
    if (!own.startsWith('native') && !own.startsWith('node')) return own;
    const by = caller(node, parentOf);
    return by ? categoryOf(by) : own;
  }).filter(([c]) => c !== 'idle');
  const busy = rows.reduce((sum, [, ms]) => sum + ms, 0);
  return rows.map(([category, ms]) => ({
    category,
    ms: Math.round(ms),
    percent: Number(((ms / busy) * 100).toFixed(1)),
  }));
}

/** The hottest functions by self time, with their file and line: where to look first. */
export function hottest(profile: Profile, count = 15) {
  return sumBy(profile, (node) =>
    ['(idle)', '(program)'].includes(node.callFrame.functionName) ? null : where(node),
  )
    .slice(0, count)
    .map(([at, ms]) => ({ where: at, ms: Math.round(ms) }));
}

/**
 * Time under each of our functions nearest the sampled frame (inclusive of the libraries it
 * calls): which line of ours spends the time drizzle, node-postgres or zod show.
 */
export function oursInclusive(profile: Profile, count = 15) {
  return sumBy(profile, (node, parentOf) => {
    let at: ProfileNode | undefined = node;
    while (at && !OURS.test(at.callFrame.url)) at = parentOf.get(at.id);
    return at ? where(at) : null;
  })
    .slice(0, count)
    .map(([at, ms]) => ({ where: at, ms: Math.round(ms) }));
}

/** Prints the three summaries of a profile. */
export function printSummary(profile: Profile): void {
  console.log("self time by origin (native and Node's own code counted for its caller):");
  for (const row of summarize(profile))
    console.log(`  ${row.category.padEnd(32)} ${String(row.ms).padStart(7)} ms  ${row.percent}%`);
  console.log('hottest functions (self time):');
  for (const row of hottest(profile)) console.log(`  ${String(row.ms).padStart(6)} ms  ${row.where}`);
  console.log('our functions nearest the sampled frame (time including the libraries they call):');
  for (const row of oursInclusive(profile)) console.log(`  ${String(row.ms).padStart(6)} ms  ${row.where}`);
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
    console.log(`CPU profile of the server's process written to ${file}`);
    printSummary(profile);
  };
}

// `npx tsx bench/cpu-profile.ts FILE.cpuprofile` summarizes a profile written before.
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  printSummary(JSON.parse(await readFile(process.argv[2] ?? '', 'utf8')) as Profile);
}
