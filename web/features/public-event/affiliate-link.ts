import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  AFFILIATE_CODE_PATTERN,
  AFFILIATE_MEMORY_DAYS,
  AFFILIATE_PARAM,
} from '../../../common/affiliate-link';

/**
 * Affiliate links on the buyer's side (decision 021): `?aff=CODE` on the event page (or the
 * widget) is remembered in this browser for AFFILIATE_MEMORY_DAYS, per event, and the code goes
 * with the next order the buyer creates for that event. The server credits the event's ACTIVE
 * affiliate with that code and ignores any other, so nothing here can block a purchase.
 *
 * For the page: `useRememberAffiliate(eventId)`. For code that creates orders itself (the
 * widget): `withAffiliateCode(eventId, request)`; `createOrder` in `public-event/api.ts` already
 * calls it. For a link that leaves the widget for the event page (a new tab, whose storage the
 * frame's may not share): `useAffiliateLink(eventId, href)`.
 *
 * Each code is also kept in this page's memory, for as long as the page lives: inside another
 * site's frame (the widget) the browser may partition or refuse `localStorage`, and the code of
 * the link must still reach the order made in that frame.
 */

const DAY_MS = 24 * 3600 * 1000;
const keyOf = (eventId: string | number) => `tessera_affiliate:${eventId}`;

/** What is stored per event. */
interface Remembered {
  code: string;
  /** Milliseconds since the epoch after which the code is forgotten. */
  expires: number;
}

/** The subset of `Storage` used here (tests pass a Map-backed one). */
export type AffiliateStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The codes remembered by this page itself, per event key; lost with the page (or frame). */
export type AffiliateMemory = Map<string, Remembered>;
const pageMemory: AffiliateMemory = new Map();

interface Options {
  now?: number;
  storage?: AffiliateStorage | null;
  /** Where the page keeps its own copy (tests pass a fresh one). */
  memory?: AffiliateMemory;
}

/** localStorage, or null where the browser refuses it (private modes, some framed pages). */
function browserStorage(): AffiliateStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * Remembers `code` for the event until AFFILIATE_MEMORY_DAYS from `now`: the last link followed
 * wins. A code that cannot be one (wrong characters or length) is not stored. True when the code
 * is remembered, if only in the page's memory because the browser refused the storage.
 */
export function rememberAffiliate(
  eventId: string | number,
  code: string,
  { now = Date.now(), storage = browserStorage(), memory = pageMemory }: Options = {},
): boolean {
  const wanted = code.trim();
  if (!AFFILIATE_CODE_PATTERN.test(wanted)) return false;
  const value: Remembered = { code: wanted.toUpperCase(), expires: now + AFFILIATE_MEMORY_DAYS * DAY_MS };
  memory.set(keyOf(eventId), value);
  try {
    storage?.setItem(keyOf(eventId), JSON.stringify(value));
  } catch {
    // Refused (a framed page, a private mode, a full storage): the page's memory has it.
  }
  return true;
}

/**
 * The code remembered for the event, if it has not expired (an expired one is removed): the
 * browser's, which another tab may have replaced with a later link, else the page's own copy.
 */
export function rememberedAffiliate(
  eventId: string | number,
  { now = Date.now(), storage = browserStorage(), memory = pageMemory }: Options = {},
): string | undefined {
  return storedAffiliate(keyOf(eventId), now, storage) ?? keptAffiliate(keyOf(eventId), now, memory);
}

function storedAffiliate(key: string, now: number, storage: AffiliateStorage | null): string | undefined {
  if (!storage) return undefined;
  try {
    const raw = storage.getItem(key);
    if (raw === null) return undefined;
    const value = JSON.parse(raw) as Partial<Remembered> | null;
    const code = typeof value?.code === 'string' ? value.code : '';
    const expires = typeof value?.expires === 'number' ? value.expires : 0;
    if (expires > now && AFFILIATE_CODE_PATTERN.test(code)) return code;
    storage.removeItem(key);
  } catch {
    // Unreadable or refused: as if nothing were stored.
  }
  return undefined;
}

function keptAffiliate(key: string, now: number, memory: AffiliateMemory): string | undefined {
  const kept = memory.get(key);
  if (kept && kept.expires > now) return kept.code;
  memory.delete(key);
  return undefined;
}

/** The order request with the event's remembered affiliate code, unless it names one already. */
export function withAffiliateCode<T extends { affiliate_code?: string | undefined }>(
  eventId: string | number,
  request: T,
  options?: Options,
): T {
  if (request.affiliate_code) return request;
  const code = rememberedAffiliate(eventId, options);
  return code ? { ...request, affiliate_code: code } : request;
}

/** On a page with `?aff=CODE` in its address: remembers the code for the event. */
export function useRememberAffiliate(eventId: string | number | undefined): void {
  const [searchParams] = useSearchParams();
  const code = searchParams.get(AFFILIATE_PARAM);
  useEffect(() => {
    if (eventId !== undefined && eventId !== '' && code) rememberAffiliate(eventId, code);
  }, [eventId, code]);
}

/**
 * `href` with `?aff=CODE` when a code is remembered for the event (replacing any `aff` it had),
 * else `href` unchanged. Relative links stay relative.
 */
export function withAffiliateParam(eventId: string | number, href: string, options?: Options): string {
  const code = rememberedAffiliate(eventId, options);
  if (!code) return href;
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(href);
  const url = new URL(href, 'https://relative.invalid');
  url.searchParams.set(AFFILIATE_PARAM, code);
  return absolute ? url.href : `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A link to the event's page that carries the remembered code, so a sale made there is still
 * credited. The server and the first browser render give `href` as is (the same markup); the
 * code is added after hydration, and again on click in case it was remembered since.
 */
export function useAffiliateLink(
  eventId: string | number,
  href: string,
): { href: string; onClick: (event: React.MouseEvent<HTMLAnchorElement>) => void } {
  const [withCode, setWithCode] = useState(href);
  useEffect(() => setWithCode(withAffiliateParam(eventId, href)), [eventId, href]);
  return {
    href: withCode,
    onClick: (event) => {
      event.currentTarget.href = withAffiliateParam(eventId, href);
    },
  };
}
