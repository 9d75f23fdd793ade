import { contrastRatio, passesAA } from '../../../common/contrast';
import { continueButtonText } from '../../../common/design';
import {
  type FaqPair,
  PAGE_SECTIONS_DEFAULT,
  type PageSection,
  pageSectionsOf,
} from '../../../common/event-sections';
import {
  DESIGN_DEFAULTS,
  EVENT_SETTING_DEFAULTS,
  type EventSettings,
  EventSettingsPatch,
} from '../../../common/events';
import { LOCALES, type Locale } from '../../../common/i18n/locales';
import { validateWith } from '../../components/form-errors';
import { designOf, type EventDesign } from '../public-event/design';

/** The homepage designer's form: the design, and the two page settings it shows beside it. */
export type DesignValues = EventDesign & {
  continue_button_text: string;
  /** The button's text per language (decision 040); empty: the text above. */
  continue_button_texts: Record<Locale, string>;
  show_hidden_questions: boolean;
  price_display_mode: EventSettings['price_display_mode'];
  /** The page's sections in order, shown or not, and the FAQ's pairs (decision 060). */
  page_sections: PageSection[];
  faq: FaqPair[];
};

function textsPerLocale(texts: EventSettings['continue_button_texts']): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, texts[locale] ?? ''])) as Record<Locale, string>;
}

export function toDesignValues(settings: EventSettings): DesignValues {
  return {
    homepage_background_color: settings.homepage_background_color,
    homepage_content_background_color: settings.homepage_content_background_color,
    homepage_primary_color: settings.homepage_primary_color,
    homepage_secondary_color: settings.homepage_secondary_color,
    homepage_text_color: settings.homepage_text_color,
    continue_button_text: settings.continue_button_text ?? '',
    continue_button_texts: textsPerLocale(settings.continue_button_texts),
    show_hidden_questions: settings.show_hidden_questions,
    price_display_mode: settings.price_display_mode,
    page_sections: pageSectionsOf(settings.page_sections),
    faq: settings.faq.map((pair) => ({ ...pair })),
  };
}

/** "Reset to defaults": Tessera's design, the button's own label, the settings' defaults. */
export const DEFAULT_DESIGN_VALUES: DesignValues = {
  ...DESIGN_DEFAULTS,
  continue_button_text: '',
  continue_button_texts: textsPerLocale({}),
  show_hidden_questions: EVENT_SETTING_DEFAULTS.show_hidden_questions,
  price_display_mode: EVENT_SETTING_DEFAULTS.price_display_mode,
  page_sections: PAGE_SECTIONS_DEFAULT.map((section) => ({ ...section })),
  faq: [],
};

/** The `settings` of `PUT /api/events/{id}`: merged into the event's other settings (decision 013). */
export function toSettingsPatch(values: DesignValues) {
  return {
    ...values,
    continue_button_text: values.continue_button_text.trim() === '' ? null : values.continue_button_text,
  };
}

export const validateDesign = validateWith(EventSettingsPatch, toSettingsPatch);

/** The continue button's label the preview shows for a buyer reading `locale`; null: "Get tickets". */
export function previewContinueText(values: DesignValues, locale: string): string | null {
  const texts = Object.fromEntries(
    Object.entries(values.continue_button_texts).map(([language, text]) => [language, text.trim()]),
  );
  return continueButtonText(
    { continue_button_text: values.continue_button_text.trim() || null, continue_button_texts: texts },
    locale,
  );
}

export type ContrastPair = 'text_on_page' | 'text_on_content' | 'button_on_primary' | 'links_on_content';

export interface ContrastProblem {
  pair: ContrastPair;
  ratio: number;
}

/**
 * The colour pairs the page draws text with that fail WCAG AA (4.5:1): the title and dates
 * on the page background, the text and the links (secondary colour) on the content
 * background, and the buttons' label (the content background) on the primary colour.
 */
export function contrastProblems(values: EventDesign): ContrastProblem[] {
  const d = designOf(values);
  const pairs: [ContrastPair, string, string][] = [
    ['text_on_page', d.homepage_text_color, d.homepage_background_color],
    ['text_on_content', d.homepage_text_color, d.homepage_content_background_color],
    ['button_on_primary', d.homepage_content_background_color, d.homepage_primary_color],
    ['links_on_content', d.homepage_secondary_color, d.homepage_content_background_color],
  ];
  return pairs
    .filter(([, fg, bg]) => !passesAA(fg, bg))
    .map(([pair, fg, bg]) => ({ pair, ratio: contrastRatio(fg, bg) ?? 1 }));
}
