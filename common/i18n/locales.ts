/** The languages Tessera speaks (common/locales/README.md). English is the source and the fallback. */
export const LOCALES = ['en', 'de', 'fr', 'pt', 'pt-BR', 'es', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Name of the cookie that remembers a visitor's language choice. */
export const LOCALE_COOKIE = 'tessera_locale';

/** Each language named in itself, for the language switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  pt: 'Português',
  'pt-BR': 'Português (Brasil)',
  es: 'Español',
  'zh-CN': '简体中文',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Maps a language tag such as `de-AT`, `pt_br`, `zh-Hans-CN` or `zh` to a supported locale,
 * or undefined when nothing fits.
 */
export function matchLocale(tag: string | undefined | null): Locale | undefined {
  if (!tag) return undefined;
  const normalized = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!normalized) return undefined;
  const exact = LOCALES.find((l) => l.toLowerCase() === normalized);
  if (exact) return exact;
  const [language, ...rest] = normalized.split('-');
  if (language === 'zh') {
    // Traditional Chinese is not offered; simplified is the only Chinese catalog.
    return rest.includes('hant') || rest.includes('tw') || rest.includes('hk') ? undefined : 'zh-CN';
  }
  if (language === 'pt') return rest.includes('br') ? 'pt-BR' : 'pt';
  return LOCALES.find((l) => l === language);
}

/** Parses an Accept-Language header into tags ordered by preference. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * Chooses the locale: an explicit choice (cookie or user setting) first, then the
 * browser's languages in order, then English.
 */
export function resolveLocale(options: {
  explicit?: (string | undefined | null)[];
  preferred?: readonly string[];
}): Locale {
  for (const candidate of options.explicit ?? []) {
    const match = matchLocale(candidate);
    if (match) return match;
  }
  for (const candidate of options.preferred ?? []) {
    const match = matchLocale(candidate);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
