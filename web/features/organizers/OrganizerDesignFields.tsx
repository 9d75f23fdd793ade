import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, ColorInput, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
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
import { Section } from '../../components/Section';

const SWATCHES = ['#ffffff', '#f1f2f7', '#fdf6ec', '#1f2133', '#3b3fb6', '#0c6b58', '#b4232a', '#8a4b08'];

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
  const color = (field: OrganizerColorField, label: string, description: string) => {
    const value = form.getValues()[field];
    return (
      <ColorInput
        label={label}
        description={description}
        format="hex"
        // What was typed stays, with its error, until corrected (as in the event designer).
        fixOnBlur={false}
        withEyeDropper={false}
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
        data-testid={`design-${field}`}
        key={form.key(field)}
        {...form.getInputProps(field)}
      />
    );
  };
  const font = form.getValues().font;
  return (
    <>
      <Section title={t`Colours`} description={t`Colours are hex codes such as #ffffff.`}>
        <SimpleGrid type="container" cols={{ base: 1, '420px': 2 }} spacing="md">
          {color('background_color', t`Page background`, t`Around the content.`)}
          {color('content_background_color', t`Content background`, t`Cards, and the buttons’ label.`)}
          {color('primary_color', t`Primary colour`, t`The header and buttons.`)}
          {color('secondary_color', t`Secondary colour`, t`Links.`)}
          {color('text_color', t`Text colour`, t`Titles and text.`)}
        </SimpleGrid>
        {contrastWarning}
      </Section>
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
  const { t, i18n } = useLingui();
  const problems = organizerContrastProblems(organizerDesignOf(values));
  if (problems.length === 0) return null;
  const names = {
    text_on_page: t`Text on the page background`,
    text_on_content: t`Text on the content background`,
    button_on_primary: t`Button labels (content background) on the primary colour`,
    links_on_content: t`Links (secondary colour) on the content background`,
  };
  const ratio = (value: number) =>
    new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(value);
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t`Some text will be hard to read`}
      data-testid="contrast-warning"
    >
      <Stack gap={6}>
        <Text size="sm">
          <Trans>
            These colours fall below the 4.5:1 contrast that people with low vision need (WCAG AA):
          </Trans>
        </Text>
        <Box component="ul" m={0} pl="md">
          {problems.map((p) => (
            <Text component="li" size="sm" key={p.pair}>
              {names[p.pair]}: {ratio(p.ratio)}:1
            </Text>
          ))}
        </Box>
      </Stack>
    </Alert>
  );
}
