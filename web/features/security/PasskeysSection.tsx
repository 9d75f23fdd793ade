import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { type PasskeyResponse, passkeyName } from '../../../common/passkeys';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormModal, ModalForm } from '../../components/FormModal';
import { validateWith } from '../../components/form-errors';
import { InlineLoader } from '../../components/InlineLoader';
import { LoadError } from '../../components/LoadError';
import { notify } from '../../components/notify';
import { PasskeyErrorAlert } from '../../components/PasskeyErrorAlert';
import { Section } from '../../components/Section';
import { useDisplayTimezone } from '../profile/api';
import { passkeysQuery, useAddPasskey, useRemovePasskey, useRenamePasskey } from './api';

const RenameForm = z.object({ name: passkeyName() });

function RenameModal({ passkey, onClose }: { passkey: PasskeyResponse | undefined; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <FormModal opened={passkey !== undefined} onClose={onClose} title={t`Rename passkey`} size="md">
      {passkey ? <RenameFormBody passkey={passkey} onClose={onClose} /> : null}
    </FormModal>
  );
}

function RenameFormBody({ passkey, onClose }: { passkey: PasskeyResponse; onClose: () => void }) {
  const { t } = useLingui();
  const rename = useRenamePasskey();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: passkey.name },
    validate: validateWith(RenameForm),
  });
  return (
    <ModalForm
      form={form}
      save={(values) => rename.mutateAsync({ id: passkey.id, name: values.name })}
      onSaved={() => {
        notify(t`The passkey has been renamed.`);
        onClose();
      }}
      onCancel={onClose}
      submitLabel={<Trans>Save</Trans>}
    >
      <TextInput
        label={t`Name`}
        required
        data-autofocus
        maxLength={80}
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
    </ModalForm>
  );
}

function PasskeysTable({
  passkeys,
  onRename,
  onRemove,
}: {
  passkeys: PasskeyResponse[];
  onRename: (passkey: PasskeyResponse) => void;
  onRemove: (passkey: PasskeyResponse) => void;
}) {
  const { t, i18n } = useLingui();
  const timeZone = useDisplayTimezone();
  const format = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table verticalSpacing="sm" aria-label={t`Your passkeys`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Added</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Last used</Trans>
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {passkeys.map((passkey) => {
            const name = passkey.name;
            return (
              <Table.Tr key={passkey.id} data-testid="passkey-row">
                <Table.Td>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{format.format(new Date(passkey.created_at))}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {passkey.last_used_at ? format.format(new Date(passkey.last_used_at)) : t`Never`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end" gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onRename(passkey)}
                      aria-label={t`Rename ${name}`}
                    >
                      <Trans>Rename</Trans>
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      onClick={() => onRemove(passkey)}
                      aria-label={t`Remove ${name}`}
                    >
                      <Trans>Remove</Trans>
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The user's passkeys: add one with this browser, rename or remove them (decision 066). */
export function PasskeysSection() {
  const { t } = useLingui();
  const list = useQuery(passkeysQuery());
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [renaming, setRenaming] = useState<PasskeyResponse>();
  const [removing, setRemoving] = useState<PasskeyResponse>();
  const removingName = removing?.name ?? '';

  return (
    <Section
      title={t`Passkeys`}
      description={t`Sign in with your fingerprint, face, screen lock or a security key instead of a password. A passkey also counts as the second factor.`}
    >
      {list.isPending ? (
        <InlineLoader />
      ) : list.isError ? (
        <LoadError
          error={list.error}
          title={t`Could not load your passkeys`}
          onRetry={() => list.refetch()}
        />
      ) : (
        <Stack gap="md">
          <PasskeyErrorAlert error={add.error} title={t`Could not add the passkey`} />
          <ErrorAlert error={remove.error} title={t`Could not remove the passkey`} />
          {list.data.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>You have no passkeys yet.</Trans>
            </Text>
          ) : (
            <PasskeysTable passkeys={list.data.data} onRename={setRenaming} onRemove={setRemoving} />
          )}
          <Group>
            <Button
              variant="default"
              loading={add.isPending}
              onClick={() =>
                add.mutate(undefined, { onSuccess: (passkey) => notify(t`Passkey “${passkey.name}” added.`) })
              }
            >
              <Trans>Add a passkey</Trans>
            </Button>
          </Group>
        </Stack>
      )}
      <RenameModal passkey={renaming} onClose={() => setRenaming(undefined)} />
      <ConfirmModal
        opened={removing !== undefined}
        title={t`Remove passkey?`}
        confirmLabel={t`Remove passkey`}
        loading={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => notify(t`The passkey has been removed.`),
            // A refusal (the last second factor) is said in the section, the dialog closed.
            onSettled: () => setRemoving(undefined),
          })
        }
        onClose={() => setRemoving(undefined)}
      >
        <Trans>
          “{removingName}” will no longer sign you in. Remove it from the device too if you no longer need it.
        </Trans>
      </ConfirmModal>
    </Section>
  );
}
