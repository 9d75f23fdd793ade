import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { createTestApp, type TestApp, testConfig } from '../test/app';

// What needs more than inject(): a real listening server for slow clients, and Redis for limits
// that several instances share (docs/decisions/018-rate-limits.md).

describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ config: testConfig({ REQUEST_TIMEOUT_SECONDS: '1' }) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * Opens a connection, writes `start`, then `drip` every 100 ms for up to 6 s. Resolves with how
   * long the server kept the connection and what it answered.
   */
  function trickle(start: string, drip: string): Promise<{ ms: number; answer: string }> {
    return new Promise((resolve, reject) => {
      const began = Date.now();
      let answer = '';
      const socket: Socket = connect(port, '127.0.0.1', () => socket.write(start));
      const timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(drip);
      }, 100);
      const giveUp = setTimeout(() => {
        socket.destroy();
        reject(new Error(`the server kept a slow client for 6 s; it answered "${answer}"`));
      }, 6000);
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        clearTimeout(giveUp);
        resolve({ ms: Date.now() - began, answer });
      });
    });
  }

  it('closes a connection whose headers come too slowly', async () => {
    const { ms } = await trickle('GET /api/health HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: y\r\n');
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(3000);
  });

  it('closes a connection whose body comes too slowly', async () => {
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const { ms } = await trickle(head, ' ');
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(3000);
  });

  it('still answers clients that send their request at once', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});

describe('limits shared over Redis (REDIS_URL)', () => {
  // A prefix of this run's own: parallel runs never count each other's attempts, and cleaning up
  // deletes only these keys.
  const prefix = `tessera-test-${randomBytes(6).toString('hex')}:`;
  const redisUrl = 'redis://127.0.0.1:6379';
  let first: TestApp;
  let second: App;
  beforeAll(async () => {
    const config = testConfig({
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
    });
    first = await createTestApp({ config });
    // A second instance of the same deployment: same database, same Redis.
    second = await buildApp({ config, database: first.database });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const login = (app: App, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { email: 'shared.target@example.com', password: 'guess' },
    });

  it('stops the start when Redis cannot be reached', async () => {
    const config = testConfig({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: prefix });
    await expect(buildApp({ config, database: first.database })).rejects.toThrow(/Cannot reach Redis/);
  });

  it('counts the attempts made on both instances together', async () => {
    expect((await login(first.app, '198.51.100.1')).statusCode).toBe(401);
    expect((await login(second, '198.51.100.2')).statusCode).toBe(401);
    expect((await login(first.app, '198.51.100.3')).statusCode).toBe(401);
    const blocked = await login(second, '198.51.100.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    const redis = new Redis(redisUrl);
    try {
      expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
    } finally {
      await redis.quit();
    }
  });
});
