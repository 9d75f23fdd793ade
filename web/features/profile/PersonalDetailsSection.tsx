import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isLocale } from '../../../common/i18n/locales';
import { type MeResponse, UpdateMeRequest } from '../../../common/users';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { Section } from '../../components/Section';
import { LanguageSelect, TimezoneSelect } from '../../components/selects';
import { changeLocale } from '../../i18n';
import { useUpdateMe } from './api';

interface DetailsValues {
  first_name: string;
  last_name: string;
  locale: string;
  timezone: string | null;
}

export function PersonalDetailsSection({ me }: { me: MeResponse }) {
  const { t, i18n } = useLingui();
  const update = useUpdateMe();
  const form = useForm<DetailsValues>({
    initialValues: {
      first_name: me.first_name,
      last_name: me.last_name,
      locale: isLocale(me.locale) ? me.locale : 'en',
      timezone: me.timezone,
    },
    validate: validateWith(UpdateMeRequest),
  });

  const submit = form.onSubmit(
    (values) =>
      update.mutate(values as Partial<UpdateMeRequest>, {
        onSuccess: async (saved) => {
          form.resetDirty();
          if (isLocale(saved.locale) && saved.locale !== i18n.locale) await changeLocale(saved.locale);
          notify(i18n._(msg`Your profile has been saved.`));
        },
        onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
      }),
    focusFirstError(form),
  );

  const accountZone = me.account.timezone;
  return (
    <Section title={t`Personal details`}>
      <ErrorAlert error={update.error} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t`First name`}
              autoComplete="given-name"
              required
              key={form.key('first_name')}
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label={t`Last name`}
              autoComplete="family-name"
              key={form.key('last_name')}
              {...form.getInputProps('last_name')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <LanguageSelect
              label={t`Language`}
              description={t`For Tessera and the e-mails it sends you.`}
              key={form.key('locale')}
              {...form.getInputProps('locale')}
            />
            <TimezoneSelect
              label={t`Time zone`}
              description={t`Empty: the account's (${accountZone}).`}
              placeholder={accountZone}
              clearable
              allowDeselect
              key={form.key('timezone')}
              {...form.getInputProps('timezone')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
