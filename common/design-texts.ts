import { z } from 'zod';
import type { ContinueButtonTexts } from './design';
import type { Locale } from './i18n/locales';
import { LIMITS } from './limits';

const buttonText = () => z.string().trim().max(LIMITS.continueButtonMax).nullable().optional();

/** One optional text per language Tessera speaks; another key is refused like any unknown field. */
const perLocale = {
  en: buttonText(),
  de: buttonText(),
  fr: buttonText(),
  pt: buttonText(),
  'pt-BR': buttonText(),
  es: buttonText(),
  'zh-CN': buttonText(),
} satisfies Record<Locale, unknown>;

/**
 * `settings.continue_button_texts` (decision 040): the continue button's text per language, each
 * at most `LIMITS.continueButtonMax` characters. An empty or null text is no text: that
 * language shows `continue_button_text`, the default. Sent, the object replaces the stored one.
 */
export const continueButtonTexts = () =>
  z
    .strictObject(perLocale)
    .transform((texts) => {
      const kept: ContinueButtonTexts = {};
      for (const [locale, text] of Object.entries(texts)) if (text) kept[locale] = text;
      return kept;
    })
    .meta({
      description:
        'The continue button’s text per language (en, de, fr, pt, pt-BR, es, zh-CN); a language left out shows continue_button_text.',
    });
