import { eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { attendees, jobs, orderItems, orders, stripeEvents, ticketStock, tickets } from '../db/schema';
import { MAIL_JOB } from '../mail/payload';
import type { Outcome } from './buyers';
import type { Shop } from './shop';
import type { ReceivedMail } from './smtp';
import type { StripeTestServer } from './stripe-server/server';

/**
 * What must hold after any run of buyers, however the server processes died in between.
 * Answers every broken rule it finds, so a failing test shows them all at once.
 */
export async function findBrokenRules({
  handle,
  shop,
  outcomes,
  mails,
  stripe,
  freeStock,
  maxResent,
}: {
  handle: DatabaseHandle;
  stripe: StripeTestServer;
  shop: Shop;
  outcomes: Outcome[];
  mails: ReceivedMail[];
  freeStock: number;
  /** Mails that may arrive twice (same Message-ID): one per process killed while sending. */
  maxResent: number;
}): Promise<string[]> {
  const broken: string[] = [];
  const db = handle.db;
  const eventOrders = await db.select().from(orders).where(eq(orders.eventId, shop.event.id));
  const byShortId = new Map(eventOrders.map((o) => [o.shortId, o]));

  // No confirmed order lost; no order the buyers did not make.
  for (const outcome of outcomes) {
    const order = outcome.shortId ? byShortId.get(outcome.shortId) : undefined;
    if (outcome.shortId && !order) broken.push(`order ${outcome.shortId} (${outcome.purchase.key}) is gone`);
    if (outcome.confirmed && order?.status !== 'COMPLETED')
      broken.push(`confirmed order ${outcome.shortId} is ${order?.status}`);
  }
  const made = new Set(outcomes.map((o) => o.shortId).filter(Boolean));
  if (eventOrders.length !== made.size)
    broken.push(`${eventOrders.length} orders in the database, the buyers made ${made.size}`);

  // Each completed order holds exactly its seats, once.
  const completed = eventOrders.filter((o) => o.status === 'COMPLETED');
  const completedIds = completed.map((o) => o.id);
  const people = completedIds.length
    ? await db.select().from(attendees).where(inArray(attendees.orderId, completedIds))
    : [];
  const items = completedIds.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, completedIds))
    : [];
  for (const order of completed) {
    const seats = items.filter((i) => i.orderId === order.id).reduce((n, i) => n + i.quantity, 0);
    const held = people.filter((p) => p.orderId === order.id);
    if (held.length !== seats || held.some((p) => p.status !== 'ACTIVE'))
      broken.push(`order ${order.shortId} has ${held.length} attendees for ${seats} seats`);
  }

  // Sold counts equal valid attendees; nothing is left reserved.
  // Over all dates (the shop's events have one each).
  const ticketRows = await db
    .select({
      id: tickets.id,
      title: tickets.title,
      quantitySold: sql<number>`sum(${ticketStock.quantitySold})::int`,
      quantityReserved: sql<number>`sum(${ticketStock.quantityReserved})::int`,
    })
    .from(tickets)
    .innerJoin(ticketStock, eq(ticketStock.ticketId, tickets.id))
    .where(inArray(tickets.id, [shop.event.freeTicketId, shop.event.paidTicketId, shop.idle.ticketId]))
    .groupBy(tickets.id);
  for (const ticket of ticketRows) {
    const valid = people.filter((p) => p.ticketId === ticket.id && p.status === 'ACTIVE').length;
    if (ticket.quantitySold !== valid)
      broken.push(`ticket "${ticket.title}" counts ${ticket.quantitySold} sold for ${valid} attendees`);
    if (ticket.quantityReserved !== 0)
      broken.push(`ticket "${ticket.title}" still counts ${ticket.quantityReserved} reserved`);
  }
  // A refusal was right: seats only ever went to orders that completed, so too few were left.
  const freeLeft = freeStock - (ticketRows.find((t) => t.id === shop.event.freeTicketId)?.quantitySold ?? 0);
  for (const outcome of outcomes.filter((o) => o.refused)) {
    const wanted = outcome.purchase.lines.find((l) => l.ticket_id === shop.event.freeTicketId)?.quantity ?? 0;
    if (wanted <= freeLeft)
      broken.push(`${outcome.purchase.key} was refused with ${freeLeft} free seats left`);
  }

  // Card payments: every succeeded PaymentIntent completed its order.
  for (const [id, intent] of stripe.paymentIntents) {
    const order = eventOrders.find((o) => o.paymentIntentId === id);
    if (intent.status === 'succeeded' && order?.status !== 'COMPLETED')
      broken.push(`payment ${id} succeeded but its order is ${order?.status}`);
  }
  const recorded = await db.select().from(stripeEvents);
  for (const outcome of outcomes.filter((o) => o.confirmed && o.intentId)) {
    const event = stripe.events.find(
      (e) =>
        e.type === 'payment_intent.succeeded' && (e.data.object as { id?: string }).id === outcome.intentId,
    );
    if (!recorded.some((e) => e.id === event?.id))
      broken.push(`webhook ${event?.id} was answered but not recorded`);
  }

  // The idle event's reservations were expired by the scheduled sweep.
  const idle = await db.select().from(orders).where(inArray(orders.shortId, shop.idle.shortIds));
  for (const order of idle)
    if (order.status !== 'EXPIRED') broken.push(`lapsed reservation ${order.shortId} is ${order.status}`);

  // Mail: one job per mail an order owes, each done, each received (at most `maxResent` twice).
  const mailJobs = await db.select().from(jobs).where(eq(jobs.type, MAIL_JOB));
  const keys = new Set(mailJobs.map((j) => j.uniqueKey));
  // One mail per person (decision 035): the buyer's confirmation carries the tickets at the
  // buyer's address; each other address gets one ticket mail, keyed by its first attendee.
  let owed = 0;
  for (const order of completed) {
    if (!keys.has(`order-completed:${order.id}`))
      broken.push(`order ${order.shortId} has no confirmation mail`);
    const others = new Map<string, number>();
    for (const person of people.filter((p) => p.orderId === order.id).sort((a, b) => a.id - b.id)) {
      const address = person.email.toLowerCase();
      if (address !== order.email?.toLowerCase() && !others.has(address)) others.set(address, person.id);
    }
    for (const [address, first] of others)
      if (!keys.has(`ticket:${first}`))
        broken.push(`order ${order.shortId} has no ticket mail to ${address}`);
    owed += 1 + others.size;
  }
  const expected = mailJobs.filter(
    (j) => j.uniqueKey?.startsWith('order-') || j.uniqueKey?.startsWith('ticket:'),
  );
  if (expected.length !== owed) broken.push(`${expected.length} order mails queued, ${owed} owed`);
  for (const job of mailJobs)
    if (job.status !== 'done') broken.push(`mail job ${job.id} is ${job.status} (${job.lastError ?? ''})`);
  // By the Message-ID's left part (its right part is the host of APP_URL, decision 046).
  const ids = new Map<string, number>();
  for (const mail of mails) {
    const left = mail.messageId.slice(0, mail.messageId.indexOf('@') + 1);
    ids.set(left, (ids.get(left) ?? 0) + 1);
  }
  for (const job of mailJobs) {
    const id = `<job-${job.id}.${job.createdAt.getTime()}@`;
    if (!ids.has(id)) broken.push(`mail job ${job.id} (${job.uniqueKey}) never reached the SMTP server`);
  }
  const foreign = [...ids.keys()].filter((id) => !mailJobs.some((j) => id.startsWith(`<job-${j.id}.`)));
  if (foreign.length > 0) broken.push(`mails from no job: ${foreign.join(', ')}`);
  const resent = [...ids.values()].reduce((n, c) => n + c - 1, 0);
  if (resent > maxResent) broken.push(`${resent} mails were sent twice (at most ${maxResent} allowed)`);
  return broken;
}
