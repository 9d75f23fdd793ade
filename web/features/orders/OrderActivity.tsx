import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { AdminOrderDetailResponse, OrderActivityKind } from '../../../common/admin-orders';
import { UNFINISHED_CHECKOUT_STATUSES } from '../../../common/orders';
import { errorMessage } from '../../components/api-error';
import { notify } from '../../components/notify';
import { formatEventDate } from '../events/datetime';
import { useAddNote } from './api';
import { BuyerChanges, byBuyer } from './BuyerChanges';
import { DrawerSection } from './OrderSections';

/** What was done to the order, newest first, down to when it was started; and a note to add. */
export function OrderActivity({
  eventId,
  order,
  timezone,
}: {
  eventId: number;
  order: AdminOrderDetailResponse;
  timezone: string;
}) {
  const { t, i18n } = useLingui();
  const addNote = useAddNote(eventId, order.id);
  const [note, setNote] = useState('');
  const kinds: Record<OrderActivityKind, string> = {
    MARKED_PAID: t`Marked as paid`,
    CANCELLED: t`Cancelled`,
    CONFIRMATION_RESENT: t`Confirmation sent again`,
    BUYER_RESENT_CONFIRMATION: t`The buyer sent the confirmation again`,
    BUYER_RESENT_TICKET: t`The buyer sent a ticket to its holder`,
    BUYER_UPDATED: t`Buyer details changed`,
    REFUND_REQUESTED: t`Refund asked`,
    REFUND_RECORDED: t`Refund recorded`,
    NOTE: t`Note`,
    BUYER_EDITED: t`Changed by the buyer`,
    BUYER_CANCELLED: t`Cancelled by the buyer`,
  };
  return (
    <DrawerSection title={t`Activity`}>
      <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {order.activity.map((a) => (
          <Stack key={a.id} gap={0} component="li" data-testid="order-activity">
            <Text size="sm" fw={600}>
              {kinds[a.kind]}
            </Text>
            {a.note ? (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {a.note}
              </Text>
            ) : null}
            {a.kind === 'BUYER_EDITED' ? <BuyerChanges data={a.data} /> : null}
            <Text size="xs" c="gray.7">
              {formatEventDate(a.created_at, timezone, i18n.locale)} ·{' '}
              {a.by ?? (byBuyer(a.data) ? t`The buyer` : t`Tessera`)}
            </Text>
          </Stack>
        ))}
        <Stack gap={0} component="li" data-testid="order-activity">
          <Text size="sm" fw={600}>
            {UNFINISHED_CHECKOUT_STATUSES.includes(order.status) ? (
              <Trans>Checkout started</Trans>
            ) : (
              <Trans>Order placed</Trans>
            )}
          </Text>
          <Text size="xs" c="gray.7">
            {formatEventDate(order.created_at, timezone, i18n.locale)}
          </Text>
        </Stack>
      </Stack>
      <Textarea
        label={t`Add a note`}
        autosize
        minRows={2}
        value={note}
        onChange={(c) => setNote(c.currentTarget.value)}
      />
      <Button
        size="xs"
        variant="default"
        w="fit-content"
        disabled={note.trim() === ''}
        loading={addNote.isPending}
        onClick={() =>
          addNote.mutate(note.trim(), {
            onSuccess: () => setNote(''),
            onError: (e) => notify(errorMessage(e), 'error'),
          })
        }
      >
        <Trans>Save note</Trans>
      </Button>
    </DrawerSection>
  );
}
