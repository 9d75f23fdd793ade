import type { App } from '../app';
import { makeAccount, makeCheckInList, makeLiveEvent, makeOrder, type Owner } from './builders';

// The authorization sweep's second account: its owner, a live event with one order, its door staff's list.

export interface OtherAccount {
  owner: Owner;
  eventId: number;
  /** The door staff's link of the live event's check-in list. */
  listShortId: string;
  /** Who bought the live event's one order. */
  buyerEmail: string;
}

export async function makeOtherAccount(app: App, tag: string): Promise<OtherAccount> {
  const owner = await makeAccount(app, { email: `other.${tag}@example.com` });
  const { event, tickets } = await makeLiveEvent(app, owner, { title: `Rival Fair ${tag}` });
  const ticketId = tickets[0]?.id ?? 0;
  const buyerEmail = `quinn.${tag}@example.com`;
  await makeOrder(app, {
    eventId: event.id,
    lines: [{ ticket_id: ticketId, quantity: 1 }],
    email: buyerEmail,
  });
  const list = await makeCheckInList(app, owner, { eventId: event.id, ticket_ids: [ticketId] });
  return { owner, eventId: event.id, listShortId: list.short_id, buyerEmail };
}
