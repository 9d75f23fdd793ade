import { PublicEventResponse } from '../../../common/events';
import { PublicTicketsResponse } from '../../../common/public-tickets';
import type { Db } from '../../db/client';
import { freshReads, type ReadyAnswer } from '../../http/fresh-reads';
import type { FileStorage } from '../../storage';
import { findPublicTickets } from '../public-tickets/service';
import { getPublicEvent } from './service';

/**
 * The two reads every visitor of a public event page makes, shared (`fresh-reads.ts`): the API
 * routes send their JSON as it is, and the server-rendered page (decision 026) reads the same
 * answers, so a crowd costs the database one read of each every half second.
 */
export interface PublicReads {
  event(id: number): Promise<ReadyAnswer<PublicEventResponse>>;
  /** `promoCode` as the route's query schema left it (trimmed), or undefined. */
  tickets(id: number, promoCode: string | undefined): Promise<ReadyAnswer<PublicTicketsResponse>>;
  /** After an organizer's change in this process: the next visitor sees it at once. */
  forget(): void;
}

export function createPublicReads({ db, storage }: { db: Db; storage: FileStorage }): PublicReads {
  const event = freshReads(PublicEventResponse, (key) => getPublicEvent(db, storage, Number(key)));
  const tickets = freshReads(PublicTicketsResponse, (key) => {
    const [id = '', ...code] = key.split(' ');
    return findPublicTickets(db, Number(id), { promoCode: code.length > 0 ? code.join(' ') : undefined });
  });
  return {
    event: (id) => event.get(String(id)),
    tickets: (id, promoCode) => tickets.get(promoCode === undefined ? String(id) : `${id} ${promoCode}`),
    forget: () => {
      event.forget();
      tickets.forget();
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
