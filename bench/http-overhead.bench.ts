import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { printBench } from './support';

interface LoadResult {
  requests: number;
  failures: number;
  latencies: number[];
}

// The load runs in a worker thread so the client does not compete with the server's thread.
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, clients, durationMs } = workerData;
(async () => {
  const latencies = []; let failures = 0;
  const end = Date.now() + durationMs;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (Date.now() < end) {
      const t0 = performance.now();
      const res = await fetch(url); await res.arrayBuffer();
      if (res.status !== 200) failures++;
      latencies.push(performance.now() - t0);
    }
  }));
  parentPort.postMessage({ requests: latencies.length, failures, latencies });
})();`;

function load(url: string, clients: number, durationMs: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: { url, clients, durationMs } });
    worker.once('message', (result: LoadResult) => {
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
  });
}

function report(label: string, result: LoadResult, durationMs: number): number {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const rps = Math.round(result.requests / (durationMs / 1000));
  console.log(
    `${label.padEnd(34)} ${String(rps).padStart(6)} req/s   p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, failures ${result.failures}`,
  );
  return rps;
}

/**
 * Requests per second through Tessera's whole HTTP pipeline (request id, locale, security
 * headers, strict query validation, zod response serialization, one database round trip:
 * GET /api/health) compared with a bare route on the same Fastify instance that skips the
 * database, and so with what the framework alone costs on this machine.
 */
export async function run(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-bench-'));
  const database = process.env.DATABASE_URL
    ? await openDatabase({ kind: 'postgresql', url: process.env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir });
  await migrateDatabase(database);
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'production', WEB_DIST_DIR: '/nonexistent' }),
    database,
    extraRoutes: (a) => {
      a.get('/api/bench/bare', async () => ({ status: 'ok' }));
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const clients = 16;
  const durationMs = 5_000;
  console.log(
    `database: ${database.kind}; ${clients} keep-alive clients in a worker thread; ${durationMs / 1000} s each`,
  );
  await load(`${base}/api/bench/bare`, clients, 1_000); // warm-up
  const bare = report(
    'reference: bare route, no database',
    await load(`${base}/api/bench/bare`, clients, durationMs),
    durationMs,
  );
  const health = report(
    'GET /api/health (one query)',
    await load(`${base}/api/health`, clients, durationMs),
    durationMs,
  );
  console.log(`health reaches ${Math.round((health / bare) * 100)}% of the bare route`);
  printBench({
    name: 'http-overhead',
    value: Math.round(health),
    unit: 'req/s',
    reference: 'a bare route of the same app, no database, same run',
    reference_value: Math.round(bare),
    // No issue sets a target here: the line says what one query through the whole pipeline costs.
    target: 'none (reported)',
    ok: health > 0,
    path: '/api/health',
    database: database.kind,
  });

  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
