import type { I18n, MessageDescriptor } from '@lingui/core';
import { translate } from '../../../common/i18n/translate';
import { formatMoney } from '../../../common/money';
import type { PublicOrganizerEvent } from '../../../common/organizers';
import { escapeHtml as e } from '../../mail/layout';

/**
 * An event of an organizer as a card: its title linking to the event page, its next dates,
 * its price range and availability: the homepage's and the embeddable widget's (decision 062).
 */
const M = {
  free: /*i18n*/ { id: 'organizer_page.free', message: 'Free' },
  onSale: /*i18n*/ { id: 'organizer_page.on_sale', message: 'On sale' },
  soldOut: /*i18n*/ { id: 'organizer_page.sold_out', message: 'Sold out' },
  notOnSale: /*i18n*/ { id: 'organizer_page.not_on_sale', message: 'Not on sale' },
} satisfies Record<string, MessageDescriptor>;

const AVAILABILITY = { ON_SALE: M.onSale, SOLD_OUT: M.soldOut, NOT_ON_SALE: M.notOnSale } as const;

/** Its next dates (or its start) as `<time>` elements, in the event's time zone. */
export function eventWhen(event: PublicOrganizerEvent, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: event.timezone,
  });
  const dates = event.next_dates.length > 0 ? event.next_dates : [event.start_date];
  return dates.map((d) => `<time datetime="${e(d)}">${e(format.format(new Date(d)))}</time>`).join(', ');
}

/** "Free", one price, or the lowest and highest; empty when no ticket is shown. */
export function eventPrice(event: PublicOrganizerEvent, i18n: I18n): string {
  if (event.price_min === null || event.price_max === null) return '';
  if (event.price_max === 0) return e(translate(i18n, M.free));
  const low = formatMoney(event.price_min, event.currency, i18n.locale);
  if (event.price_min === event.price_max) return e(low);
  return e(`${low} – ${formatMoney(event.price_max, event.currency, i18n.locale)}`);
}

/** How a link to the event page opens: `target` and `rel` attributes, or nothing. */
export interface CardLink {
  /** The event page's address as the card links it (absolute in a frame of another site). */
  href: string;
  /** Extra attributes of the link, already written (` target="_blank" rel="noopener"`). */
  attributes?: string;
  /** Markup after the title inside the link, already written (a hidden "opens in a new tab"). */
  after?: string;
}

/** One card as a list item; `cover` false leaves the image out (the compact layout). */
export function eventCardHtml(
  event: PublicOrganizerEvent,
  { i18n, link, cover = true }: { i18n: I18n; link: CardLink; cover?: boolean },
): string {
  const state = event.availability === 'ENDED' ? null : AVAILABILITY[event.availability];
  const image =
    cover && event.cover_url
      ? `<img class="cover" src="${e(event.cover_url)}" alt="" loading="lazy" width="400" height="200">`
      : '';
  const facts = [
    eventPrice(event, i18n),
    state
      ? `<span class="badge ${event.availability.toLowerCase()}">${e(translate(i18n, state))}</span>`
      : '',
  ].filter(Boolean);
  return `<li class="event">${image}<div class="body"><h3><a href="${e(link.href)}"${link.attributes ?? ''}>${e(event.title)}${link.after ?? ''}</a></h3><p class="when">${eventWhen(event, i18n.locale)}</p>${facts.length ? `<p class="facts">${facts.join(' ')}</p>` : ''}</div></li>`;
}
