import { eventPageId } from '../../../common/event-page-path';
import type { PublicEventResponse } from '../../../common/events';
import type { Db } from '../../db/client';
import { escapeHtml } from '../../mail/layout';
import type { FileStorage } from '../../storage';
import { getPublicEvent } from './service';

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

/**
 * The `<head>` of a public event page as the server sends it: title, description, Open Graph
 * and schema.org data, so links shared in chats and search results show the event before any
 * script runs. Null when the path is not an event page or the event is not public.
 */
export async function getEventPageHead({
  db,
  storage,
  pathname,
  appUrl,
}: {
  db: Db;
  storage: FileStorage;
  pathname: string;
  appUrl: string;
}): Promise<{ title: string; head: string } | null> {
  const id = eventPageId(pathname);
  if (id === null) return null;
  let event: PublicEventResponse;
  try {
    event = await getPublicEvent(db, storage, Number(id));
  } catch {
    return null;
  }
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
