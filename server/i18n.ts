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

/** Picks a request's locale: the language cookie, then Accept-Language, then English. */
export function localeOfRequest(
  headers: { cookie?: string; 'accept-language'?: string },
  cookies?: Record<string, string | undefined>,
): Locale {
  return resolveLocale({
    explicit: [cookies?.[LOCALE_COOKIE]],
    preferred: parseAcceptLanguage(headers['accept-language']),
  });
}
