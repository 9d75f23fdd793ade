import type { Page } from 'playwright-core';
import type { OrganizerSession } from './session';

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
