import '@mantine/core/styles/Badge.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import { type OrderStatus, orderStatusColor } from '../../common/order-statuses';

/** Every order status as people read it: one list for the buyer's pages and the organizer's. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  RESERVED: msg`Reserved`,
  AWAITING_PAYMENT: msg`Awaiting payment`,
  PROCESSING: msg`Processing`,
  COMPLETED: msg`Completed`,
  CANCELLED: msg`Cancelled`,
  EXPIRED: msg`Expired`,
  ABANDONED: msg`Abandoned`,
  PAYMENT_FAILED: msg`Payment failed`,
  REFUND_PENDING: msg`Refund pending`,
  REFUND_FAILED: msg`Refund failed`,
  PARTIALLY_REFUNDED: msg`Partially refunded`,
  REFUNDED: msg`Refunded`,
};

// The colours of `orderStatusColor` as light badges, with text dark enough for 4.5:1 on their tint.
const TEXT = { teal: '#05573d', orange: '#8a3a00', red: '#9b1c1c' } as const;

export function OrderStatusBadge({
  status,
  size = 'md',
  detail,
}: {
  status: OrderStatus;
  size?: 'sm' | 'md' | 'lg';
  /** Said after the status, e.g. how long a reservation has left. */
  detail?: React.ReactNode;
}) {
  const { i18n } = useLingui();
  const color = orderStatusColor(status);
  return (
    <Badge
      color={color}
      c={TEXT[color]}
      variant="light"
      radius="sm"
      tt="none"
      size={size}
      miw="max-content"
      data-status={status}
    >
      {i18n._(ORDER_STATUS_LABELS[status])}
      {detail ? <> · {detail}</> : null}
    </Badge>
  );
}
