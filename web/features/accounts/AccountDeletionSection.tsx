import '@mantine/core/styles/Alert.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AccountDeletionResponse } from '../../../common/account-deletion';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { AlertIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { PasswordModal } from '../../components/PasswordModal';
import { Section } from '../../components/Section';
import { useAccountDeletion, useCancelAccountDeletion, useRequestAccountDeletion } from './deletion-api';

/**
 * The danger zone of the account settings (decision 065): the owner asks to delete the account
 * with their password and gets a link by e-mail; a pending deletion says when it runs, and any
 * ADMIN can cancel it.
 */
export function AccountDeletionSection({ isOwner, timezone }: { isOwner: boolean; timezone: string }) {
  const { t } = useLingui();
  const deletion = useAccountDeletion();
  return (
    <Section
      title={t`Delete this account`}
      description={t`Deletes the account with all its organizers, events, orders, attendees, invoices and uploaded images, and disconnects Stripe. Logins that belong to no other account are deleted too.`}
    >
      {deletion.data ? (
        <DeletionState state={deletion.data} isOwner={isOwner} timezone={timezone} />
      ) : deletion.isError ? (
        <ErrorAlert error={deletion.error} />
      ) : (
        <InlineLoader />
      )}
    </Section>
  );
}

function DeletionState({
  state,
  isOwner,
  timezone,
}: {
  state: AccountDeletionResponse;
  isOwner: boolean;
  timezone: string;
}) {
  const { t, i18n } = useLingui();
  const [opened, setOpened] = useState(false);
  const cancel = useCancelAccountDeletion();
  const cancelButton = (
    <Group>
      <Button
        variant="default"
        loading={cancel.isPending}
        onClick={() => cancel.mutate(undefined, { onSuccess: () => notify(t`The deletion was cancelled.`) })}
      >
        <Trans>Cancel the deletion</Trans>
      </Button>
    </Group>
  );

  if (state.state === 'SCHEDULED' && state.delete_after) {
    const date = new Intl.DateTimeFormat(i18n.locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: timezone,
    }).format(new Date(state.delete_after));
    return (
      <Stack gap="sm">
        <ErrorAlert error={cancel.error} />
        <Alert color="red" variant="light" icon={<AlertIcon />} role="status">
          <Trans>
            This account will be deleted on {date}. Its events were taken off sale. Cancel to keep the
            account; its events then stay drafts until you put them on sale again.
          </Trans>
        </Alert>
        {cancelButton}
      </Stack>
    );
  }
  if (state.state === 'AWAITING_CONFIRMATION') {
    return (
      <Stack gap="sm">
        <ErrorAlert error={cancel.error} />
        <Alert color="orange" variant="light" icon={<AlertIcon />} role="status">
          <Trans>
            We have sent the owner a link to confirm the deletion. Nothing is deleted until it is opened.
          </Trans>
        </Alert>
        {cancelButton}
      </Stack>
    );
  }
  if (!isOwner) {
    return (
      <Text size="sm">
        <Trans>Only the owner of the account can delete it.</Trans>
      </Text>
    );
  }
  const days = state.wait_days;
  return (
    <Stack gap="sm">
      <Text size="sm">
        <Trans>
          You confirm with a link we send you by e-mail. The events then stop selling, and the account is
          deleted <Plural value={days} _0="at once" one="# day later" other="# days later" />; until then you
          can cancel. Paid orders for dates that have not ended must be refunded or cancelled first.
        </Trans>
      </Text>
      <Group>
        <Button color="red.9" variant="outline" onClick={() => setOpened(true)}>
          <Trans>Delete this account…</Trans>
        </Button>
      </Group>
      <RequestDeletionModal opened={opened} onClose={() => setOpened(false)} />
    </Stack>
  );
}

function RequestDeletionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const request = useRequestAccountDeletion();
  return (
    <PasswordModal
      opened={opened}
      onClose={onClose}
      title={t`Delete this account`}
      keepLabel={<Trans>Keep the account</Trans>}
      confirmLabel={<Trans>Send the confirmation link</Trans>}
      mutation={request}
      onDone={() => {
        notify(t`We have sent you a link to confirm the deletion.`);
        onClose();
      }}
    >
      <Trans>Enter your password. We then e-mail you a link that confirms the deletion.</Trans>
    </PasswordModal>
  );
}
