import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { AdminOrderDetailResponse } from '../../../common/admin-orders';
import { cardPayout } from '../../../common/billing';
import { formatMoney } from '../../../common/money';
import { UNFINISHED_CHECKOUT_STATUSES } from '../../../common/orders';
import { PriceBreakdown } from '../../components/PriceBreakdown';
import { seatText } from '../../components/seat-text';
import { formatEventDate } from '../events/datetime';
import { EditBuyerForm } from './EditBuyerForm';
import { buyerName } from './OrdersTable';

type Order = AdminOrderDetailResponse;

/** One titled part of the order drawer. */
export function DrawerSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Who bought (editable), how they pay, and the event's instructions while an offline payment is due. */
export function BuyerSection({ eventId, order }: { eventId: number; order: Order }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const providers = { OFFLINE: t`Offline`, STRIPE: t`Card (Stripe)`, MANUAL: t`Added by hand` };
  // While the checkout is open the buyer owns these details (the API refuses a correction).
  const unfinished = UNFINISHED_CHECKOUT_STATUSES.includes(order.status);
  const affiliateCode = order.affiliate_code;
  return (
    <DrawerSection title={t`Buyer`}>
      {unfinished && !order.email ? (
        <Text size="sm" c="gray.7">
          <Trans>The buyer has not given their details yet.</Trans>
        </Text>
      ) : editing ? (
        <EditBuyerForm eventId={eventId} order={order} onDone={() => setEditing(false)} />
      ) : (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">
            {buyerName(order) || '—'}
            {order.email ? ` · ${order.email}` : ''}
          </Text>
          {unfinished ? null : (
            <Button size="xs" variant="subtle" onClick={() => setEditing(true)}>
              <Trans>Edit</Trans>
            </Button>
          )}
        </Group>
      )}
      {order.company ? (
        <Text size="sm" data-testid="order-company" style={{ whiteSpace: 'pre-line' }}>
          {order.company}
          {order.vat_id ? ` · ${t`VAT number ${order.vat_id}`}` : ''}
          {order.company_address ? `\n${order.company_address}` : ''}
        </Text>
      ) : null}
      <Text size="sm" c="gray.7">
        {order.payment_provider
          ? providers[order.payment_provider]
          : order.total > 0
            ? t`No payment chosen yet`
            : t`Free`}
        {order.promo_code ? ` · ${t`Promo code ${order.promo_code}`}` : ''}
        {affiliateCode ? ` · ${t`Affiliate ${affiliateCode}`}` : ''}
      </Text>
      {order.payment_instructions ? (
        <Alert color="orange" variant="light" title={t`Awaiting an offline payment`}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {order.payment_instructions}
          </Text>
        </Alert>
      ) : null}
    </DrawerSection>
  );
}

/** The order's lines and totals, with what was refunded and what is left. */
export function LinesSection({ order }: { order: Order }) {
  const { t, i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, order.currency, i18n.locale);
  const seated = order.items.filter((item) => item.seats.length > 0);
  return (
    <DrawerSection title={t`Lines`}>
      <PriceBreakdown order={order}>
        {order.totals.refunded > 0 ? (
          <>
            <TotalRow label={t`Refunded`} value={`−${money(order.totals.refunded)}`} />
            <TotalRow label={t`Remaining`} value={money(order.totals.remaining)} strong />
          </>
        ) : null}
      </PriceBreakdown>
      {seated.map((item) => {
        const ticket = item.title;
        return (
          <Text key={item.id} size="sm" data-testid="order-line-seats">
            <Text span fw={600}>
              {t`Seats of ${ticket}:`}
            </Text>{' '}
            {item.seats.map((seat) => seatText(i18n, seat)).join('; ')}
          </Text>
        );
      })}
    </DrawerSection>
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

/**
 * What the card payment cost, as Stripe booked it: the platform fee (less what refunds gave
 * back) and Stripe's fees, the refunds, and what reached the organizer, netted as billing nets
 * it (`cardPayout`); nothing for an order not paid by card.
 */
export function CardFeesSection({ order }: { order: Order }) {
  const { t, i18n } = useLingui();
  const payout = cardPayout(order);
  if (!payout) return null;
  const money = (minor: number) => formatMoney(minor, order.currency, i18n.locale);
  return (
    <DrawerSection title={t`Card fees`}>
      <Stack gap={4} data-testid="card-fees">
        <TotalRow label={t`Platform fee`} value={money(payout.platform_fee)} />
        <TotalRow label={t`Stripe fee`} value={money(payout.stripe_fee)} />
        {payout.refunded > 0 ? <TotalRow label={t`Refunded`} value={`−${money(payout.refunded)}`} /> : null}
        <TotalRow label={t`Paid out to you`} value={money(payout.paid_out)} strong />
      </Stack>
    </DrawerSection>
  );
}

/** Everybody holding a ticket of the order, and which of them do not count (yet). */
export function AttendeesSection({ order }: { order: Order }) {
  const { t, i18n } = useLingui();
  return (
    <DrawerSection title={t`Attendees`}>
      {order.attendees.length === 0 ? (
        <Text size="sm" c="gray.7">
          <Trans>No tickets are issued until the checkout is finished.</Trans>
        </Text>
      ) : null}
      {order.attendees.map((a) => (
        <Text key={a.id} size="sm" data-testid="order-attendee">
          {a.first_name} {a.last_name} · {a.ticket_title}
          {a.seat ? ` · ${seatText(i18n, a.seat)}` : ''}
          {a.status !== 'ACTIVE' ? ` · ${a.status === 'CANCELLED' ? t`Cancelled` : t`Awaiting payment`}` : ''}
        </Text>
      ))}
    </DrawerSection>
  );
}

/** The answers to the order's own questions (not those of each attendee); nothing when none. */
export function AnswersSection({ order }: { order: Order }) {
  const { t } = useLingui();
  const answers = order.answers.filter((a) => a.attendee_id === null);
  if (answers.length === 0) return null;
  return (
    <DrawerSection title={t`Answers`}>
      {answers.map((a) => (
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
    </DrawerSection>
  );
}

/** Each refund asked, with how it went; nothing when none. */
export function RefundsSection({ order, timezone }: { order: Order; timezone: string }) {
  const { t, i18n } = useLingui();
  if (order.refunds.length === 0) return null;
  return (
    <DrawerSection title={t`Refunds`}>
      {order.refunds.map((r) => (
        <Text key={r.id} size="sm" data-testid="order-refund">
          {formatMoney(r.amount, order.currency, i18n.locale)} ·{' '}
          {formatEventDate(r.created_at, timezone, i18n.locale)} ·{' '}
          {r.method === 'OFFLINE'
            ? t`Given back offline`
            : r.status === 'PENDING'
              ? t`Pending`
              : r.status === 'SUCCEEDED'
                ? t`Done`
                : t`Failed`}
          {r.note ? ` · ${r.note}` : ''}
          {r.fees && r.fees.platform_fee > 0
            ? ` · ${t`platform fee given back: ${formatMoney(r.fees.platform_fee, order.currency, i18n.locale)}`}`
            : ''}
        </Text>
      ))}
    </DrawerSection>
  );
}
