import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RegisterRequest } from '../../../common/auth';
import { isLocale } from '../../../common/i18n/locales';
import { takeReturnPath } from '../../api/auth-redirect';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { CurrencySelect, TimezoneSelect } from '../../components/selects';
import { browserCurrency, browserTimezone } from '../../lib/browser-defaults';
import { useRegister } from './api';
import { useStartSession } from './session';

type RegisterValues = Omit<RegisterRequest, 'accept_terms' | 'locale'> & { accept_terms: boolean };

export function RegisterPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const register = useRegister();
  const startSession = useStartSession();
  const [showDefaults, setShowDefaults] = useState(false);
  const defaultsId = useId();
  const form = useForm<RegisterValues>({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      password_confirmation: '',
      accept_terms: false,
      currency: browserCurrency(),
      timezone: browserTimezone(),
    },
    validate: validateWith(RegisterRequest),
  });

  const submit = form.onSubmit(
    (values) => {
      const locale = isLocale(i18n.locale) ? i18n.locale : undefined;
      register.mutate(
        { ...values, accept_terms: true, locale },
        {
          onSuccess: async (session) => {
            await startSession(session);
            navigate(takeReturnPath(sessionStorage), { replace: true });
          },
          onError: (error) => {
            const errors = apiFieldErrors(error);
            form.setErrors(firstMessages(errors));
            if (errors.currency || errors.timezone) setShowDefaults(true);
          },
        },
      );
    },
    (errors) => {
      if (errors.currency || errors.timezone) setShowDefaults(true);
      focusFirstError(form)(errors);
    },
  );

  const { currency, timezone } = form.getValues();

  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <title>{`${t`Create an account`} · Tessera`}</title>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={28}>
            <Trans>Create an account</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>Set up your organization on Tessera and start selling tickets in minutes.</Trans>
          </Text>
        </Stack>

        <ErrorAlert error={register.error} title={t`Could not create the account`} />

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
            <TextInput
              label={t`E-mail`}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={t`Password`}
              description={t`At least 8 characters.`}
              autoComplete="new-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t`Repeat the password`}
              autoComplete="new-password"
              required
              key={form.key('password_confirmation')}
              {...form.getInputProps('password_confirmation')}
            />

            <Stack gap={6}>
              <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                  <Trans>
                    Prices in {currency}, times in {timezone}. You can change these later in the account
                    settings.
                  </Trans>
                </Text>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  aria-expanded={showDefaults}
                  aria-controls={defaultsId}
                  style={{ flexShrink: 0 }}
                  onClick={() => setShowDefaults((shown) => !shown)}
                >
                  {showDefaults ? <Trans>Hide</Trans> : <Trans>Change</Trans>}
                </Button>
              </Group>
              <div id={defaultsId}>
                {showDefaults ? (
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" pt={4}>
                    <CurrencySelect
                      label={t`Currency`}
                      key={form.key('currency')}
                      {...form.getInputProps('currency')}
                    />
                    <TimezoneSelect
                      label={t`Time zone`}
                      key={form.key('timezone')}
                      {...form.getInputProps('timezone')}
                    />
                  </SimpleGrid>
                ) : null}
              </div>
            </Stack>

            <Checkbox
              label={t`I accept the terms of service and the privacy policy.`}
              key={form.key('accept_terms')}
              {...form.getInputProps('accept_terms', { type: 'checkbox' })}
            />
            <Button type="submit" size="md" fullWidth loading={register.isPending}>
              <Trans>Create account</Trans>
            </Button>
          </Stack>
        </form>

        <Text size="sm" ta="center">
          <Trans>
            Already have an account?{' '}
            <Anchor component={Link} to="/auth/login" fw={600}>
              Log in
            </Anchor>
          </Trans>
        </Text>
      </Stack>
    </Paper>
  );
}
