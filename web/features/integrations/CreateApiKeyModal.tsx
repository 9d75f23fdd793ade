import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Radio,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ROLES, type Role } from '../../../common/accounts';
import { CreateApiKeyRequest, type CreatedApiKeyResponse } from '../../../common/api-keys';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../accounts/labels';
import { useCreateApiKey } from './api';

interface Values {
  name: string;
  role: Role;
  /** `YYYY-MM-DD` from the date field, or empty for a key that does not expire. */
  expires_on: string;
}

/** The key stops working at the end of the chosen day, in the browser's time zone. */
const toRequest = (v: Values): CreateApiKeyRequest => ({
  name: v.name,
  role: v.role,
  expires_at: v.expires_on ? new Date(`${v.expires_on}T23:59:59`).toISOString() : null,
});

/** Creates a key, then shows it once with a copy button; closing forgets it. */
export function CreateApiKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const [created, setCreated] = useState<CreatedApiKeyResponse | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? t`Copy your new API key` : t`Create an API key`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {created ? <ShowKeyOnce created={created} onDone={close} /> : <ApiKeyForm onCreated={setCreated} />}
    </Modal>
  );
}

function ApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKeyResponse) => void }) {
  const { t, i18n } = useLingui();
  const create = useCreateApiKey();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', role: 'ORGANIZER', expires_on: '' },
    validate: validateWith(CreateApiKeyRequest, toRequest),
  });
  const submit = form.onSubmit((values) => {
    create.mutate(toRequest(values), {
      onSuccess: onCreated,
      onError: (error) => {
        const { expires_at, ...rest } = firstMessages(apiFieldErrors(error));
        form.setErrors(expires_at ? { ...rest, expires_on: expires_at } : rest);
      },
    });
  }, focusFirstError(form));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={create.error} />
        <TextInput
          label={t`Name`}
          description={t`What the key is for, e.g. Accounting sync or Door system.`}
          required
          data-autofocus
          autoComplete="off"
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Radio.Group
          label={t`Role`}
          description={t`The key may do what a user with this role may do.`}
          required
          key={form.key('role')}
          {...form.getInputProps('role')}
        >
          <Stack gap="xs" mt="xs">
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
        <TextInput
          type="date"
          label={t`Expires on`}
          description={t`Optional. The key stops working at the end of this day; leave empty for a key that does not expire.`}
          styles={{ wrapper: { maxWidth: 260 } }}
          key={form.key('expires_on')}
          {...form.getInputProps('expires_on')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            <Trans>Create key</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ShowKeyOnce({ created, onDone }: { created: CreatedApiKeyResponse; onDone: () => void }) {
  const { t } = useLingui();
  const name = created.name;
  return (
    <Stack gap="md">
      <Alert
        color="orange"
        variant="light"
        title={t`This is the only time the key is shown`}
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        <Trans>
          Copy it now and keep it somewhere safe, such as your password manager or the other tool’s settings.
          Tessera keeps only a fingerprint of it: if it is lost, revoke it and create a new one.
        </Trans>
      </Alert>
      <Text size="sm">
        <Trans>
          Key <b style={{ overflowWrap: 'anywhere' }}>{name}</b>:
        </Trans>
      </Text>
      <Code block data-testid="new-api-key" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {created.key}
      </Code>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={created.key}>
          {({ copied, copy }) => (
            <>
              {/* Said by screen readers once the key is on the clipboard. */}
              <VisuallyHidden role="status">{copied ? t`Copied` : ''}</VisuallyHidden>
              <Button
                variant={copied ? 'outline' : 'filled'}
                color={copied ? 'teal.9' : undefined}
                onClick={copy}
              >
                {copied ? t`Copied` : t`Copy key`}
              </Button>
            </>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
