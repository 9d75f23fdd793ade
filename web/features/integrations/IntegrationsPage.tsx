import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Code.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Button, Code, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ApiKeyResponse } from '../../../common/api-keys';
import { errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { isForbidden, NoPermissionPage, RequirePermission } from '../../components/NoPermission';
import { notify } from '../../components/notify';
import { PlusIcon } from '../../components/organizer-icons';
import { ApiKeysTable } from './ApiKeysTable';
import { useApiKeys, useRevokeApiKey } from './api';
import { CreateApiKeyModal } from './CreateApiKeyModal';
import { WebhooksSection } from './WebhooksSection';

/** `/account/integrations` (ADMIN): the account's API keys and webhook endpoints. */
export function IntegrationsPage() {
  return (
    <RequirePermission permission="integrations.manage">
      <Integrations />
    </RequirePermission>
  );
}

function Integrations() {
  const { t } = useLingui();
  const list = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyResponse | null>(null);
  const revokingName = revoking?.name ?? '';
  if (list.error && isForbidden(list.error)) return <NoPermissionPage />;
  const create = () => setCreating(true);

  return (
    <Stack gap="md">
      <title>{`${t`Integrations`} · Tessera`}</title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw={680}>
          <Title order={2} fz="lg">
            <Trans>API keys</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              Other tools (your CRM, accounting, door systems) call the Tessera API with a key instead of a
              login. A key may do what a user with its role may do, in this account only.
            </Trans>
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>
              Send it as <Code>Authorization: Bearer tsk_…</Code>. See the{' '}
              <Anchor href="/api/docs" target="_blank" size="sm" underline="always">
                API reference
              </Anchor>
              .
            </Trans>
          </Text>
        </Stack>
        {list.data && list.data.length > 0 ? (
          <Button leftSection={<PlusIcon size={16} />} onClick={create}>
            <Trans>Create an API key</Trans>
          </Button>
        ) : null}
      </Group>

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        {list.isPending ? (
          <InlineLoader />
        ) : list.isError ? (
          <Stack gap="sm" p="md">
            <ErrorAlert error={list.error} title={t`Could not load the API keys`} />
            <Button variant="default" w="fit-content" onClick={() => list.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : list.data.length === 0 ? (
          <EmptyState variant="light" py="xl">
            <EmptyState.Title order={3}>
              <Trans>No API keys yet</Trans>
            </EmptyState.Title>
            <EmptyState.Description>
              <Trans>
                Create one for each tool that should reach this account, so you can revoke them one by one.
              </Trans>
            </EmptyState.Description>
            <EmptyState.Actions>
              <Button leftSection={<PlusIcon size={16} />} onClick={create}>
                <Trans>Create an API key</Trans>
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <ApiKeysTable
            keys={list.data}
            onRevoke={(key) => {
              revoke.reset();
              setRevoking(key);
            }}
          />
        )}
      </Paper>

      <CreateApiKeyModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmModal
        opened={revoking !== null}
        title={t`Revoke ${revokingName}?`}
        confirmLabel={t`Revoke`}
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          const name = revoking.name;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              notify(t`${name} has been revoked.`);
            },
            onError: (error) => {
              setRevoking(null);
              notify(errorMessage(error), 'error');
            },
          });
        }}
      >
        <Trans>Calls made with this key will be refused from now on. This cannot be undone.</Trans>
      </ConfirmModal>

      <Box mt="xl">
        <WebhooksSection />
      </Box>
    </Stack>
  );
}
