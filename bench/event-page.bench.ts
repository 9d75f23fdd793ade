import { request as httpRequest } from 'node:http';
import Fastify from 'fastify';
import { makeAccount, makeLiveEvent } from '../server/test/builders';
import { startCpuProfile } from './cpu-profile';
import { ensureWebBuild, type LoadFigures, loadUrl, printBench, startServer } from './support';

const CONNECTIONS = 100;
const SECONDS = 5;
const TARGET_RATIO = 0.5;

interface Sent {
  body: Buffer;
  type: string;
  encoding: string | undefined;
}

/** The bytes as they went over the wire (fetch would undo the compression). */
function rawGet(url: string, headers: Record<string, string>): Promise<Sent & { status: number }> {
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

/** A bare Fastify that answers each path with the very bytes, type and encoding Tessera sent. */
async function bareTwin(pages: Map<string, Sent>) {
  const bare = Fastify({ logger: false });
  bare.get('/*', (request, reply) => {
    const page = pages.get(request.url);
    if (!page) return reply.code(404).send();
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply.type(page.type).send(page.body);
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  return { bare, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

const describe = (f: LoadFigures) => `${f.requestsPerSecond} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms`;

/**
 * The three reads a crowd sends when a ticket release opens (the event, its tickets, the page
 * itself), each by 100 keep-alive connections for 5 s, against a bare Fastify in this same
 * process that sends the same bytes: what the whole of Tessera costs over the framework.
 */
export async function run(): Promise<void> {
  // A crowd comes from many addresses; here every request comes from one, so the limit per
  // address is raised out of the way. The limiter still runs and its cost is counted.
  ensureWebBuild();
  const server = await startServer({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '100000000' } });
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
  // As a phone's browser asks: the page compressed; the API's small answers come as they are.
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const reads = [
    { name: 'public event', path: `/api/public/events/${event.id}`, headers: {} },
    { name: 'public tickets', path: `/api/public/events/${event.id}/tickets`, headers: {} },
    { name: 'event page html', path: `/e/${event.id}/${event.slug}`, headers: browser },
  ];
  const pages = new Map<string, Sent>();
  for (const read of reads) {
    const { status, ...sent } = await rawGet(`${server.base}${read.path}`, read.headers);
    if (status !== 200) throw new Error(`${read.path} answered ${status}`);
    pages.set(read.path, sent);
  }
  const twin = await bareTwin(pages);
  console.log(`database: ${server.databaseKind}; ${CONNECTIONS} connections, ${SECONDS} s each`);
  try {
    for (const read of reads) {
      await loadUrl(`${server.base}${read.path}`, { connections: CONNECTIONS, seconds: 1 }); // warm-up
      // BENCH_CPU_PROFILE profiles Tessera's side of the first read (cpu-profile.ts).
      const stopProfile = read === reads[0] ? await startCpuProfile() : async () => {};
      const ours = await loadUrl(`${server.base}${read.path}`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
      await stopProfile();
      const bare = await loadUrl(`${twin.base}${read.path}`, { connections: CONNECTIONS, seconds: SECONDS });
      console.log(`${read.name.padEnd(16)} Tessera ${describe(ours)}; bare Fastify ${describe(bare)}`);
      if (ours.non2xx + ours.errors > 0) console.log(`  ${ours.non2xx} non-2xx, ${ours.errors} errors`);
      const ratio = ours.requestsPerSecond / bare.requestsPerSecond;
      printBench({
        name: `event-page ${read.name}`,
        value: ours.requestsPerSecond,
        unit: 'req/s',
        reference: 'bare Fastify sending the same bytes, same process',
        reference_value: bare.requestsPerSecond,
        target: `ratio >= ${TARGET_RATIO}`,
        ok: ratio >= TARGET_RATIO && ours.non2xx === 0 && ours.errors === 0,
        p99_ms: ours.p99,
        path: read.path.replace(String(event.id), '{id}').replace(event.slug, '{slug}'),
      });
    }
  } finally {
    await twin.bare.close();
    await server.close();
  }
}
