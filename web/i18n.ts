import { i18n, type Messages } from '@lingui/core';
import { LOCALE_COOKIE, type Locale, resolveLocale } from '../common/i18n/locales';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** Reads one cookie from `document.cookie`. */
function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** The visitor's language: their saved choice, else the browser's languages, else English. */
export function initialLocale(): Locale {
  return resolveLocale({ explicit: [readCookie(LOCALE_COOKIE)], preferred: navigator.languages ?? [] });
}

/**
 * Loads the compiled catalog of one locale (each is its own chunk, so a visitor downloads
 * only their language) and makes it the active one.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = (await import(`../common/locales/${locale}/messages.ts`)) as { messages: Messages };
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

/** Remembers the choice (the server reads the same cookie for API messages and e-mails) and switches. */
export async function changeLocale(locale: Locale): Promise<void> {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support.
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
  await activateLocale(locale);
}

export { i18n };
