import { eventPageId } from '../../../common/event-page-path';
import { FIRST_DATES } from '../../../common/limits';
import { PublicTicketsQuery } from '../../../common/public-tickets';
import type { PageData } from '../../http/server-render';
import type { PublicReads } from './public-reads';

/**
 * The address a public event page is rendered and kept at: its id, `?date=` and `?promo_code=`,
 * what the page reads of its address (decision 038). The slug, `/event/` or `/e/`, and any other query
 * parameter (`aff`, `utm_source`, made-up ones) change nothing on the page, so visitors of all
 * of them share one rendering. Values stay as written: the browser keys its queries by them.
 * Null when the address is no event page.
 */
export function eventPageAddress(url: string): string | null {
  const [pathname = '', query = ''] = url.split('?');
  const id = eventPageId(pathname);
  if (id === null) return null;
  const search = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of ['date', 'promo_code']) {
    const value = search.get(name);
    if (value) kept.set(name, value);
  }
  return kept.size > 0 ? `/e/${id}?${kept}` : `/e/${id}`;
}

/**
 * What the public event page at this address shows, read as its API calls would (decision
 * 026), the very answers they send (their values are what their JSON says: text for dates), and
 * the answers' validators as the fingerprint of what the page shows: null when it is no event
 * page, the event is not live, or the promo code is not one the API would take (the page then
 * loads in the browser and says so itself).
 */
export async function eventPageData(
  { publicReads }: { publicReads: PublicReads },
  url: string,
): Promise<PageData | null> {
  const [pathname = '', query = ''] = url.split('?');
  const search = new URLSearchParams(query);
  const id = eventPageId(pathname);
  if (id === null) return null;
  // The code as the page reads it from its address (its queries' key), and as the API takes it.
  const promoCode = search.get('promo_code') || undefined;
  // A link to one date of the event (`?date=`, issue 36).
  const date = search.get('date') || undefined;
  const parsed = PublicTicketsQuery.safeParse({ promo_code: promoCode, date_id: date });
  if (!parsed.success) return null;
  try {
    const dateId = parsed.data.date_id;
    const [event, tickets, dates] = await Promise.all([
      publicReads.event(Number(id)),
      publicReads.tickets(Number(id), { promoCode: parsed.data.promo_code, dateId }),
      publicReads.dates(Number(id), { limit: FIRST_DATES }),
    ]);
    // A link to a date beyond the first window: the window starting at it too, so the page
    // shows that date chosen from its first HTML, as the browser will (`DateChoice`).
    const linked =
      dateId !== undefined && !dates.value.data.some((d) => d.id === dateId)
        ? await publicReads.dates(Number(id), { dateId, limit: FIRST_DATES })
        : null;
    return {
      data: {
        eventId: id,
        promoCode,
        dateId: date,
        event: event.value,
        tickets: tickets.value,
        dates: dates.value,
        ...(linked ? { linkedDates: linked.value } : {}),
      },
      fingerprint: `${event.etag} ${tickets.etag} ${dates.etag}${linked ? ` ${linked.etag}` : ''}`,
    };
  } catch {
    return null;
  }
}
