import { PublicEventDatesResponse } from '../../../common/event-dates';
import { PublicEventResponse } from '../../../common/events';
import { PublicTicketsResponse } from '../../../common/public-tickets';
import type { Db } from '../../db/client';
import { freshReads, type ReadyAnswer } from '../../http/fresh-reads';
import type { FileStorage } from '../../storage';
import { type DatesWindow, findPublicDates } from '../event-dates/public';
import { findPublicTickets } from '../public-tickets/service';
import { getPublicEvent } from './service';

/**
 * The reads every visitor of a public event page makes, shared (`fresh-reads.ts`): the API
 * routes send their JSON as it is, and the server-rendered page (decision 026) reads the same
 * answers, so a crowd costs the database one read of each every half second.
 */
export interface PublicReads {
  event(id: number): Promise<ReadyAnswer<PublicEventResponse>>;
  /** `promoCode` as the route's query schema left it (trimmed), or undefined; the date asked for. */
  tickets(id: number, ask: TicketsAsked): Promise<ReadyAnswer<PublicTicketsResponse>>;
  /** The upcoming dates a buyer may choose from, with what is left on each (issue 36): one window. */
  dates(id: number, window?: DatesWindow): Promise<ReadyAnswer<PublicEventDatesResponse>>;
  /** After an organizer's change in this process: the next visitor sees it at once. */
  forget(): void;
}

/** What a visitor asks the tickets of: the promo code typed, the date chosen. */
export interface TicketsAsked {
  promoCode?: string | undefined;
  dateId?: number | undefined;
}

export function createPublicReads({ db, storage }: { db: Db; storage: FileStorage }): PublicReads {
  const event = freshReads(PublicEventResponse, (key) => getPublicEvent(db, storage, Number(key)));
  // Keyed "id date code": the code last, as it may hold spaces.
  const tickets = freshReads(PublicTicketsResponse, (key) => {
    const [id = '', date = '', ...code] = key.split(' ');
    return findPublicTickets(db, Number(id), {
      promoCode: code.length > 0 ? code.join(' ') : undefined,
      dateId: date === '' ? undefined : Number(date),
    });
  });
  // Keyed "id from date limit", each part empty when not asked: the page's first window and
  // the API call the browser makes for it share one read.
  const dates = freshReads(PublicEventDatesResponse, (key) => {
    const [id = '', from = '', date = '', limit = ''] = key.split(' ');
    return findPublicDates(db, Number(id), {
      from: from || undefined,
      dateId: date ? Number(date) : undefined,
      limit: limit ? Number(limit) : undefined,
    });
  });
  return {
    event: (id) => event.get(String(id)),
    dates: (id, { from, dateId, limit } = {}) =>
      // The instant written as one text, so `…Z` and `…+00:00` share a read.
      dates.get(`${id} ${from ? new Date(from).toISOString() : ''} ${dateId ?? ''} ${limit ?? ''}`),
    tickets: (id, { promoCode, dateId }) =>
      tickets.get(`${id} ${dateId ?? ''}${promoCode === undefined ? '' : ` ${promoCode}`}`),
    forget: () => {
      event.forget();
      tickets.forget();
      dates.forget();
    },
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request may change what the public reads show and is rare enough to drop them
 * all: any write outside `/api/public/`. A buyer's own writes (orders, a crowd's worth of them)
 * do not; the sale shows within `FRESH_MS` (its next read).
 */
export function changesPublicReads(method: string, url: string): boolean {
  return !READS.has(method) && url.startsWith('/api/') && !url.startsWith('/api/public/');
}
