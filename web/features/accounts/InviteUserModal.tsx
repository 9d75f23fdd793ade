import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ROLES, type Role } from '../../../common/accounts';
import { InviteUserRequest } from '../../../common/users';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { useInviteUser } from './api';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from './labels';

interface InviteValues {
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
}

/** Names are optional: an empty one is left out rather than sent as an empty string. */
const toRequest = (values: InviteValues): InviteUserRequest => ({
  email: values.email,
  role: values.role,
  first_name: values.first_name.trim() || undefined,
  last_name: values.last_name.trim() || undefined,
});

export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const invite = useInviteUser();
  const form = useForm<InviteValues>({
    initialValues: { email: '', first_name: '', last_name: '', role: 'ORGANIZER' },
    validate: validateWith(InviteUserRequest, toRequest),
  });

  const close = () => {
    form.reset();
    invite.reset();
    onClose();
  };

  const submit = form.onSubmit(
    (values) =>
      invite.mutate(toRequest(values), {
        onSuccess: (user) => {
          const email = user.email;
          notify(t`Invitation sent to ${email}.`);
          close();
        },
        onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
      }),
    focusFirstError(form),
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t`Invite a user`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorAlert error={invite.error} />
          <TextInput
            label={t`E-mail`}
            type="email"
            inputMode="email"
            required
            data-autofocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t`First name`}
              key={form.key('first_name')}
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label={t`Last name`}
              key={form.key('last_name')}
              {...form.getInputProps('last_name')}
            />
          </SimpleGrid>
          <Radio.Group label={t`Role`} required key={form.key('role')} {...form.getInputProps('role')}>
            <Stack gap="sm" mt="xs">
              {ROLES.map((role) => (
                <Radio
                  key={role}
                  value={role}
                  label={i18n._(ROLE_LABELS[role])}
                  description={i18n._(ROLE_DESCRIPTIONS[role])}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={invite.isPending}>
              <Trans>Send invitation</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
