import { Trans, useLingui } from '@lingui/react/macro';
import { NativeSelect, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import {
  FONT_STACKS,
  ORGANIZER_FONTS,
  type OrganizerColorField,
  type OrganizerDesign,
  type OrganizerFont,
  organizerContrastProblems,
  organizerDesignOf,
} from '../../../common/organizer-design';
import { ColoursSection, ContrastWarning, PaletteColourInput } from '../../components/ColourFields';
import { Section } from '../../components/Section';

function useFontNames(): Record<OrganizerFont, string> {
  const { t } = useLingui();
  return {
    system: t`System (sans-serif)`,
    humanist: t`Humanist sans-serif`,
    serif: t`Serif`,
    rounded: t`Rounded`,
    monospace: t`Monospace`,
  };
}

/** The designer's colours (each with the browser's own palette beside it) and font. */
export function OrganizerDesignFields({
  form,
  contrastWarning,
}: {
  form: UseFormReturnType<OrganizerDesign>;
  contrastWarning: ReactNode;
}) {
  const { t } = useLingui();
  const fonts = useFontNames();
  const color = (field: OrganizerColorField, label: string, description: string) => (
    <PaletteColourInput
      label={label}
      description={description}
      colour={form.getValues()[field]}
      onPick={(value) => form.setFieldValue(field, value)}
      data-testid={`design-${field}`}
      key={form.key(field)}
      {...form.getInputProps(field)}
    />
  );
  const font = form.getValues().font;
  return (
    <>
      <ColoursSection warning={contrastWarning}>
        {color('background_color', t`Page background`, t`Around the content.`)}
        {color('content_background_color', t`Content background`, t`Cards, and the buttons’ label.`)}
        {color('primary_color', t`Primary colour`, t`The header and buttons.`)}
        {color('secondary_color', t`Secondary colour`, t`Links.`)}
        {color('text_color', t`Text colour`, t`Titles and text.`)}
      </ColoursSection>
      <Section
        title={t`Font`}
        description={t`Fonts every visitor’s device already has: nothing to download.`}
      >
        <NativeSelect
          label={t`Font`}
          data={ORGANIZER_FONTS.map((value) => ({ value, label: fonts[value] }))}
          data-testid="design-font"
          key={form.key('font')}
          {...form.getInputProps('font')}
        />
        <Text style={{ fontFamily: FONT_STACKS[font] ?? FONT_STACKS.system }} size="lg">
          <Trans>The quick brown fox jumps over the lazy dog.</Trans>
        </Text>
      </Section>
    </>
  );
}

/** The warning when a pair of the design's colours reads below WCAG AA (4.5:1). */
export function OrganizerContrastWarning({ values }: { values: OrganizerDesign }) {
  return <ContrastWarning problems={organizerContrastProblems(organizerDesignOf(values))} />;
}
