import * as z from 'zod/mini';
import { LIMITS } from './limits';

/**
 * A person's name and e-mail as a buyer types them at checkout. Written with zod's small
 * functional build (`zod/mini`): the checkout checks its form with these schemas in the
 * browser, and that build costs a buyer a quarter of the download of the chained one
 * (decision 033). The chained helpers in `validators.ts` are built from the same checks, so
 * the rule exists once.
 */

export const emailChecks = () => [z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(254)];
export const firstNameChecks = () => [
  z.trim(),
  z.minLength(LIMITS.firstName.min),
  z.maxLength(LIMITS.firstName.max),
];
/**
 * A ticket holder's or buyer's last name: required, as the first name. The SPEC names both
 * names of an attendee and makes neither optional, and checkout marks both required.
 */
export const lastNameChecks = () => [
  z.trim(),
  z.minLength(LIMITS.firstName.min),
  z.maxLength(LIMITS.firstName.max),
];
/** An account user's last name, which registration leaves optional. */
export const userLastNameChecks = () => [z.trim(), z.maxLength(LIMITS.firstName.max)];

/** An e-mail address, trimmed and lower-cased before it is checked. */
export const buyerEmail = () => z.pipe(z.string().check(...emailChecks()), z.email());
export const buyerFirstName = () => z.string().check(...firstNameChecks());
export const buyerLastName = () => z.string().check(...lastNameChecks());
