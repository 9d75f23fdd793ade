import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { useLingui } from '@lingui/react/macro';
import { Box, Button, type MantineBreakpoint, Menu } from '@mantine/core';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../common/i18n/locales';
import { changeLocale } from '../i18n';
import { GlobeIcon } from './icons';

/**
 * Lets the visitor pick one of the languages Tessera speaks; the choice is kept in a cookie.
 * `nameVisibleFrom` hides the language name on narrow screens (the globe stays, and the
 * accessible name still says which language is active). `onChange` runs once the new language is
 * active (the organizer app also saves it on the user).
 */
export function LanguageSwitcher({
  nameVisibleFrom,
  onChange,
}: {
  nameVisibleFrom?: MantineBreakpoint;
  onChange?: (locale: Locale) => void;
}) {
  const { i18n, t } = useLingui();
  const current = isLocale(i18n.locale) ? i18n.locale : 'en';
  const currentName = LOCALE_NAMES[current];

  return (
    <Menu
      position="bottom-end"
      shadow="md"
      width={220}
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          leftSection={<GlobeIcon />}
          aria-label={t`Language: ${currentName}`}
        >
          <Box component="span" visibleFrom={nameVisibleFrom}>
            {currentName}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.RadioGroup
          value={current}
          onChange={(value) => {
            if (isLocale(value)) void changeLocale(value).then(() => onChange?.(value));
          }}
        >
          {LOCALES.map((locale) => (
            <Menu.RadioItem key={locale} value={locale} lang={locale} closeMenuOnClick>
              {LOCALE_NAMES[locale]}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
