import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/ActionIcon.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Anchor, Badge, Group, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { WEBHOOK_EVENT_TYPES, type WebhookResponse } from '../../../common/webhooks';
import { DotsIcon } from '../../components/organizer-icons';
import { eventQuery } from '../events/api';
import { useDisplayTimezone } from '../profile/api';
import { EndpointState } from './WebhookBadges';

/** Where an endpoint's delivery log is. */
export const deliveryLogPath = (webhookId: number) => `/account/integrations/webhooks/${webhookId}`;

/** Up to three types as code badges; more as a count, all as "All event types". */
function EventTypes({ types }: { types: WebhookResponse['event_types'] }) {
  const count = types.length;
  if (count === WEBHOOK_EVENT_TYPES.length)
    return (
      <Text size="sm">
        <Trans>All event types</Trans>
      </Text>
    );
  if (count > 3)
    return (
      <Text size="sm">
        <Plural value={count} one="# event type" other="# event types" />
      </Text>
    );
  return (
    <Group gap={4}>
      {types.map((type) => (
        <Badge key={type} variant="outline" color="gray.7" tt="none" ff="monospace" fw={500} radius="sm">
          {type}
        </Badge>
      ))}
    </Group>
  );
}

/** The titles of the events the endpoints are filtered on, by id. */
function useEventTitles(webhooks: WebhookResponse[]): Map<number, string> {
  const ids = [...new Set(webhooks.flatMap((w) => (w.event_id === null ? [] : [w.event_id])))];
  const events = useQueries({ queries: ids.map((id) => eventQuery(id)) });
  return new Map(events.flatMap((e) => (e.data ? [[e.data.id, e.data.title] as const] : [])));
}

export interface WebhookActions {
  onEdit: (webhook: WebhookResponse) => void;
  onDelete: (webhook: WebhookResponse) => void;
  onToggle: (webhook: WebhookResponse) => void;
  onTest: (webhook: WebhookResponse) => void;
}

/** The account's endpoints: address, types, event filter, status, date, and what can be done. */
export function WebhooksTable({
  webhooks,
  actions,
}: {
  webhooks: WebhookResponse[];
  actions: WebhookActions;
}) {
  const { t, i18n } = useLingui();
  const titles = useEventTitles(webhooks);
  const timeZone = useDisplayTimezone();
  const format = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone });
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label={t`Webhook endpoints of this account`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Endpoint</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Event types</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Event</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Created</Trans>
            </Table.Th>
            <Table.Th pos="relative">
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {webhooks.map((webhook) => {
            const url = webhook.url;
            const eventTitle = webhook.event_id === null ? null : titles.get(webhook.event_id);
            const eventId = webhook.event_id;
            return (
              <Table.Tr key={webhook.id} data-testid="webhook-row">
                <Table.Td>
                  <Stack gap={2} miw={220} maw={380}>
                    <Anchor
                      component={Link}
                      to={deliveryLogPath(webhook.id)}
                      size="sm"
                      fw={600}
                      ff="monospace"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {url}
                    </Anchor>
                    {webhook.description ? (
                      <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                        {webhook.description}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <EventTypes types={webhook.event_types} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }} miw={120}>
                    {eventId === null ? (
                      <Trans>All events</Trans>
                    ) : (
                      (eventTitle ?? <Trans>Event #{eventId}</Trans>)
                    )}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <EndpointState webhook={webhook} format={format} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {format.format(new Date(webhook.created_at))}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <RowMenu webhook={webhook} actions={actions} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowMenu({ webhook, actions }: { webhook: WebhookResponse; actions: WebhookActions }) {
  const { t } = useLingui();
  const url = webhook.url;
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Actions for ${url}`}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={deliveryLogPath(webhook.id)}>
          <Trans>Delivery log</Trans>
        </Menu.Item>
        <Menu.Item onClick={() => actions.onTest(webhook)}>
          <Trans>Send test event</Trans>
        </Menu.Item>
        <Menu.Item onClick={() => actions.onEdit(webhook)}>
          <Trans>Edit</Trans>
        </Menu.Item>
        <Menu.Item onClick={() => actions.onToggle(webhook)}>
          {webhook.active ? <Trans>Deactivate</Trans> : <Trans>Activate</Trans>}
        </Menu.Item>
        <Menu.Item color="red.9" onClick={() => actions.onDelete(webhook)}>
          <Trans>Delete</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
