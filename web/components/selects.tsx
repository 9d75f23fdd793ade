import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Input.css';
import { useLingui } from '@lingui/react/macro';
import { Select, type SelectProps } from '@mantine/core';
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
