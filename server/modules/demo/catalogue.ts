import type { Transaction } from '../../db/client';
import {
  capacityAssignments,
  capacityAssignmentTickets,
  promoCodes,
  promoCodeTickets,
  questions,
  questionTickets,
  taxesAndFees,
  ticketPrices,
  tickets,
  ticketTaxesAndFees,
} from '../../db/schema';
import { fillStock } from '../stock/service';

const DAY = 24 * 3600 * 1000;

async function insertTicket(tx: Transaction, values: typeof tickets.$inferInsert): Promise<number> {
  const [row] = await tx.insert(tickets).values(values).returning({ id: tickets.id });
  if (!row) throw new Error('demo insert returned nothing');
  return row.id;
}

/**
 * What the demo event sells: a free ticket, a paid one with VAT, a tiered one, a promo code, a
 * question per attendee and a room shared by the paid tickets — one of each kind, to look at.
 */
export async function seedDemoCatalogue(
  tx: Transaction,
  ids: { accountId: number; eventId: number; start: Date },
): Promise<void> {
  const { accountId, eventId, start } = ids;
  const [vat] = await tx
    .insert(taxesAndFees)
    .values({
      accountId,
      name: 'IVA',
      type: 'TAX',
      calculationType: 'PERCENTAGE',
      rate: '23',
      isDefault: true,
    })
    .returning({ id: taxesAndFees.id });
  if (!vat) throw new Error('demo insert returned nothing');
  const common = { accountId, eventId, saleEnd: start };
  await insertTicket(tx, {
    ...common,
    title: 'Open rehearsal',
    description: '<p>Watch the band sound-check in the afternoon. Free, but book a place.</p>',
    type: 'FREE',
    quantity: 40,
    maxPerOrder: 2,
    showQuantityRemaining: true,
    sortOrder: 0,
  });
  const general = await insertTicket(tx, {
    ...common,
    title: 'General admission',
    type: 'PAID',
    price: 2500,
    quantity: 200,
    sortOrder: 1,
  });
  const tiered = await insertTicket(tx, {
    ...common,
    title: 'Table by the river',
    description: '<p>A seated table for the evening. The earlier you book, the less you pay.</p>',
    type: 'TIERED',
    maxPerOrder: 4,
    sortOrder: 2,
  });
  await tx.insert(ticketPrices).values([
    {
      ticketId: tiered,
      label: 'Early bird',
      price: 3500,
      quantity: 20,
      saleEnd: new Date(start.getTime() - 14 * DAY),
      sortOrder: 0,
    },
    { ticketId: tiered, label: 'Regular', price: 4500, quantity: 30, sortOrder: 1 },
  ]);
  await tx.insert(ticketTaxesAndFees).values([
    { ticketId: general, taxOrFeeId: vat.id },
    { ticketId: tiered, taxOrFeeId: vat.id },
  ]);

  const [code] = await tx
    .insert(promoCodes)
    .values({
      accountId,
      eventId,
      code: 'RIVER10',
      discountType: 'PERCENTAGE',
      discount: '10',
      usageLimit: 100,
    })
    .returning({ id: promoCodes.id });
  if (!code) throw new Error('demo insert returned nothing');
  await tx.insert(promoCodeTickets).values({ promoCodeId: code.id, ticketId: general });

  const [diet] = await tx
    .insert(questions)
    .values({
      accountId,
      eventId,
      title: 'Any dietary needs for the table?',
      type: 'DROPDOWN',
      options: ['None', 'Vegetarian', 'Vegan', 'Gluten-free'],
      scope: 'PER_ATTENDEE',
      sortOrder: 0,
    })
    .returning({ id: questions.id });
  if (!diet) throw new Error('demo insert returned nothing');
  await tx.insert(questionTickets).values({ questionId: diet.id, ticketId: tiered });

  const [terrace] = await tx
    .insert(capacityAssignments)
    .values({ accountId, eventId, name: 'Terrace', capacity: 220 })
    .returning({ id: capacityAssignments.id });
  if (!terrace) throw new Error('demo insert returned nothing');
  await tx.insert(capacityAssignmentTickets).values([
    { capacityAssignmentId: terrace.id, ticketId: general },
    { capacityAssignmentId: terrace.id, ticketId: tiered },
  ]);
  await fillStock(tx, eventId);
}
