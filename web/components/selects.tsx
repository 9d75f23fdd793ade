import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Input.css';
import { useLingui } from '@lingui/react/macro';
import { Box, Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { currencyChoices, localeChoices, timezoneChoices } from './choices';

type ChoiceSelectProps = Omit<SelectProps, 'data'>;

/** A searchable select of every time zone; keeps a stored zone the browser names differently. */
export function TimezoneSelect(props: ChoiceSelectProps) {
  const { t } = useLingui();
  const value = typeof props.value === 'string' ? props.value : undefined;
  const data = useMemo(() => timezoneChoices(value), [value]);
  return (
    <Select
      searchable
      allowDeselect={false}
      nothingFoundMessage={t`No time zone matches`}
      maxDropdownHeight={280}
      data={data}
      {...props}
    />
  );
}

/** A searchable select of currencies, named in the interface language. */
export function CurrencySelect(props: ChoiceSelectProps) {
  const { t, i18n } = useLingui();
  const value = typeof props.value === 'string' ? props.value : undefined;
  const data = useMemo(() => currencyChoices(i18n.locale, value), [i18n.locale, value]);
  return (
    <Select
      searchable
      allowDeselect={false}
      nothingFoundMessage={t`No currency matches`}
      maxDropdownHeight={280}
      data={data}
      {...props}
    />
  );
}

/** The interface languages, each in its own name. */
export function LanguageSelect(props: ChoiceSelectProps) {
  return <Select allowDeselect={false} data={localeChoices()} {...props} />;
}

/**
 * A select of a few fixed choices as wide as its longest one from the `xs` breakpoint up (the
 * whole row on a phone), so no language's label is cut: German and French ones run far longer
 * than English. The width comes from the labels themselves, laid out unseen in the same grid
 * cell with the input's font and room for its padding and arrow, so it holds for every language
 * and needs no measuring script.
 */
export function FitSelect({
  data,
  ...props
}: Omit<SelectProps, 'data' | 'w'> & { data: { value: string; label: string }[] }) {
  return (
    <Box display="grid" w={{ base: '100%', xs: 'auto' }} style={{ gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Select data={data} {...props} style={{ gridArea: '1 / 1', minWidth: 0 }} />
      <Box
        aria-hidden="true"
        style={{
          gridArea: '1 / 1',
          visibility: 'hidden',
          height: 0,
          overflow: 'hidden',
          fontSize: 'var(--mantine-font-size-sm)',
          // The input's left padding, and its right section (the arrow) with a little air.
          padding: '0 44px 0 14px',
        }}
      >
        {data.map((choice) => (
          <div key={choice.value} style={{ whiteSpace: 'nowrap' }}>
            {choice.label}
          </div>
        ))}
      </Box>
    </Box>
  );
}
