import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Divider.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Divider, Drawer, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { AdminOrderDetailResponse, OrderActivityKind } from '../../../common/admin-orders';
import { UNFINISHED_CHECKOUT_STATUSES } from '../../../common/orders';
import { errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { notify } from '../../components/notify';
import { PriceBreakdown } from '../../components/PriceBreakdown';
import { formatEventDate } from '../events/datetime';
import { formatMoney } from '../taxes-fees/money';
import { useAddNote, useMarkPaid, useOrder, useResendOrder } from './api';
import { EditBuyerForm } from './EditBuyerForm';
import { CheckoutInProgress, OrderStateBadge } from './OpenCheckout';
import { CancelOrderModal, RefundModal } from './OrderModals';
import { buyerName } from './OrdersTable';

/** One order's details and what can be done with it, beside the list. */
export function OrderDrawer({
  eventId,
  orderId,
  timezone,
  onClose,
}: {
  eventId: number;
  orderId: number | null;
  timezone: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [shownId, setShownId] = useState(orderId);
  if (orderId !== null && orderId !== shownId) setShownId(orderId);
  const order = useOrder(eventId, shownId);
  return (
    <Drawer
      opened={orderId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t`Order`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {order.isPending ? (
        <InlineLoader label={t`Loading the order`} />
      ) : order.isError ? (
        <Stack gap="sm">
          <ErrorAlert error={order.error} title={t`Could not load the order`} />
          <Button variant="default" w="fit-content" onClick={() => order.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      ) : (
        <OrderDetails key={order.data.id} eventId={eventId} order={order.data} timezone={timezone} />
      )}
    </Drawer>
  );
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function OrderDetails({
  eventId,
  order,
  timezone,
}: {
  eventId: number;
  order: AdminOrderDetailResponse;
  timezone: string;
}) {
  const { t, i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, order.currency, i18n.locale);
  const markPaid = useMarkPaid(eventId, order.id);
  const resend = useResendOrder(eventId, order.id);
  const addNote = useAddNote(eventId, order.id);
  const [dialog, setDialog] = useState<'refund' | 'cancel' | 'paid' | null>(null);
  const [note, setNote] = useState('');
  const [editing, setEditing] = useState(false);
  const providers = { OFFLINE: t`Offline`, STRIPE: t`Card (Stripe)`, MANUAL: t`Added by hand` };
  const kinds: Record<OrderActivityKind, string> = {
    MARKED_PAID: t`Marked as paid`,
    CANCELLED: t`Cancelled`,
    CONFIRMATION_RESENT: t`Confirmation sent again`,
    BUYER_UPDATED: t`Buyer details changed`,
    REFUND_REQUESTED: t`Refund asked`,
    NOTE: t`Note`,
  };
  const refundable =
    order.payment_provider === 'STRIPE' &&
    order.totals.remaining > 0 &&
    ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUND_FAILED'].includes(order.status);
  const refundWhyNot =
    order.payment_provider === 'MANUAL'
      ? t`Added by hand: no payment to refund.`
      : order.payment_provider === 'OFFLINE'
        ? t`Paid offline: give the money back yourself, then cancel the order.`
        : order.status === 'REFUND_PENDING'
          ? t`A refund is on its way; wait for Stripe to settle it.`
          : null;
  const cancellable = ![
    'CANCELLED',
    'REFUND_PENDING',
    'RESERVED',
    'PROCESSING',
    'EXPIRED',
    'ABANDONED',
    'PAYMENT_FAILED',
  ].includes(order.status);
  const reference = order.reference;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2} fz="h3" ff="monospace">
            {reference}
          </Title>
          <Text size="sm" c="gray.7">
            {formatEventDate(order.created_at, timezone, i18n.locale)}
          </Text>
        </Stack>
        <OrderStateBadge order={order} size="lg" />
      </Group>
      {order.reserved_until ? (
        <CheckoutInProgress until={order.reserved_until} promoCode={order.promo_code} timezone={timezone} />
      ) : null}

      <Group gap="xs">
        {order.status === 'AWAITING_PAYMENT' ? (
          <Button size="xs" onClick={() => setDialog('paid')}>
            <Trans>Mark as paid</Trans>
          </Button>
        ) : null}
        {refundable ? (
          <Button size="xs" onClick={() => setDialog('refund')}>
            <Trans>Refund</Trans>
          </Button>
        ) : null}
        {order.status === 'COMPLETED' || order.status === 'AWAITING_PAYMENT' ? (
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
        {cancellable ? (
          <Button size="xs" variant="default" color="red.9" onClick={() => setDialog('cancel')}>
            <Trans>Cancel order</Trans>
          </Button>
        ) : null}
      </Group>
      {!refundable && refundWhyNot ? (
        <Text size="sm" c="gray.7">
          {refundWhyNot}
        </Text>
      ) : null}

      <Section title={t`Buyer`}>
        {editing ? (
          <EditBuyerForm eventId={eventId} order={order} onDone={() => setEditing(false)} />
        ) : (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              {buyerName(order) || '—'}
              {order.email ? ` · ${order.email}` : ''}
            </Text>
            <Button size="xs" variant="subtle" onClick={() => setEditing(true)}>
              <Trans>Edit</Trans>
            </Button>
          </Group>
        )}
        <Text size="sm" c="gray.7">
          {order.payment_provider
            ? providers[order.payment_provider]
            : order.total > 0
              ? t`No payment chosen yet`
              : t`Free`}
          {order.promo_code ? ` · ${t`Promo code ${order.promo_code}`}` : ''}
        </Text>
        {order.payment_instructions ? (
          <Alert color="orange" variant="light" title={t`Awaiting an offline payment`}>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {order.payment_instructions}
            </Text>
          </Alert>
        ) : null}
      </Section>

      <Section title={t`Lines`}>
        <PriceBreakdown order={order}>
          {order.totals.refunded > 0 ? (
            <>
              <TotalRow label={t`Refunded`} value={`−${money(order.totals.refunded)}`} />
              <TotalRow label={t`Remaining`} value={money(order.totals.remaining)} strong />
            </>
          ) : null}
        </PriceBreakdown>
      </Section>

      <Section title={t`Attendees`}>
        {order.attendees.map((a) => (
          <Text key={a.id} size="sm">
            {a.first_name} {a.last_name} · {a.ticket_title}
            {a.status !== 'ACTIVE'
              ? ` · ${a.status === 'CANCELLED' ? t`Cancelled` : t`Awaiting payment`}`
              : ''}
          </Text>
        ))}
      </Section>

      {order.answers.some((a) => a.attendee_id === null) ? (
        <Section title={t`Answers`}>
          {order.answers
            .filter((a) => a.attendee_id === null)
            .map((a) => (
              <Text key={a.question_id} size="sm">
                <Text span fw={600}>
                  {a.title}:
                </Text>{' '}
                {typeof a.answer === 'string'
                  ? a.answer
                  : Array.isArray(a.answer)
                    ? a.answer.join(', ')
                    : Object.values(a.answer).filter(Boolean).join(', ')}
              </Text>
            ))}
        </Section>
      ) : null}

      {order.refunds.length > 0 ? (
        <Section title={t`Refunds`}>
          {order.refunds.map((r) => (
            <Text key={r.id} size="sm">
              {money(r.amount)} · {formatEventDate(r.created_at, timezone, i18n.locale)} ·{' '}
              {r.status === 'PENDING' ? t`Pending` : r.status === 'SUCCEEDED' ? t`Done` : t`Failed`}
            </Text>
          ))}
        </Section>
      ) : null}

      <Divider />
      <Section title={t`Activity`}>
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
              <Text size="xs" c="gray.7">
                {formatEventDate(a.created_at, timezone, i18n.locale)} · {a.by ?? t`Tessera`}
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
      </Section>

      <RefundModal
        eventId={eventId}
        order={order}
        opened={dialog === 'refund'}
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
    </Stack>
  );
}

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
}
