import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Code.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Code, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { WebhookResponse } from '../../../common/webhooks';
import { errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { notify } from '../../components/notify';
import { PlusIcon } from '../../components/organizer-icons';
import { WebhookModal } from './WebhookModal';
import { type WebhookActions, WebhooksTable } from './WebhooksTable';
import { WEBHOOKS_REFERENCE } from './webhook-labels';
import { useDeleteWebhook, useSendTestWebhook, useUpdateWebhook, useWebhooks } from './webhooks-api';

/** The account's webhook endpoints, on the integrations page under the API keys. */
export function WebhooksSection() {
  const { t } = useLingui();
  const list = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendTestWebhook();
  // `webhook` null: adding one. It stays while the modal closes, so the title does not change.
  const [modal, setModal] = useState<{ opened: boolean; webhook: WebhookResponse | null }>({
    opened: false,
    webhook: null,
  });
  const [deleting, setDeleting] = useState<WebhookResponse | null>(null);
  const deletingUrl = deleting?.url ?? '';
  const add = () => setModal({ opened: true, webhook: null });
  const titleId = useId();

  const actions: WebhookActions = {
    onEdit: (webhook) => setModal({ opened: true, webhook }),
    onDelete: (webhook) => {
      remove.reset();
      setDeleting(webhook);
    },
    onToggle: (webhook) => {
      const url = webhook.url;
      update.mutate(
        { id: webhook.id, body: { active: !webhook.active } },
        {
          onSuccess: (saved) =>
            notify(saved.active ? t`${url} is active again.` : t`${url} has been deactivated.`),
          onError: (error) => notify(errorMessage(error), 'error'),
        },
      );
    },
    onTest: (webhook) => {
      const url = webhook.url;
      test.mutate(webhook.id, {
        onSuccess: () => notify(t`A test event is on its way to ${url}.`),
        onError: (error) => notify(errorMessage(error), 'error'),
      });
    },
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw={680}>
          <Title order={2} fz="lg" id={titleId}>
            <Trans>Webhooks</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              Instead of asking the API again and again, other tools can be told when something happens:
              Tessera POSTs each order, attendee, ticket or event change as JSON to the endpoints below,
              signed with each endpoint’s secret.
            </Trans>
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>
              Check the <Code>Tessera-Webhook-Signature</Code> header of each request. The{' '}
              <Anchor href={WEBHOOKS_REFERENCE} target="_blank" size="sm" underline="always">
                API reference
              </Anchor>{' '}
              explains how.
            </Trans>
          </Text>
        </Stack>
        {list.data && list.data.length > 0 ? (
          <Button leftSection={<PlusIcon size={16} />} onClick={add}>
            <Trans>Add endpoint</Trans>
          </Button>
        ) : null}
      </Group>

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        {list.isPending ? (
          <InlineLoader label={t`Loading the webhook endpoints`} />
        ) : list.isError ? (
          <Stack gap="sm" p="md">
            <ErrorAlert error={list.error} title={t`Could not load the webhook endpoints`} />
            <Button variant="default" w="fit-content" onClick={() => list.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : list.data.length === 0 ? (
          <EmptyState variant="light" py="xl">
            <EmptyState.Title order={3}>
              <Trans>No webhook endpoints yet</Trans>
            </EmptyState.Title>
            <EmptyState.Description>
              <Trans>
                Add the address of a tool that should hear about new orders, check-ins or changed events.
              </Trans>
            </EmptyState.Description>
            <EmptyState.Actions>
              <Button leftSection={<PlusIcon size={16} />} onClick={add}>
                <Trans>Add endpoint</Trans>
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <WebhooksTable webhooks={list.data} actions={actions} />
        )}
      </Paper>

      <WebhookModal
        opened={modal.opened}
        webhook={modal.webhook}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t`Delete ${deletingUrl}?`}
        confirmLabel={t`Delete`}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const url = deleting.url;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notify(t`${url} has been deleted.`);
            },
            onError: (error) => {
              setDeleting(null);
              notify(errorMessage(error), 'error');
            },
          });
        }}
      >
        <Trans>
          The endpoint and its delivery log are deleted, and deliveries still waiting are dropped. This cannot
          be undone.
        </Trans>
      </ConfirmModal>
    </Stack>
  );
}
