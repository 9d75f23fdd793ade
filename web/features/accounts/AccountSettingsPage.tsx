import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AccountResponse, UpdateAccountRequest } from '../../../common/accounts';
import { useMe } from '../../api/me';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { isForbidden, NoPermissionPage, RequirePermission } from '../../components/NoPermission';
import { notify } from '../../components/notify';
import { QueryPage } from '../../components/QueryPage';
import { Section } from '../../components/Section';
import { CurrencySelect, TimezoneSelect } from '../../components/selects';
import { AccountDeletionSection } from './AccountDeletionSection';
import { useAccount, useUpdateAccount } from './api';

/** `/account/settings` (ADMIN): the account's name, support e-mail and defaults. */
export function AccountSettingsPage() {
  return (
    <RequirePermission permission="account.manage">
      <AccountSettings />
    </RequirePermission>
  );
}

function AccountSettings() {
  const { t } = useLingui();
  const me = useMe();
  return (
    <QueryPage
      query={useAccount()}
      pageTitle={t`Account settings`}
      errorTitle={t`Could not load the account settings`}
    >
      {(account) => (
        <Stack gap="lg">
          <AccountSettingsForm account={account} />
          {me.data ? (
            <AccountDeletionSection
              isOwner={me.data.is_account_owner}
              timezone={me.data.timezone ?? account.timezone}
            />
          ) : null}
        </Stack>
      )}
    </QueryPage>
  );
}

interface AccountValues {
  name: string;
  support_email: string;
  currency: string;
  timezone: string;
}

/** The form keeps an empty support e-mail as ''; the API wants null for "none". */
const toRequest = (values: AccountValues): UpdateAccountRequest => ({
  ...values,
  support_email: values.support_email.trim() === '' ? null : values.support_email,
});

function AccountSettingsForm({ account }: { account: AccountResponse }) {
  const { t } = useLingui();
  const update = useUpdateAccount();
  const form = useForm<AccountValues>({
    initialValues: {
      name: account.name,
      support_email: account.support_email ?? '',
      currency: account.currency,
      timezone: account.timezone,
    },
    validate: validateWith(UpdateAccountRequest, toRequest),
  });

  if (update.error && isForbidden(update.error)) return <NoPermissionPage />;

  const submit = form.onSubmit(
    (values) =>
      update.mutate(toRequest(values), {
        onSuccess: () => {
          form.resetDirty();
          notify(t`The account settings have been saved.`);
        },
        onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
      }),
    focusFirstError(form),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <ErrorAlert error={update.error} />
        <Section title={t`Account details`}>
          <TextInput
            label={t`Account name`}
            description={t`Usually the name of your company or organization.`}
            required
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t`Support e-mail`}
            description={t`Where buyers and your team can reach you. Optional.`}
            type="email"
            inputMode="email"
            autoComplete="email"
            key={form.key('support_email')}
            {...form.getInputProps('support_email')}
          />
        </Section>
        <Section
          title={t`Defaults`}
          description={t`New organizers and events start with these. Changing them does not change existing ones.`}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <CurrencySelect
              label={t`Default currency`}
              required
              key={form.key('currency')}
              {...form.getInputProps('currency')}
            />
            <TimezoneSelect
              label={t`Default time zone`}
              required
              key={form.key('timezone')}
              {...form.getInputProps('timezone')}
            />
          </SimpleGrid>
        </Section>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            <Trans>Save settings</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
