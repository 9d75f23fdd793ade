import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Code.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Code, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link, type To } from 'react-router';
import type { WebhookDeliveryResponse } from '../../../common/webhooks';
import { useFormatTime } from './DeliveryDrawer';
import { DeliveryStatusBadge } from './WebhookBadges';
import { typeLabel } from './webhook-labels';

/** What the receiver last answered: its HTTP status, "no answer", or nothing before a first attempt. */
function LastAnswer({ delivery }: { delivery: WebhookDeliveryResponse }) {
  const last = delivery.attempts.at(-1);
  if (!last) return <Text size="sm">—</Text>;
  const status = last.status_code;
  return (
    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {status !== null ? status : <Trans>No answer</Trans>}
    </Text>
  );
}

/** One page of an endpoint's deliveries, newest first; the type opens the delivery's details. */
export function DeliveriesTable({
  deliveries,
  linkTo,
  busy,
  onResend,
}: {
  deliveries: WebhookDeliveryResponse[];
  /** The address of the log with this delivery open. */
  linkTo: (deliveryId: number) => To;
  busy: boolean;
  onResend: (delivery: WebhookDeliveryResponse) => void;
}) {
  const { t, i18n } = useLingui();
  const time = useFormatTime();
  return (
    <Table.ScrollContainer minWidth={700} type="native">
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t`Deliveries to this endpoint`}
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Event type</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Created</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Attempts</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Last answer</Trans>
            </Table.Th>
            <Table.Th pos="relative">
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => {
            const label = typeLabel(delivery.type);
            const name = label ? i18n._(label) : delivery.type;
            const created = time(delivery.created_at);
            return (
              <Table.Tr key={delivery.id} data-testid="delivery-row">
                <Table.Td>
                  <Stack gap={2} miw={180}>
                    <Anchor component={Link} to={linkTo(delivery.id)} size="sm" fw={600}>
                      {name}
                    </Anchor>
                    <Text size="xs" c="gray.7">
                      <Code fz="xs">{delivery.type}</Code>
                      {delivery.resent_from_id !== null ? (
                        <>
                          {' · '}
                          <Trans>resent</Trans>
                        </>
                      ) : null}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <DeliveryStatusBadge status={delivery.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {created}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {delivery.attempts.length}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <LastAnswer delivery={delivery} />
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onResend(delivery)}
                    aria-label={t`Resend ${name} (${created})`}
                  >
                    <Trans>Resend</Trans>
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
