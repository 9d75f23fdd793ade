import { eventPageId } from '../../../common/event-page-path';
import { PublicTicketsQuery } from '../../../common/public-tickets';
import type { PageData } from '../../http/server-render';
import type { PublicReads } from './public-reads';

/**
 * The address a public event page is rendered and kept at: its id and `?promo_code=`, what the
 * page reads of its address (decision 038). The slug, `/event/` or `/e/`, and any other query
 * parameter (`aff`, `utm_source`, made-up ones) change nothing on the page, so visitors of all
 * of them share one rendering. Values stay as written: the browser keys its queries by them.
 * Null when the address is no event page.
 */
export function eventPageAddress(url: string): string | null {
  const [pathname = '', query = ''] = url.split('?');
  const id = eventPageId(pathname);
  if (id === null) return null;
  const promoCode = new URLSearchParams(query).get('promo_code');
  return promoCode ? `/e/${id}?${new URLSearchParams({ promo_code: promoCode })}` : `/e/${id}`;
}

/**
 * What the public event page at this address shows, read as its two API calls would (decision
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
  const parsed = PublicTicketsQuery.safeParse({ promo_code: promoCode });
  if (!parsed.success) return null;
  try {
    const [event, tickets] = await Promise.all([
      publicReads.event(Number(id)),
      publicReads.tickets(Number(id), parsed.data.promo_code),
    ]);
    return {
      data: { eventId: id, promoCode, event: event.value, tickets: tickets.value },
      fingerprint: `${event.etag} ${tickets.etag}`,
    };
  } catch {
    return null;
  }
}
