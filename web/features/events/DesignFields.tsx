import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Fieldset.css';
import { useLingui } from '@lingui/react/macro';
import { ColorInput, Fieldset, SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { LOCALE_NAMES, LOCALES } from '../../../common/i18n/locales';
import type { ImageResponse } from '../../../common/images';
import { LIMITS } from '../../../common/limits';
import { Section } from '../../components/Section';
import type { DesignValues } from './design-form';
import { ImageField } from './ImageField';
import { PriceDisplayField } from './SettingsFields';

const SWATCHES = ['#ffffff', '#f1f2f7', '#fdf6ec', '#1f2133', '#3b3fb6', '#0c6b58', '#b4232a', '#8a4b08'];

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
  const color = (field: ColorField, label: string, description: string) => {
    const value = form.getValues()[field];
    return (
      <ColorInput
        label={label}
        description={description}
        format="hex"
        // What the organizer typed stays until they correct it, with the error beside it;
        // Mantine would put the last valid colour back on blur without a word.
        fixOnBlur={false}
        withEyeDropper={false}
        // Mantine's saturation and hue sliders cannot be reached by keyboard nor named: the
        // browser's own colour picker (beside the field) stands in for them.
        withPicker={false}
        swatches={SWATCHES}
        swatchesPerRow={8}
        rightSectionPointerEvents="all"
        rightSection={
          <input
            type="color"
            aria-label={t`Pick ${label} on a palette`}
            value={/^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : '#000000'}
            onChange={(event) => form.setFieldValue(field, event.currentTarget.value)}
            style={{ width: 26, height: 26, padding: 0, border: 0, background: 'none', cursor: 'pointer' }}
          />
        }
        key={form.key(field)}
        {...form.getInputProps(field)}
      />
    );
  };
  return (
    <>
      <Section title={t`Colours`} description={t`Colours are hex codes such as #ffffff.`}>
        {/* Two columns when the card is wide enough, not the window: beside the preview it is narrow. */}
        <SimpleGrid type="container" cols={{ base: 1, '420px': 2 }} spacing="md">
          {color('homepage_background_color', t`Page background`, t`Around the content.`)}
          {color(
            'homepage_content_background_color',
            t`Content background`,
            t`Cards, and the buttons’ label.`,
          )}
          {color('homepage_primary_color', t`Primary colour`, t`Buttons.`)}
          {color('homepage_secondary_color', t`Secondary colour`, t`Links and icons.`)}
          {color('homepage_text_color', t`Text colour`, t`Titles and text.`)}
        </SimpleGrid>
        {contrastWarning}
      </Section>
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
