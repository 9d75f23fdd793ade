import { eventPageId } from '../../../common/event-page-path';
import type { PublicEventResponse } from '../../../common/events';
import type { ReadyAnswer } from '../../http/fresh-reads';
import { escapeHtml } from '../../mail/layout';
import type { PublicReads } from './public-reads';

const plain = (html: string | null) =>
  (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const absolute = (url: string, appUrl: string) => (/^https?:\/\//.test(url) ? url : `${appUrl}${url}`);

/** Where the event happens, for schema.org: online, a place, or nothing when none was given. */
function schemaLocation(event: PublicEventResponse, pageUrl: string) {
  if (event.is_online) return { '@type': 'VirtualLocation', url: pageUrl };
  const place = event.location;
  if (!place || !Object.values(place).some((v) => typeof v === 'string' && v.trim() !== '')) return undefined;
  return {
    '@type': 'Place',
    name: place.venue_name ?? undefined,
    address: {
      '@type': 'PostalAddress',
      streetAddress: [place.address_line_1, place.address_line_2].filter(Boolean).join(', ') || undefined,
      addressLocality: place.city ?? undefined,
      addressRegion: place.state_or_region ?? undefined,
      postalCode: place.zip_or_postal_code ?? undefined,
      addressCountry: place.country ?? undefined,
    },
  };
}

/** schema.org Event, as search engines read it; `<` is escaped so it cannot end the script. */
function jsonLd(
  event: PublicEventResponse,
  { pageUrl, image, description }: { pageUrl: string; image: string | null; description: string },
) {
  const location = schemaLocation(event, pageUrl);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: description || undefined,
    startDate: event.start_date,
    endDate: event.end_date ?? undefined,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: event.is_online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location,
    image: image ? [image] : undefined,
    url: pageUrl,
    organizer: {
      '@type': 'Organization',
      name: event.organizer.name,
      url: event.organizer.website ?? undefined,
    },
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export interface PageHead {
  title: string;
  head: string;
}

/** Heads written from each shared read of an event, so a crowd's pages share one (and its bytes). */
const written = new WeakMap<ReadyAnswer<PublicEventResponse>, PageHead>();

/**
 * The `<head>` of the public event page at `pathname`, from the event's shared read (the one
 * the API and the page's rendering use): null when the path is not an event page or the event
 * is not public.
 */
export async function readEventPageHead(
  { publicReads, appUrl }: { publicReads: PublicReads; appUrl: string },
  pathname: string,
): Promise<PageHead | null> {
  const id = eventPageId(pathname);
  if (id === null) return null;
  let answer: ReadyAnswer<PublicEventResponse>;
  try {
    answer = await publicReads.event(Number(id));
  } catch {
    return null;
  }
  let head = written.get(answer);
  if (!head) {
    head = eventPageHead(answer.value, appUrl);
    written.set(answer, head);
  }
  return head;
}

/**
 * The `<head>` of a public event page as the server sends it: title, description, Open Graph
 * and schema.org data, so links shared in chats and search results show the event before any
 * script runs.
 */
export function eventPageHead(event: PublicEventResponse, appUrl: string): PageHead {
  const s = event.settings;
  const title = s.seo_title || event.title;
  const description = (s.seo_description || plain(event.description)).slice(0, 300);
  const pageUrl = `${appUrl}/e/${event.id}/${event.slug}`;
  const cover = event.images.find((i) => i.type === 'EVENT_COVER');
  const image = cover ? absolute(cover.variants.at(-1)?.url ?? cover.url, appUrl) : null;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const head = [
    meta('name', 'description', description),
    ...(s.seo_keywords ? [meta('name', 'keywords', s.seo_keywords)] : []),
    ...(s.allow_search_indexing ? [] : [meta('name', 'robots', 'noindex, nofollow')]),
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    `<script type="application/ld+json">${jsonLd(event, { pageUrl, image, description })}</script>`,
  ].join('\n    ');
  return { title, head };
}
