import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { questions, ticketPrices, tickets } from '../../db/schema';
import { completeOrder, saveOrderDetails } from '../orders/details';
import { createOrder } from '../orders/service';

interface Buyer {
  first_name: string;
  last_name: string;
}

const BUYERS: Buyer[] = [
  { first_name: 'Inês', last_name: 'Carvalho' },
  { first_name: 'Tomás', last_name: 'Ferreira' },
  { first_name: 'Marta', last_name: 'Sousa' },
  { first_name: 'João', last_name: 'Pereira' },
  { first_name: 'Beatriz', last_name: 'Costa' },
];

const emailOf = (b: Buyer) =>
  `${b.first_name}.${b.last_name}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .concat('@example.com');

/**
 * A few orders placed through checkout itself, so the demo's lists and stats are not empty:
 * free places taken and completed, and paid tickets ordered to pay offline (awaiting payment).
 * Nobody is mailed: the addresses are made up.
 */
export async function seedDemoOrders(db: Database, eventId: number): Promise<void> {
  const rows = await db
    .select()
    .from(tickets)
    .where(eq(tickets.eventId, eventId))
    .orderBy(asc(tickets.sortOrder));
  const free = rows.find((t) => t.type === 'FREE');
  const paid = rows.find((t) => t.type === 'PAID');
  const tiered = rows.find((t) => t.type === 'TIERED');
  if (!free || !paid || !tiered) throw new Error('the demo catalogue is missing a ticket');
  const [regular] = await db
    .select({ id: ticketPrices.id })
    .from(ticketPrices)
    .where(and(eq(ticketPrices.ticketId, tiered.id), eq(ticketPrices.label, 'Regular')));
  const [diet] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.eventId, eventId), isNull(questions.defaultKey)));
  if (!regular || !diet) throw new Error('the demo catalogue is missing a tier or a question');

  const plans = [
    { buyer: BUYERS[0], line: { ticket_id: free.id, quantity: 2 } },
    { buyer: BUYERS[1], line: { ticket_id: free.id, quantity: 1 } },
    { buyer: BUYERS[2], line: { ticket_id: free.id, quantity: 2 } },
    { buyer: BUYERS[3], line: { ticket_id: paid.id, quantity: 2 } },
    { buyer: BUYERS[4], line: { ticket_id: tiered.id, price_id: regular.id, quantity: 2 } },
  ];
  for (const { buyer, line } of plans) {
    if (!buyer) continue;
    const { order } = await createOrder({
      db,
      eventId,
      input: { tickets: [line], promo_code: undefined },
      locale: 'en',
    });
    const email = emailOf(buyer);
    await saveOrderDetails({
      db,
      eventId,
      shortId: order.short_id,
      input: {
        ...buyer,
        email,
        answers: [],
        attendees: Array.from({ length: line.quantity }, (_, i) => ({
          ticket_id: line.ticket_id,
          ...(line.price_id ? { price_id: line.price_id } : {}),
          first_name: i === 0 ? buyer.first_name : 'Guest',
          last_name: buyer.last_name,
          email,
          answers: line.ticket_id === tiered.id ? [{ question_id: diet.id, answer: 'Vegetarian' }] : [],
        })),
      },
    });
    const provider = order.totals.total === 0 ? {} : { payment_provider: 'OFFLINE' as const };
    await completeOrder({
      db,
      eventId,
      shortId: order.short_id,
      input: provider,
      links: { appUrl: '', notify: false },
    });
  }
}

/** The demo event lets buyers pay offline, so its paid orders can wait for a transfer. */
export const DEMO_OFFLINE_PAYMENT = {
  offline_payments_enabled: true,
  offline_payment_instructions: 'Pay by bank transfer to IBAN PT50 0000 0000 0000 0000 0000 0 within 3 days.',
};
