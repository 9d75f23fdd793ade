/**
 * The countries of ISO 3166-1, by their two-letter codes: a business buyer's country at checkout
 * (issue 38). One string rather than an array of 249, as the checkout downloads it; the names
 * come from the browser's or server's own `Intl.DisplayNames`, in the reader's language.
 */
const CODES =
  'ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCNCOCRCUCVCWCXCYCZDEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHMHNHRHTHUIDIEILIMINIOIQIRISITJEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMOMPMQMRMSMTMUMVMWMXMYMZNANCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURWSASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSYEYTZAZMZW';

/** Every country's code, in alphabetical order of the codes. */
export const COUNTRY_CODES: readonly string[] = CODES.match(/../g) ?? [];

/** Whether `code` is a country's ISO 3166-1 code ("DE"; not "de", not "EU"). */
export const isCountry = (code: string): boolean => /^[A-Z]{2}$/.test(code) && COUNTRY_CODES.includes(code);

/** A country's name in `locale` ("Deutschland" for DE in German); the code where none is known. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
