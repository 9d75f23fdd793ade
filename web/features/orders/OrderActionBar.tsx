import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { AdminOrderDetailResponse } from '../../../common/admin-orders';
import { orderActionRefusal } from '../../../common/order-actions';
import { errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notify } from '../../components/notify';
import { useMarkPaid, useResendOrder } from './api';
import { CancelOrderModal, RefundModal } from './OrderModals';
import { RecordRefundModal } from './RecordRefundModal';

type Order = AdminOrderDetailResponse;

/**
 * The buttons for what can be done to the order now: the actions the server listed with it
 * (`common/order-actions.ts`), each behind its dialog; and, when a refund is not possible, why.
 */
export function OrderActionBar({ eventId, order }: { eventId: number; order: Order }) {
  const { t } = useLingui();
  const markPaid = useMarkPaid(eventId, order.id);
  const resend = useResendOrder(eventId, order.id);
  const [dialog, setDialog] = useState<'refund' | 'record' | 'cancel' | 'paid' | null>(null);
  const allows = (action: Order['actions'][number]) => order.actions.includes(action);
  const whyNoRefund = useRefundHint(order);
  const reference = order.reference;
  return (
    <>
      <Group gap="xs">
        {allows('MARK_PAID') ? (
          <Button size="xs" onClick={() => setDialog('paid')}>
            <Trans>Mark as paid</Trans>
          </Button>
        ) : null}
        {allows('REFUND') ? (
          <Button size="xs" onClick={() => setDialog('refund')}>
            <Trans>Refund</Trans>
          </Button>
        ) : null}
        {allows('RECORD_REFUND') ? (
          <Button size="xs" onClick={() => setDialog('record')}>
            <Trans>Record refund</Trans>
          </Button>
        ) : null}
        {allows('RESEND_CONFIRMATION') ? (
          <Button
            size="xs"
            variant="default"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: () => notify(t`The confirmation has been sent again.`),
                onError: (e) => notify(errorMessage(e), 'error'),
              })
            }
          >
            <Trans>Resend confirmation</Trans>
          </Button>
        ) : null}
        {allows('CANCEL') ? (
          <Button size="xs" variant="default" color="red.9" onClick={() => setDialog('cancel')}>
            <Trans>Cancel order</Trans>
          </Button>
        ) : null}
      </Group>
      {whyNoRefund ? (
        <Text size="sm" c="gray.7">
          {whyNoRefund}
        </Text>
      ) : null}

      <RefundModal
        eventId={eventId}
        order={order}
        opened={dialog === 'refund'}
        onClose={() => setDialog(null)}
      />
      <RecordRefundModal
        eventId={eventId}
        order={order}
        opened={dialog === 'record'}
        onClose={() => setDialog(null)}
      />
      <CancelOrderModal
        eventId={eventId}
        order={order}
        opened={dialog === 'cancel'}
        onClose={() => setDialog(null)}
      />
      <ConfirmModal
        opened={dialog === 'paid'}
        title={t`Mark order ${reference} as paid?`}
        confirmLabel={t`Mark as paid`}
        loading={markPaid.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          markPaid.mutate(undefined, {
            onSuccess: () => {
              setDialog(null);
              notify(t`Order ${reference} is paid; its tickets have been sent.`);
            },
            onError: (e) => notify(errorMessage(e), 'error'),
          })
        }
      >
        <Trans>
          Do this once the money has arrived. The tickets become valid and are mailed to the attendees.
        </Trans>
      </ConfirmModal>
    </>
  );
}

/**
 * How a refund works for this order when the organizer would wonder, and only where it applies:
 * an offline payment that can still be given back is given back by hand, then recorded; why a
 * card refund cannot be asked now. Null otherwise (nothing paid, nothing left, cancelled…).
 */
function useRefundHint(order: Order): string | null {
  const { t } = useLingui();
  if (order.actions.includes('RECORD_REFUND'))
    return t`Paid offline: give the money back yourself (in cash, by bank transfer), then record the refund here.`;
  if (order.actions.includes('REFUND')) return null;
  const refusal = orderActionRefusal('REFUND', {
    status: order.status,
    paymentProvider: order.payment_provider,
    total: order.total,
    refundedTotal: order.refunded_total,
    email: order.email,
  });
  if (refusal === 'ORDER_MANUAL_NOT_REFUNDABLE') return t`Added by hand: no payment to refund.`;
  if (refusal === 'REFUND_PENDING') return t`A refund is on its way; wait for Stripe to settle it.`;
  return null;
}
