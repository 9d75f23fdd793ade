/** Option lists for time zone, currency and language selects, named in the visitor's language. */
import { LOCALE_NAMES, LOCALES } from '../../common/i18n/locales';

export interface Choice {
  value: string;
  label: string;
}

const cache = new Map<string, Choice[]>();

function cached(key: string, build: () => Choice[]): Choice[] {
  let list = cache.get(key);
  if (!list) {
    list = build();
    cache.set(key, list);
  }
  return list;
}

/** Every IANA time zone the browser knows, with UTC first; `Europe/Lisbon` reads "Europe/Lisbon". */
export function timezoneChoices(include?: string | null): Choice[] {
  const zones = cached('tz', () => {
    const all = Intl.supportedValuesOf('timeZone').filter((zone) => zone.includes('/'));
    return ['UTC', ...all].map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
  });
  // A stored zone may be an alias the browser lists under another name (Asia/Calcutta).
  return include && !zones.some((z) => z.value === include)
    ? [{ value: include, label: include.replaceAll('_', ' ') }, ...zones]
    : zones;
}

/** Currencies in use, as "EUR · Euro" in the given language. */
export function currencyChoices(locale: string, include?: string | null): Choice[] {
  const list = cached(`currency:${locale}`, () => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([locale], { type: 'currency' });
    } catch {
      names = undefined;
    }
    return Intl.supportedValuesOf('currency').map((code) => {
      const name = names?.of(code);
      return { value: code, label: name && name !== code ? `${code} · ${name}` : code };
    });
  });
  return include && !list.some((c) => c.value === include)
    ? [{ value: include, label: include }, ...list]
    : list;
}

/** The interface languages, each named in itself. */
export function localeChoices(): Choice[] {
  return LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));
}
