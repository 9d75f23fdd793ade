import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Fieldset.css';
import { useLingui } from '@lingui/react/macro';
import { Fieldset, SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { LOCALE_NAMES, LOCALES } from '../../../common/i18n/locales';
import type { ImageResponse } from '../../../common/images';
import { LIMITS } from '../../../common/limits';
import { ColoursSection, PaletteColourInput } from '../../components/ColourFields';
import { Section } from '../../components/Section';
import type { DesignValues } from './design-form';
import { ImageField } from './ImageField';
import { PriceDisplayField } from './SettingsFields';

type ColorField = Exclude<
  keyof DesignValues,
  | 'continue_button_text'
  | 'continue_button_texts'
  | 'show_hidden_questions'
  | 'price_display_mode'
  | 'page_sections'
  | 'faq'
>;

/** The designer's fields: colours, cover image, and the page's button and price settings. */
export function DesignFields({
  form,
  eventId,
  cover,
  contrastWarning,
}: {
  form: UseFormReturnType<DesignValues>;
  eventId: number;
  cover: ImageResponse | undefined;
  /** Shown under the colours when a pair of them reads poorly. */
  contrastWarning: ReactNode;
}) {
  const { t } = useLingui();
  const color = (field: ColorField, label: string, description: string) => (
    <PaletteColourInput
      label={label}
      description={description}
      colour={form.getValues()[field]}
      onPick={(value) => form.setFieldValue(field, value)}
      key={form.key(field)}
      {...form.getInputProps(field)}
    />
  );
  return (
    <>
      <ColoursSection warning={contrastWarning}>
        {color('homepage_background_color', t`Page background`, t`Around the content.`)}
        {color('homepage_content_background_color', t`Content background`, t`Cards, and the buttons’ label.`)}
        {color('homepage_primary_color', t`Primary colour`, t`Buttons.`)}
        {color('homepage_secondary_color', t`Secondary colour`, t`Links and icons.`)}
        {color('homepage_text_color', t`Text colour`, t`Titles and text.`)}
      </ColoursSection>
      <Section
        title={t`Cover image`}
        description={t`Shown at the top of the event page. A new one replaces the old and is saved at once.`}
      >
        <ImageField eventId={eventId} type="EVENT_COVER" title={t`Cover image`} image={cover} />
      </Section>
      <Section title={t`Tickets and checkout`}>
        <TextInput
          label={t`Continue button text`}
          description={t`The label of the button that leads to checkout, in every language without a text of its own below. Leave empty for “Get tickets” in the buyer’s language.`}
          placeholder={t`Get tickets`}
          maxLength={LIMITS.continueButtonMax}
          key={form.key('continue_button_text')}
          {...form.getInputProps('continue_button_text')}
        />
        <Fieldset legend={t`Continue button text per language`} variant="unstyled">
          <SimpleGrid type="container" cols={{ base: 1, '420px': 2 }} spacing="sm">
            {LOCALES.map((locale) => (
              <TextInput
                key={form.key(`continue_button_texts.${locale}`)}
                label={LOCALE_NAMES[locale]}
                lang={locale}
                placeholder={form.getValues().continue_button_text}
                maxLength={LIMITS.continueButtonMax}
                {...form.getInputProps(`continue_button_texts.${locale}`)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <PriceDisplayField form={form} />
        <Switch
          label={t`Show hidden questions`}
          description={t`Show questions marked as hidden to buyers at checkout. Always on while the event has a hidden question.`}
          key={form.key('show_hidden_questions')}
          {...form.getInputProps('show_hidden_questions', { type: 'checkbox' })}
        />
      </Section>
    </>
  );
}
