import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, ColorInput, type ColorInputProps, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Section } from './Section';

const SWATCHES = ['#ffffff', '#f1f2f7', '#fdf6ec', '#1f2133', '#3b3fb6', '#0c6b58', '#b4232a', '#8a4b08'];

/**
 * A hex colour field with a few swatches and the browser's own colour picker beside it
 * (`colour`, `onPick`); spread the form's input props on it.
 */
export function PaletteColourInput({
  label,
  colour,
  onPick,
  ...props
}: Omit<ColorInputProps, 'label'> & {
  label: string;
  /** The form's value, for the picker (black while it is not a colour yet). */
  colour: string;
  onPick: (value: string) => void;
}) {
  const { t } = useLingui();
  return (
    <ColorInput
      label={label}
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
          value={/^#[0-9a-f]{6}$/i.test(colour) ? colour.toLowerCase() : '#000000'}
          onChange={(event) => onPick(event.currentTarget.value)}
          style={{ width: 26, height: 26, padding: 0, border: 0, background: 'none', cursor: 'pointer' }}
        />
      }
      {...props}
    />
  );
}

/** A designer's "Colours" card: its colour fields, two columns when wide enough, and a warning. */
export function ColoursSection({ children, warning }: { children: ReactNode; warning: ReactNode }) {
  const { t } = useLingui();
  return (
    <Section title={t`Colours`} description={t`Colours are hex codes such as #ffffff.`}>
      {/* Two columns when the card is wide enough, not the window: beside the preview it is narrow. */}
      <SimpleGrid type="container" cols={{ base: 1, '420px': 2 }} spacing="md">
        {children}
      </SimpleGrid>
      {warning}
    </Section>
  );
}

/** The pairs of a design's colours the warning names. */
export type ContrastPair = 'text_on_page' | 'text_on_content' | 'button_on_primary' | 'links_on_content';

/** The warning when a pair of the design's colours reads below WCAG AA (4.5:1). */
export function ContrastWarning({ problems }: { problems: { pair: ContrastPair; ratio: number }[] }) {
  const { t, i18n } = useLingui();
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
