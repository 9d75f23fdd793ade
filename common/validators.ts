import { z } from 'zod';
import { LOCALES } from './i18n/locales';
import { VALIDATION } from './i18n/validation';
import { LIMITS } from './limits';
import { emailChecks, firstNameChecks, lastNameChecks, userLastNameChecks } from './person-fields';

/** Reusable field schemas: one definition of "a valid e-mail", "a password", "a currency". */

/** An e-mail address, trimmed and lower-cased before it is checked. */
export const email = () =>
  z
    .string()
    .check(...emailChecks())
    .pipe(z.email());

export const password = () => z.string().min(LIMITS.passwordMin).max(200);

export const firstName = () => z.string().check(...firstNameChecks());

/** A ticket holder's or buyer's last name: required. */
export const lastName = () => z.string().check(...lastNameChecks());

/** An account user's last name: may be left empty. */
export const userLastName = () => z.string().check(...userLastNameChecks());

export const personName = () => z.string().trim().min(1).max(LIMITS.nameMax);

export const locale = () => z.enum(LOCALES);

function isTimezone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone such as `Europe/Lisbon`. */
export const timezone = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine((value) => value.includes('/') || value === 'UTC', { message: VALIDATION.invalidTimezone.id })
    .refine(isTimezone, { message: VALIDATION.invalidTimezone.id });

/** An ISO 4217 currency code such as `EUR`. */
export const currency = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { message: VALIDATION.invalidCurrency.id })
    .refine(
      (code) => {
        try {
          return (
            new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().currency ===
            code
          );
        } catch {
          return false;
        }
      },
      { message: VALIDATION.invalidCurrency.id },
    );

/** A colour as a six-digit hex code such as `#ffffff`, stored in lower case. */
export const hexColor = () =>
  z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { message: VALIDATION.invalidColor.id })
    .transform((value) => value.toLowerCase());

/** A numeric id in a path (`/users/12`); anything else is a 404, never a 500. */
export const idParam = () => z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A random token from a link (base64url, 43 characters for 256 bits). */
export const linkToken = () => z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

/**
 * The check that a password and its confirmation match, reported on the confirmation field.
 * A password left out (optional fields) needs no confirmation. It runs even when other fields
 * failed (a password too short, terms not accepted), so a form shows every problem at once.
 */
export function confirmsPassword<K extends string, C extends string>(passwordKey: K, confirmationKey: C) {
  const check = (value: Partial<Record<K | C, unknown>>) =>
    value[passwordKey] === undefined || value[passwordKey] === value[confirmationKey];
  const options: {
    path: PropertyKey[];
    message: string;
    when: (payload: z.core.ParsePayload) => boolean;
  } = {
    path: [confirmationKey],
    message: VALIDATION.passwordsMustMatch.id,
    // A confirmation that is itself missing or malformed already has its message.
    when: ({ value, issues }) =>
      typeof value === 'object' &&
      value !== null &&
      !issues.some((issue) => issue.path?.[0] === confirmationKey),
  };
  return [check, options] as const;
}
