import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { adminQuery, dropDatabase, randomDatabaseName, withDatabase } from './test/databases';
import { descendantsOf, isRunning, type RunningTessera, startTessera } from './test/process';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-main-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>built</title>');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `server/main.ts` against the stand-in web build, with only the environment a test gives it. */
function start(env: Record<string, string>, options: { viaNpm?: boolean } = {}) {
  return startTessera(
    { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), WEB_DIST_DIR: dir, ...env },
    60_000,
    options,
  );
}

/** Whether anything accepts a connection on this port. */
function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const stop = (running: RunningTessera, signal: NodeJS.Signals) => running.stop(signal);

// Each test starts real processes (and the first start of PGlite takes seconds): generous limits.
describe('npm start', { timeout: 120_000 }, () => {
  it('npm start serves the API on the embedded database, prints where things are, and stops cleanly on SIGTERM', async () => {
    const dataDir = path.join(dir, 'data');
    // As a service manager or a container runs it: `npm start`, which is the process signalled.
    const running = await start({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, { viaNpm: true });
    const processes = await descendantsOf(running.child.pid ?? 0);
    expect(processes.length).toBeGreaterThan(0);
    // Should the test fail, it leaves nothing running behind it.
    onTestFinished(async () => {
      for (const pid of processes) if (await isRunning(pid)) process.kill(pid, 'SIGKILL');
    });
    expect(running.output()).toContain(`Database: embedded PGlite in ${dataDir}`);
    expect(running.output()).toContain('Mail:');
    // The banner says where the app is; Fastify's JSON line per interface is not printed.
    expect(running.output()).not.toContain('Server listening');
    // The first start of an empty database creates the demo account and prints its login once.
    const demo = /Demo login \(shown once, on this first start\): (\S+) \/ (\S+)/.exec(running.output());
    expect(demo?.[1]).toBe('demo@tessera.local');
    const login = await fetch(`http://127.0.0.1:${running.port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo?.[1], password: demo?.[2] }),
    });
    const session = (await login.json()) as { token: string };
    const list = await fetch(`http://127.0.0.1:${running.port}/api/events`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const eventsPage = (await list.json()) as { data: { title: string; status: string; id: number }[] };
    expect(eventsPage.data).toMatchObject([{ title: 'Jazz by the River', status: 'LIVE' }]);
    const publicPage = await fetch(
      `http://127.0.0.1:${running.port}/api/public/events/${eventsPage.data[0]?.id}`,
    );
    expect(publicPage.status).toBe(200);
    const health = await fetch(`http://127.0.0.1:${running.port}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    const page = await fetch(`http://127.0.0.1:${running.port}/auth/login`);
    expect(await page.text()).toContain('built');
    expect(existsSync(path.join(dataDir, 'tessera.pid'))).toBe(true);

    expect(await stop(running, 'SIGTERM')).toBe(0);
    expect(running.output()).toContain('Tessera stopped.');
    // The server ended with npm: nothing listens, nothing npm started is left running.
    expect(await portIsOpen(running.port)).toBe(false);
    for (const pid of processes) expect(await isRunning(pid), `process ${pid}`).toBe(false);
    expect(existsSync(path.join(dataDir, 'tessera.pid'))).toBe(false);

    // A second start keeps the data and does not seed again.
    const again = await start({ DATA_DIR: dataDir });
    expect(again.output()).not.toContain('Demo login');
    expect(await stop(again, 'SIGTERM')).toBe(0);
  });

  it('finishes a request in flight before stopping on SIGINT', async () => {
    // The first test's data: reopening a database is much quicker than creating one.
    // At debug, the log says when the request has reached the server (on a loaded machine that
    // can take longer than any fixed wait).
    const running = await start({ DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'debug' });
    const arrived = async () => {
      while (!running.output().includes('"msg":"incoming request"'))
        await new Promise((resolve) => setTimeout(resolve, 50));
    };
    // A request whose body is still arriving when the signal comes.
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: running.port,
          method: 'POST',
          path: '/api/nope',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{"partial":');
      void arrived().then(() => {
        const exit = stop(running, 'SIGINT');
        setTimeout(() => req.end('true}'), 300);
        exitCode = exit;
      });
    });
    let exitCode: Promise<number | null> = Promise.resolve(null);
    const res = await response;
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body).code).toBe('ROUTE_NOT_FOUND');
    expect(await exitCode).toBe(0);
  });

  it('refuses a bad environment with a readable message', async () => {
    await expect(start({ PORT: 'eighty' })).rejects.toThrow(/PORT/);
  });

  it('runs the same code on PostgreSQL when DATABASE_URL is set', async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) {
      // Without a server to point at, the URL is still checked before anything starts.
      await expect(start({ DATABASE_URL: 'mysql://nope' })).rejects.toThrow(/DATABASE_URL/);
      return;
    }
    const name = randomDatabaseName('tessera_main');
    await adminQuery(url, [`CREATE DATABASE "${name}"`]);
    try {
      const running = await start({ DATABASE_URL: withDatabase(url, name) });
      expect(running.output()).toContain('Database: PostgreSQL');
      const health = await fetch(`http://127.0.0.1:${running.port}/api/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'postgresql' });
      expect(await stop(running, 'SIGTERM')).toBe(0);
    } finally {
      await dropDatabase(url, name);
    }
  });
});
