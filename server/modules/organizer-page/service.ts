import type { FastifyInstance } from 'fastify';
import type { PublicEventResponse } from '../../../common/events';
import { organizerDesignOf } from '../../../common/organizer-design';
import type { PublicOrganizerEvent, PublicOrganizerPage } from '../../../common/organizers';
import type { PublicTicketsResponse } from '../../../common/public-tickets';
import { findNextDatesOfEvents } from '../event-dates/next-dates';
import { findPublicOrganizerEvents } from '../events/service';
import { findOrganizerBySlug, type OrganizerRow } from '../organizers/service';
import { findPublicTicketsOfEvents } from '../public-tickets/of-events';
import { publicOrganizerImages } from './images';

/** What the homepage needs of the app: the database and the files. */
export type PageApp = Pick<FastifyInstance, 'db' | 'storage'>;

/** The page at a slug: its content, a move to the current address, or nothing. */
export type PageAt =
  | { kind: 'page'; page: PublicOrganizerPage; organizer: OrganizerRow }
  | { kind: 'moved'; slug: string }
  | null;

/** Lowest and highest price shown, and whether anything is on sale, from the tickets' answer. */
function priceAndAvailability(tickets: PublicTicketsResponse) {
  const prices = tickets.data.filter((t) => !t.addon).flatMap((t) => t.prices.map((p) => p.display_price));
  const states = tickets.data.filter((t) => !t.addon).map((t) => t.sale_state);
  const availability: PublicOrganizerEvent['availability'] = states.includes('ON_SALE')
    ? 'ON_SALE'
    : states.length > 0 && states.every((s) => s === 'SOLD_OUT')
      ? 'SOLD_OUT'
      : 'NOT_ON_SALE';
  return {
    price_min: prices.length ? Math.min(...prices) : null,
    price_max: prices.length ? Math.max(...prices) : null,
    availability,
  };
}

function coverUrl(event: PublicEventResponse): string | null {
  const cover = event.images.find((i) => i.type === 'EVENT_COVER');
  return cover ? (cover.variants[0]?.url ?? cover.url) : null;
}

/**
 * The upcoming events with their next three dates, price range and availability: the same
 * answers as the event page's shared reads, in a fixed number of queries for the whole list
 * (decision 062). An event without a date a buyer may see shows no price and is not on sale.
 */
async function upcomingEvents(app: PageApp, list: PublicEventResponse[]): Promise<PublicOrganizerEvent[]> {
  const eventIds = list.map((e) => e.id);
  const [tickets, dates] = await Promise.all([
    findPublicTicketsOfEvents(app.db, eventIds),
    findNextDatesOfEvents(app.db, { eventIds, count: 3 }),
  ]);
  return list.map((event) => {
    const answer = tickets.get(event.id);
    return {
      ...basics(event),
      next_dates: dates.get(event.id) ?? [],
      ...(answer
        ? priceAndAvailability(answer)
        : { price_min: null, price_max: null, availability: 'NOT_ON_SALE' as const }),
    };
  });
}

function basics(event: PublicEventResponse) {
  return {
    id: event.id,
    title: event.title,
    path: `/e/${event.id}/${event.slug}`,
    start_date: event.start_date,
    end_date: event.end_date,
    timezone: event.timezone,
    cover_url: coverUrl(event),
    currency: event.currency,
  };
}

/**
 * The organizer's homepage at `slug` (decision 058): only its live events, upcoming ones with
 * their next dates, price range and availability, then past ones. Never its e-mail address.
 */
export async function readOrganizerPage(app: PageApp, slug: string): Promise<PageAt> {
  const found = await findOrganizerBySlug(app.db, slug);
  const current = found?.organizer.slug;
  if (!found || !current) return null;
  const { organizer } = found;
  if (!found.current || current !== slug) return { kind: 'moved', slug: current };
  const page = await pageOf(app, { organizer, slug: current });
  return { kind: 'page', page, organizer };
}

/** The homepage's content for an organizer, at `slug`. */
export async function pageOf(
  app: PageApp,
  { organizer, slug }: { organizer: OrganizerRow; slug: string },
): Promise<PublicOrganizerPage> {
  const [upcoming, past, images] = await Promise.all([
    findPublicOrganizerEvents(app, organizer.id),
    findPublicOrganizerEvents(app, organizer.id, { past: true }),
    publicOrganizerImages(app.db, { storage: app.storage, organizerId: organizer.id }),
  ]);
  return {
    id: organizer.id,
    name: organizer.name,
    slug,
    description: organizer.description,
    website: organizer.website,
    social_links: organizer.socialLinks,
    has_contact: Boolean(organizer.email),
    design: organizerDesignOf(organizer.design),
    ...images,
    upcoming: await upcomingEvents(app, upcoming.data),
    past: past.data.map((e) => ({
      ...basics(e),
      next_dates: [],
      price_min: null,
      price_max: null,
      availability: 'ENDED' as const,
    })),
  };
}
