import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeLiveEvent, makeOrder } from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { orderLookupJobHandler } from './find';

// "Find my tickets" answers as fast for an address with orders as for one without (decision
// 056): the lookup and the mail happen in a job, after the answer. Measured here against what
// doing them before the answer would cost, so that the bound is one a synchronous lookup fails.

const ROUNDS = 20;
let kit: IdentityKit;
let eventId = 0;
const known: string[] = [];

beforeAll(async () => {
  kit = await createIdentityKit({ ORDER_RATE_LIMIT_PER_MINUTE: '100000' });
  const owner = await makeAccount(kit.app);
  const { event, tickets } = await makeLiveEvent(kit.app, owner, { title: 'Timing Fair' });
  eventId = event.id;
  for (let i = 0; i < ROUNDS; i++) {
    const email = `timed.buyer${i}@example.com`;
    // Two orders each, and a ticket: the lookup of a known address has rows to find and links to write.
    for (let n = 0; n < 2; n++) {
      await makeOrder(kit.app, { eventId, lines: [{ ticket_id: tickets[0]?.id ?? 0, quantity: 1 }], email });
    }
    known.push(email);
  }
  await kit.deliverMail();
}, 120_000);
afterAll(async () => {
  await kit?.close();
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

let client = 0;
async function timedLookup(email: string): Promise<{ ms: number; status: number; body: string }> {
  client += 1;
  const started = performance.now();
  const res = await kit.app.inject({
    method: 'POST',
    url: `/api/public/events/${eventId}/order-lookup`,
    remoteAddress: `10.9.${Math.floor(client / 250)}.${client % 250}`,
    payload: { email },
  });
  return { ms: performance.now() - started, status: res.statusCode, body: res.body };
}

describe('find my tickets, timed', () => {
  it('answers known and unknown addresses in the same time, within noise', async () => {
    for (let i = 0; i < 5; i++) await timedLookup(`warm.up${i}@example.com`);
    const ofKnown: number[] = [];
    const ofUnknown: number[] = [];
    const bodies = new Set<string>();
    for (let i = 0; i < ROUNDS; i++) {
      // Alternating which goes first, so neither gains from the other warming anything up.
      const pair = [known[i] ?? '', `unknown.buyer${i}@example.com`];
      const order = i % 2 === 0 ? pair : [...pair].reverse();
      for (const email of order) {
        const { ms, status, body } = await timedLookup(email);
        expect(status).toBe(202);
        bodies.add(body);
        (email.startsWith('timed.') ? ofKnown : ofUnknown).push(ms);
      }
    }
    expect(bodies.size).toBe(1);

    // What answering after the lookup would add: the job's own work for a known address
    // (finding the orders, writing the links, queueing the mail), without even sending it.
    const work = orderLookupJobHandler({ appUrl: kit.app.config.appUrl });
    const synchronous: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      await work(
        { email: known[i] ?? '', event_id: eventId, scope: 'EVENT', locale: 'en' },
        { db: kit.app.db, attempt: 1, jobId: 1_000_000 + i, runAt: new Date(), createdAt: new Date() },
      );
      synchronous.push(performance.now() - started);
    }

    const gap = Math.abs(median(ofKnown) - median(ofUnknown));
    const lookupCost = median(synchronous);
    const report = { known: median(ofKnown), unknown: median(ofUnknown), gap, lookupCost };
    // Generous: half of what the lookup costs. A synchronous lookup would widen the gap by
    // about its whole cost; answering from a job leaves only noise.
    expect(gap, JSON.stringify(report)).toBeLessThan(lookupCost / 2);
    await kit.deliverMail();
  });
});
