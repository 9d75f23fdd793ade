/**
 * A VAT number's format, checked offline (issue 38, decision 053): the EU member states, the
 * United Kingdom, Switzerland and Norway, each by its country prefix and the pattern of what
 * follows it. Only the shape is checked, not whether the number was ever given: that needs the
 * tax offices' own services (VIES), which a checkout does not wait on. Shared by the server and
 * the checkout form; free of schemas and messages, as the buyer's pages import it.
 */

/**
 * Per ISO 3166 country: the pattern of the number after its prefix, and an example. The prefix
 * is the country code, except Greece's (EL) and Switzerland's (CHE).
 */
const FORMATS: Record<string, [pattern: RegExp, example: string]> = {
  AT: [/^U\d{8}$/, 'ATU12345678'],
  BE: [/^[01]\d{9}$/, 'BE0123456789'],
  BG: [/^\d{9,10}$/, 'BG123456789'],
  CY: [/^\d{8}[A-Z]$/, 'CY12345678X'],
  CZ: [/^\d{8,10}$/, 'CZ12345678'],
  DE: [/^\d{9}$/, 'DE123456789'],
  DK: [/^\d{8}$/, 'DK12345678'],
  EE: [/^\d{9}$/, 'EE123456789'],
  // A letter first (companies, foreigners) or last (people), never digits alone.
  ES: [/^([A-Z]\d{7}[A-Z\d]|\d{8}[A-Z])$/, 'ESB12345678'],
  FI: [/^\d{8}$/, 'FI12345678'],
  // A key of two characters (digits, or letters but I and O), then the 9-digit SIREN.
  FR: [/^[\dA-HJ-NP-Z]{2}\d{9}$/, 'FR12345678901'],
  GR: [/^\d{9}$/, 'EL123456789'],
  HR: [/^\d{11}$/, 'HR12345678901'],
  HU: [/^\d{8}$/, 'HU12345678'],
  // Seven digits and one or two letters, or the old form: a digit, a letter, + or *, five digits, a letter.
  IE: [/^(\d{7}[A-W][A-Z]?|\d[A-Z+*]\d{5}[A-W])$/, 'IE1234567FA'],
  IT: [/^\d{11}$/, 'IT12345678901'],
  LT: [/^(\d{9}|\d{12})$/, 'LT123456789'],
  LU: [/^\d{8}$/, 'LU12345678'],
  LV: [/^\d{11}$/, 'LV12345678901'],
  MT: [/^\d{8}$/, 'MT12345678'],
  NL: [/^\d{9}B\d{2}$/, 'NL123456789B01'],
  PL: [/^\d{10}$/, 'PL1234567890'],
  PT: [/^\d{9}$/, 'PT123456789'],
  RO: [/^[1-9]\d{1,9}$/, 'RO1234567890'],
  SE: [/^\d{10}01$/, 'SE123456789001'],
  SI: [/^\d{8}$/, 'SI12345678'],
  SK: [/^\d{10}$/, 'SK1234567890'],
  // Nine or twelve digits (a branch), or a government department (GD) or health authority (HA).
  GB: [/^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/, 'GB123456789'],
  // The UID; MWST, TVA, IVA or TPV after it names the language only, and is dropped.
  CH: [/^\d{9}(MWST|TVA|IVA|TPV)?$/, 'CHE123456789'],
  // MVA after the number marks it registered for VAT; added when left out.
  NO: [/^\d{9}(MVA)?$/, 'NO123456789MVA'],
};

const PREFIXES: Record<string, string> = { GR: 'EL', CH: 'CHE' };

/** Elsewhere: a tax number of 2 to 20 letters and digits, in whatever form that country gives it. */
const OTHER = /^[A-Z\d]{2,20}$/;

/** Whether this country's VAT numbers have a format known here. */
export const hasVatFormat = (country: string): boolean => Object.hasOwn(FORMATS, country);

/** An example of a VAT number of this country ("DE123456789"); null where the format is not known. */
export const vatExample = (country: string): string | null =>
  hasVatFormat(country) ? (FORMATS[country]?.[1] ?? null) : null;

/** The countries whose VAT numbers are checked here, by ISO 3166 code. */
export const VAT_COUNTRIES: readonly string[] = Object.keys(FORMATS);

/**
 * A VAT number as typed, normalised for `country` (ISO 3166, upper case): spaces, dots, dashes
 * and slashes dropped, upper case, with the country's prefix in front ("de 123.456.789" →
 * "DE123456789"; Greece's is EL, Switzerland's CHE). Null when it does not have the country's
 * format, or, for a country whose format is not known here, is not 2 to 20 letters and digits.
 */
export function normalizeVat(country: string, typed: string): string | null {
  const compact = typed.replace(/[\s.\-/]/g, '').toUpperCase();
  const format = hasVatFormat(country) ? FORMATS[country] : undefined;
  if (!format) return OTHER.test(compact) ? compact : null;
  const prefix = PREFIXES[country] ?? country;
  // The prefix is optional; Greek numbers are also met with GR in front, Swiss ones with CH.
  const national = [prefix, country].reduce(
    (rest, p) => (rest.startsWith(p) && !format[0].test(rest) ? rest.slice(p.length) : rest),
    compact,
  );
  if (!format[0].test(national)) return null;
  if (country === 'CH') return `${prefix}${national.replace(/\D+$/, '')}`;
  if (country === 'NO') return `${prefix}${national.replace(/MVA$/, '')}MVA`;
  return `${prefix}${national}`;
}
