import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './app';

/**
 * An app for a crowd of buyers at once over real HTTP, all from 127.0.0.1: the limits on orders
 * and public reads are lifted (they would stop the race before it starts; they are tested in
 * server/http/abuse-limits.test.ts), and it listens on a free port.
 */
export async function createRushApp(): Promise<{ t: TestApp; base: string }> {
  const t = await createTestApp({
    env: {
      ORDER_RATE_LIMIT_PER_MINUTE: '100000',
      ORDER_RATE_LIMIT_PER_EVENT_PER_MINUTE: '100000',
      OPEN_ORDERS_PER_ADDRESS: '100000',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}
