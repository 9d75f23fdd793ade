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
 * The web's messages come in parts per locale (decision 012): `buyer` (the shell and
 * the buyer's pages, always loaded), `manage` (login pages, organizer app, door staff),
 * loaded the first time one of those sections opens, and `seating` (the seat picker and the
 * seat map, issue 42), loaded with the picker or by a screen that shows the map. Each part of each locale is a chunk of
 * its own, so a buyer downloads only their language's buyer part.
 */
export type CatalogArea = 'buyer' | 'manage' | 'seating';

const loadedAreas = new Set<CatalogArea>(['buyer']);
/** Set as soon as a language is asked for; the router may want a catalog part before it is active. */
let requestedLocale: Locale | undefined;

async function loadArea(locale: Locale, area: CatalogArea): Promise<void> {
  const { messages } = (await import(`./locales/${locale}/${area}.ts`)) as { messages: Messages };
  i18n.load(locale, messages);
}

/** Loads the visitor's catalog (every part opened so far) and makes it the active one. */
export async function activateLocale(locale: Locale): Promise<void> {
  requestedLocale = locale;
  await Promise.all([...loadedAreas].map((area) => loadArea(locale, area)));
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** Adds one part of the catalog in the active language; the router awaits it before a section renders. */
export async function loadCatalogArea(area: CatalogArea): Promise<void> {
  while (!loadedAreas.has(area)) {
    const locale = requestedLocale ?? initialLocale();
    await loadArea(locale, area);
    // A language switch while this part was loading needs it in the new language too.
    if (locale === (requestedLocale ?? initialLocale())) loadedAreas.add(area);
  }
}

/** Remembers the choice (the server reads the same cookie for API messages and e-mails) and switches. */
export async function changeLocale(locale: Locale): Promise<void> {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support.
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
  await activateLocale(locale);
}

export { i18n };
