import { mkdtemp, rm, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { makeAccount, makeLiveEvent } from '../server/test/builders';
import { startCpuProfile } from './cpu-profile';
import { ensureWebBuild, type LoadFigures, loadUrl, median, printBench, startServer } from './support';

const CONNECTIONS = 100;
/** Each side is loaded in turns (Tessera, bare, Tessera, …): a machine whose load moves by the second moves both. */
const ROUNDS = 5;
const SECONDS = 2;
const TARGET_RATIO = 0.5;

export interface Sent {
  body: Buffer;
  type: string;
  encoding: string | undefined;
}

/** The bytes as they went over the wire (fetch would undo the compression). */
export function rawGet(url: string, headers: Record<string, string>): Promise<Sent & { status: number }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          type: response.headers['content-type'] ?? 'application/octet-stream',
          encoding: response.headers['content-encoding'],
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** Which answer the bare twin gives: by path and the `Accept-Encoding` the client sent. */
export const twinKey = (url: string, acceptEncoding: string | undefined) => `${url}\n${acceptEncoding ?? ''}`;

/**
 * A bare Fastify that answers each path, as asked for, with what Tessera sent: the same bytes,
 * type and encoding; for a read asked for with gzip, the same JSON gzipped by the twin itself
 * (zlib, once at start, as a bare server with its answer at hand would), with `Vary`.
 */
export async function bareTwin(pages: Map<string, Sent>) {
  const bare = Fastify({ logger: false });
  bare.get('/*', (request, reply) => {
    const page = pages.get(twinKey(request.url, request.headers['accept-encoding']));
    if (!page) return reply.code(404).send();
    if (page.encoding) reply.header('content-encoding', page.encoding).header('vary', 'accept-encoding');
    return reply.type(page.type).send(page.body);
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  return { bare, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

export const describe = (f: LoadFigures) => `${f.requestsPerSecond} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms`;

/** The rounds of one side as one figure: requests over the whole time, the median p50 and p99. */
export function together(rounds: LoadFigures[]): LoadFigures {
  const sum = (pick: (f: LoadFigures) => number) => rounds.reduce((total, f) => total + pick(f), 0);
  const middle = (pick: (f: LoadFigures) => number) => median(rounds.map(pick));
  return {
    requestsPerSecond: Math.round(sum((f) => f.requestsPerSecond) / rounds.length),
    total: sum((f) => f.total),
    p50: middle((f) => f.p50),
    p99: middle((f) => f.p99),
    non2xx: sum((f) => f.non2xx),
    errors: sum((f) => f.errors),
  };
}

/** The log's size now: it is written asynchronously, so give it a moment to land first. */
const logBytes = async (file: string) => {
  await new Promise((resolve) => setTimeout(resolve, 200));
  return (await stat(file).catch(() => ({ size: 0 }))).size;
};

/**
 * The reads a crowd sends when a ticket release opens (the event, its tickets, the page
 * itself), each by 100 keep-alive connections for 5 × 2 s, in turns with a bare Fastify in this
 * same process that sends the same bytes: what the whole of Tessera costs over the framework. The
 * event and its tickets are read twice: with no `Accept-Encoding` (no compression on either
 * side) and with `Accept-Encoding: gzip` (gzip on both sides). Tessera logs as `npm start`
 * does with `LOG_LEVEL` unset (info), to a file, so the log's cost is counted.
 */
export async function run(): Promise<void> {
  ensureWebBuild();
  const logDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-bench-log-'));
  const logFile = path.join(logDir, 'server.log');
  // A crowd comes from many addresses; here every request comes from one, so the limit per
  // address is raised out of the way. The limiter still runs and its cost is counted.
  const server = await startServer({
    env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '100000000' },
    logger: { level: 'info', file: logFile },
  });
  const owner = await makeAccount(server.app);
  const { event } = await makeLiveEvent(server.app, owner, {
    title: 'Release night',
    description: '<p>The first evening of the season, with <strong>three</strong> bands.</p>',
    settings: { offline_payments_enabled: true, offline_payment_instructions: 'Pay at the door.' },
    tickets: [
      { title: 'General admission', type: 'PAID', price: 2500, quantity_available: 10_000 },
      { title: 'Early bird', type: 'PAID', price: 1800, quantity_available: 500 },
      { title: 'Guest list', type: 'FREE' },
    ],
  });
  const gzip = { 'accept-encoding': 'gzip' };
  // As a phone's browser asks for the page.
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const api = `/api/public/events/${event.id}`;
  const reads: { name: string; path: string; headers: Record<string, string> }[] = [
    { name: 'public event', path: api, headers: {} },
    { name: 'public event gzip', path: api, headers: gzip },
    { name: 'public tickets', path: `${api}/tickets`, headers: {} },
    { name: 'public tickets gzip', path: `${api}/tickets`, headers: gzip },
    { name: 'event page html', path: `/e/${event.id}/${event.slug}`, headers: browser },
  ];
  const pages = new Map<string, Sent>();
  const notes = new Map<string, string>();
  for (const read of reads) {
    const { status, ...sent } = await rawGet(`${server.base}${read.path}`, read.headers);
    if (status !== 200) throw new Error(`${read.path} answered ${status}`);
    const key = twinKey(read.path, read.headers['accept-encoding']);
    if (read.headers === gzip) {
      // The twin compresses the plain JSON itself; Tessera's answer must be that JSON, gzipped.
      const plain = pages.get(twinKey(read.path, undefined));
      if (!plain) throw new Error(`${read.path}: the plain read comes first`);
      pages.set(key, { ...plain, body: gzipSync(plain.body), encoding: 'gzip' });
      if (sent.encoding !== 'gzip')
        notes.set(read.name, `Tessera answered ${sent.encoding ?? 'uncompressed'}`);
      else if (!gunzipSync(sent.body).equals(plain.body)) throw new Error(`${read.path}: gzip of other JSON`);
      notes.set(`${read.name} bytes`, `${sent.body.length} (twin ${pages.get(key)?.body.length})`);
    } else {
      if (!read.headers['accept-encoding'] && sent.encoding)
        throw new Error(`${read.path}: ${sent.encoding}`);
      pages.set(key, sent);
      notes.set(`${read.name} bytes`, String(sent.body.length));
    }
  }
  const twin = await bareTwin(pages);
  // BENCH_CPU_PROFILE profiles Tessera's side of one read (cpu-profile.ts): the first, or the
  // one BENCH_PROFILE_READ names.
  const profiled = reads.find((r) => r.name === process.env.BENCH_PROFILE_READ) ?? reads[0];
  console.log(
    `database: ${server.databaseKind}; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s a side`,
  );
  try {
    for (const read of reads) {
      const load = { connections: CONNECTIONS, headers: read.headers, seconds: SECONDS };
      await loadUrl(`${server.base}${read.path}`, { ...load, seconds: 1 }); // warm-up
      await loadUrl(`${twin.base}${read.path}`, { ...load, seconds: 1 });
      const logBefore = await logBytes(logFile);
      const oursRounds: LoadFigures[] = [];
      const bareRounds: LoadFigures[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        // The profile covers Tessera's first round only: the twin runs in this process too.
        const stopProfile = read === profiled && round === 0 ? await startCpuProfile() : async () => {};
        oursRounds.push(await loadUrl(`${server.base}${read.path}`, load));
        await stopProfile();
        bareRounds.push(await loadUrl(`${twin.base}${read.path}`, load));
      }
      const ours = together(oursRounds);
      const bare = together(bareRounds);
      const logPerRequest = ((await logBytes(logFile)) - logBefore) / Math.max(1, ours.total);
      console.log(`${read.name.padEnd(20)} Tessera ${describe(ours)}; bare Fastify ${describe(bare)}`);
      if (ours.non2xx + ours.errors > 0) console.log(`  ${ours.non2xx} non-2xx, ${ours.errors} errors`);
      const refused = notes.get(read.name);
      if (refused) console.log(`  ${refused}`);
      const ratio = ours.requestsPerSecond / bare.requestsPerSecond;
      printBench({
        name: `event-page ${read.name}`,
        value: ours.requestsPerSecond,
        unit: 'req/s',
        reference: 'bare Fastify sending the same bytes, same process',
        reference_value: bare.requestsPerSecond,
        target: `ratio >= ${TARGET_RATIO}`,
        ok: ratio >= TARGET_RATIO && ours.non2xx === 0 && ours.errors === 0 && !refused,
        p99_ms: ours.p99,
        round_ratios: oursRounds.map((f, i) =>
          Number((f.requestsPerSecond / (bareRounds[i]?.requestsPerSecond ?? 1)).toFixed(2)),
        ),
        load_1min: Number(os.loadavg()[0]?.toFixed(2)),
        bytes: notes.get(`${read.name} bytes`),
        log_bytes_per_request: Number(logPerRequest.toFixed(1)),
        accept_encoding: read.headers['accept-encoding'] ?? 'none',
        path: read.path.replace(String(event.id), '{id}').replace(event.slug, '{slug}'),
      });
    }
  } finally {
    await twin.bare.close();
    await server.close();
    await rm(logDir, { recursive: true, force: true });
  }
}
