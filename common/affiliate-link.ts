import { LIMITS } from './limits';

/**
 * What the buyer's side needs of affiliate links, without zod: the event page and the widget
 * load this in the buyer's first download (decision 021).
 */

/** The query parameter of an affiliate's link on the public event page: `?aff=CODE`. */
export const AFFILIATE_PARAM = 'aff';

/** How long a buyer's browser remembers the code of an `?aff=` link, per event. */
export const AFFILIATE_MEMORY_DAYS = 30;

/** What a well-formed code is, whatever its case (the length limits included). */
export const AFFILIATE_CODE_PATTERN = new RegExp(
  `^[A-Za-z0-9_-]{${LIMITS.affiliate.codeMin},${LIMITS.affiliate.codeMax}}$`,
);
