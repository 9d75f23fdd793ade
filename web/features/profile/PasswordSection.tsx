import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { UpdateMeRequest } from '../../../common/users';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, requiring, validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { Section } from '../../components/Section';
import { useUpdateMe } from './api';

const PasswordChange = requiring(UpdateMeRequest, ['current_password', 'new_password']);

export function PasswordSection() {
  const { t } = useLingui();
  const update = useUpdateMe();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { current_password: '', new_password: '', new_password_confirmation: '' },
    validate: validateWith(PasswordChange),
  });

  const submit = form.onSubmit(
    (values) =>
      update.mutate(values, {
        onSuccess: () => {
          form.reset();
          notify(t`Your password has been changed.`);
        },
        onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
      }),
    focusFirstError(form),
  );

  return (
    <Section title={t`Password`}>
      <ErrorAlert error={update.error} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t`Current password`}
            autoComplete="current-password"
            required
            key={form.key('current_password')}
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label={t`New password`}
            description={t`At least 8 characters.`}
            autoComplete="new-password"
            required
            key={form.key('new_password')}
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            label={t`Repeat the new password`}
            autoComplete="new-password"
            required
            key={form.key('new_password_confirmation')}
            {...form.getInputProps('new_password_confirmation')}
          />
          <Group justify="flex-end">
            <Button type="submit" variant="default" loading={update.isPending}>
              <Trans>Change password</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
