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

/**
 * Many buyers at once: every body is sent to the event's public checkout in the same moment.
 * Answers each order's HTTP status, in the order of the bodies.
 */
export function rushOrders(rush: { base: string; eventId: number; bodies: object[] }): Promise<number[]> {
  return Promise.all(
    rush.bodies.map(async (body) => {
      const res = await fetch(`${rush.base}/api/public/events/${rush.eventId}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
}

/** A rush's outcome: how many orders were reserved (201), and the statuses of the others. */
export function tally(statuses: number[]): { created: number; others: number[] } {
  return { created: statuses.filter((s) => s === 201).length, others: statuses.filter((s) => s !== 201) };
}
