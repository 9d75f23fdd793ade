import { type I18n, setupI18n } from '@lingui/core';
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  type Locale,
  parseAcceptLanguage,
  resolveLocale,
} from '../common/i18n/locales';
import { messages as de } from '../common/locales/de/messages';
import { messages as en } from '../common/locales/en/messages';
import { messages as es } from '../common/locales/es/messages';
import { messages as fr } from '../common/locales/fr/messages';
import { messages as pt } from '../common/locales/pt/messages';
import { messages as ptBR } from '../common/locales/pt-BR/messages';
import { messages as zhCN } from '../common/locales/zh-CN/messages';

// The server speaks from the same compiled catalogs as the web app (`npm run i18n:compile`).
const catalogs: Record<Locale, I18n['messages']> = {
  en,
  de,
  fr,
  pt,
  'pt-BR': ptBR,
  es,
  'zh-CN': zhCN,
};

const instances = new Map<Locale, I18n>();

/** One i18n instance per locale, created on first use and shared by all requests. */
export function i18nFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = setupI18n({
      locale,
      messages: { [locale]: catalogs[locale], [DEFAULT_LOCALE]: catalogs[DEFAULT_LOCALE] },
    });
    instances.set(locale, instance);
  }
  return instance;
}

/**
 * One cookie's value from a `Cookie` header, or undefined. The only cookie the server reads
 * is the language (`tessera_locale`), so it parses just what it needs: no cookie library.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    const raw = pair
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** Picks a request's locale: the language cookie, then Accept-Language, then English. */
export function localeOfRequest(headers: { cookie?: string; 'accept-language'?: string }): Locale {
  return resolveLocale({
    explicit: [cookieValue(headers.cookie, LOCALE_COOKIE)],
    preferred: parseAcceptLanguage(headers['accept-language']),
  });
}
