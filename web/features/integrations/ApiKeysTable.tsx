import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Code, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ApiKeyResponse, ApiKeyStatus } from '../../../common/api-keys';
import { ROLE_LABELS } from '../accounts/labels';
import { useDisplayTimezone } from '../profile/api';

// A dot badge keeps the text in the body colour; the dot carries the colour.
const STATUS_COLOURS: Record<ApiKeyStatus, string> = { ACTIVE: 'teal', EXPIRED: 'orange', REVOKED: 'gray' };

function KeyStatus({ status }: { status: ApiKeyStatus }) {
  const { t } = useLingui();
  const labels: Record<ApiKeyStatus, string> = {
    ACTIVE: t`Active`,
    EXPIRED: t`Expired`,
    REVOKED: t`Revoked`,
  };
  return (
    <Badge color={STATUS_COLOURS[status]} variant="dot" tt="none">
      {labels[status]}
    </Badge>
  );
}

/** The account's keys: name, role, visible prefix, dates, status, and Revoke for the live ones. */
export function ApiKeysTable({
  keys,
  onRevoke,
}: {
  keys: ApiKeyResponse[];
  onRevoke: (key: ApiKeyResponse) => void;
}) {
  const { t, i18n } = useLingui();
  const timeZone = useDisplayTimezone();
  const format = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const when = (iso: string | null, none: string) => (iso ? format.format(new Date(iso)) : none);
  return (
    <Table.ScrollContainer minWidth={820} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label={t`API keys of this account`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Key</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Role</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Last used</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Expires</Trans>
            </Table.Th>
            <Table.Th pos="relative">
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => {
            const name = key.name;
            const created = when(key.created_at, '');
            const by = key.created_by ?? '—';
            return (
              <Table.Tr key={key.id} data-testid="api-key-row">
                <Table.Td>
                  <Stack gap={2} miw={160}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <Trans>
                        Created {created} by {by}
                      </Trans>
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Code>{key.prefix}…</Code>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{i18n._(ROLE_LABELS[key.role])}</Text>
                </Table.Td>
                <Table.Td>
                  <KeyStatus status={key.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{when(key.last_used_at, t`Never`)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{when(key.expires_at, t`Never`)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end" wrap="nowrap">
                    {key.status === 'REVOKED' ? null : (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        onClick={() => onRevoke(key)}
                        aria-label={t`Revoke ${name}`}
                      >
                        <Trans>Revoke</Trans>
                      </Button>
                    )}
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
