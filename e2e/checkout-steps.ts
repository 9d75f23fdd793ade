import type { Page } from 'playwright-core';
import type { OrganizerSession } from './session';
import { apiCall } from './session';

/** The buyer's first steps of a checkout, shared by the checkout journeys. */

/** Makes the event live, closes the organizer's page and answers the buyer's address of the event. */
export async function publish(session: OrganizerSession): Promise<string> {
  await session.api('PUT', `/api/events/${session.eventId}/status`, { status: 'LIVE' });
  const event = await session.api<{ slug: string }>('GET', `/api/events/${session.eventId}`);
  await session.context.close();
  return `/e/${session.eventId}/${event.slug}`;
}

/** A ticket's row in the event page's list (`Tickets` in the page's language). */
export const ticketRow = (page: Page, title: string, region = 'Tickets') =>
  page.getByRole('region', { name: region }).getByRole('listitem').filter({ hasText: title }).first();

/** Fills in the buyer's names and e-mail, labelled as the page's language says. */
export async function fillBuyer(
  page: Page,
  labels: { first: string; last: string; email: string } = {
    first: 'First name',
    last: 'Last name',
    email: 'E-mail',
  },
) {
  await page.getByLabel(labels.first).first().fill('Ana');
  await page.getByLabel(labels.last).first().fill('Lima');
  await page.getByLabel(labels.email).first().fill('ana.lima@example.com');
}

/**
 * An order placed through the public checkout API rather than the page: `count` tickets for
 * `buyer` (each attendee the buyer), paid offline when asked, with `details` added to the
 * buyer's (a company the seller requires). Answers the buyer's e-mail, unique to this order.
 */
export async function placeByApi(order: {
  eventId: number;
  ticketId: number;
  buyer: string;
  count?: number;
  offline?: boolean;
  details?: Record<string, unknown>;
}): Promise<string> {
  const { eventId, ticketId, buyer, count = 1 } = order;
  const base = `/api/public/events/${eventId}/orders`;
  const placed = await apiCall<{ short_id: string }>('POST', base, {
    tickets: [{ ticket_id: ticketId, quantity: count }],
  });
  const email = `${buyer.toLowerCase()}.${Date.now()}@example.com`;
  const person = { first_name: buyer, last_name: 'Reis', email };
  await apiCall('PUT', `${base}/${placed.short_id}`, {
    ...person,
    ...order.details,
    attendees: Array.from({ length: count }, () => ({ ticket_id: ticketId, ...person })),
  });
  await apiCall(
    'POST',
    `${base}/${placed.short_id}/complete`,
    order.offline ? { payment_provider: 'OFFLINE' } : {},
  );
  return email;
}
