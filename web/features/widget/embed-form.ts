import { z } from 'zod';
import { AFFILIATE_CODE_PATTERN } from '../../../common/affiliate-link';
import { LOCALES } from '../../../common/i18n/locales';
import { VALIDATION } from '../../../common/i18n/validation';
import { LIMITS } from '../../../common/limits';
import { type EmbedOptions, isButtonText, isHexColor } from '../../../common/widget';

/** The widget screen's form: the embed options, each optional (empty means "the default"). */
export interface EmbedValues {
  primary_color: string;
  button_text: string;
  locale: string;
  auto_resize: boolean;
  /** An affiliate's code, credited with the orders made in this embed (decision 021). */
  affiliate_code: string;
  /** One date of the event (its id), or empty: the buyer chooses (issue 36). */
  date_id: string;
}

export const initialEmbedValues: EmbedValues = {
  primary_color: '',
  button_text: '',
  locale: '',
  auto_resize: true,
  affiliate_code: '',
  date_id: '',
};

/** The same rules the widget page applies to its address (`common/widget.ts`). */
export const EmbedValuesSchema = z.object({
  primary_color: z
    .string()
    .trim()
    .refine((value) => value === '' || isHexColor(value), { message: VALIDATION.invalidColor.id }),
  button_text: z
    .string()
    .trim()
    .max(LIMITS.continueButtonMax)
    .refine((value) => value === '' || isButtonText(value), { message: VALIDATION.invalid.id }),
  locale: z.union([z.literal(''), z.enum(LOCALES)]),
  auto_resize: z.boolean(),
  date_id: z.string().regex(/^[0-9]*$/),
  affiliate_code: z
    .string()
    .trim()
    .max(LIMITS.affiliate.codeMax)
    .refine((value) => /^[A-Za-z0-9_-]*$/.test(value), { message: VALIDATION.promoCodeCharacters.id })
    .refine((value) => value === '' || AFFILIATE_CODE_PATTERN.test(value), {
      message: VALIDATION.invalid.id,
    }),
});

/** The options the embed code and preview use: the valid fields only (`errors` names the others). */
export function embedOptions(values: EmbedValues, errors: Record<string, unknown>): EmbedOptions {
  const options: EmbedOptions = { autoResize: values.auto_resize };
  const color = values.primary_color.trim().toLowerCase();
  if (color && !errors.primary_color) options.primaryColor = color;
  const text = values.button_text.trim();
  if (text && !errors.button_text) options.buttonText = text;
  const locale = LOCALES.find((l) => l === values.locale);
  if (locale) options.locale = locale;
  const code = values.affiliate_code.trim().toUpperCase();
  if (code && !errors.affiliate_code) options.affiliateCode = code;
  if (values.date_id && !errors.date_id) options.dateId = values.date_id;
  return options;
}
