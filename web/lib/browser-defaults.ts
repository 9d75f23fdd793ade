/**
 * Defaults for a new account taken from the browser: its time zone, and the currency of the
 * region of its preferred language (`pt-BR` → BRL, `de` → Germany → EUR), USD when unknown.
 */

// biome-ignore format: a table reads better packed
const EURO_AREA = [
  'AT', 'BE', 'BG', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT',
  'NL', 'PT', 'SI', 'SK', 'AD', 'MC', 'SM', 'VA', 'ME', 'XK',
];

// biome-ignore format: a table reads better packed
const CURRENCY_BY_REGION: Record<string, string> = {
  ...Object.fromEntries(EURO_AREA.map((region) => [region, 'EUR'])),
  US: 'USD', GB: 'GBP', IE: 'EUR', CA: 'CAD', AU: 'AUD', NZ: 'NZD', CH: 'CHF', LI: 'CHF', SE: 'SEK',
  NO: 'NOK', DK: 'DKK', IS: 'ISK', PL: 'PLN', CZ: 'CZK', HU: 'HUF', RO: 'RON', RS: 'RSD', UA: 'UAH',
  TR: 'TRY', IL: 'ILS', AE: 'AED', SA: 'SAR', EG: 'EGP', MA: 'MAD', ZA: 'ZAR', NG: 'NGN', KE: 'KES',
  GH: 'GHS', AO: 'AOA', MZ: 'MZN', CV: 'CVE', BR: 'BRL', MX: 'MXN', AR: 'ARS', CL: 'CLP', CO: 'COP',
  PE: 'PEN', UY: 'UYU', CN: 'CNY', HK: 'HKD', MO: 'MOP', TW: 'TWD', JP: 'JPY', KR: 'KRW', IN: 'INR',
  SG: 'SGD', MY: 'MYR', TH: 'THB', ID: 'IDR', PH: 'PHP', VN: 'VND',
};

export const FALLBACK_CURRENCY = 'USD';
export const FALLBACK_TIMEZONE = 'UTC';

/** The region of a language tag, filling in the likely one (`de` → DE, `zh` → CN). */
function regionOf(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).maximize().region;
  } catch {
    return undefined;
  }
}

export function currencyForLanguages(languages: readonly string[]): string {
  for (const tag of languages) {
    const region = regionOf(tag);
    const currency = region ? CURRENCY_BY_REGION[region] : undefined;
    if (currency) return currency;
  }
  return FALLBACK_CURRENCY;
}

export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIMEZONE;
  } catch {
    return FALLBACK_TIMEZONE;
  }
}

export function browserCurrency(): string {
  return currencyForLanguages(typeof navigator === 'undefined' ? [] : (navigator.languages ?? []));
}
