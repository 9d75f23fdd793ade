/**
 * The event page's colours out of the box (decision 023): white cards on a cool grey, Tessera's
 * indigo for buttons, a deep teal for links. Kept apart from `events.ts` (and its zod) so the
 * buyer's page can theme itself without downloading the schemas.
 */
export const DESIGN_DEFAULTS = {
  homepage_background_color: '#f1f2f7',
  homepage_content_background_color: '#ffffff',
  homepage_primary_color: '#3b3fb6',
  homepage_secondary_color: '#0c6b58',
  homepage_text_color: '#1f2133',
} as const;

export const DESIGN_FIELDS = Object.keys(DESIGN_DEFAULTS) as (keyof typeof DESIGN_DEFAULTS)[];

/**
 * The continue button's text in some of the buyer's languages (decision 040), keyed by locale
 * (`common/i18n/locales.ts`); a language left out shows the default text.
 */
export type ContinueButtonTexts = Partial<Record<string, string>>;

/**
 * The label of the event page's continue button for a buyer reading `locale`: that language's
 * own text, for Brazilian Portuguese the European one as the catalogs fall back, else the
 * default `continue_button_text`; null when the organizer set none, for "Get tickets" in the
 * buyer's language. The server's render and the browser call it with the same locale, so
 * hydration keeps the text the page was sent with.
 */
export function continueButtonText(
  settings: { continue_button_text: string | null; continue_button_texts?: ContinueButtonTexts | undefined },
  locale: string,
): string | null {
  const texts = settings.continue_button_texts ?? {};
  const own = texts[locale] || (locale === 'pt-BR' ? texts.pt : undefined);
  return own || settings.continue_button_text || null;
}
