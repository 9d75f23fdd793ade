import './OrderStatusBadge.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
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

/**
 * A status as a light badge in the colour of `orderStatusColor`, with text dark enough for
 * 4.5:1 on its tint. Plain elements (`OrderStatusBadge.css`): checkout shows it too.
 */
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
  return (
    <span
      className="order-status"
      data-color={orderStatusColor(status)}
      data-size={size}
      data-status={status}
    >
      {i18n._(ORDER_STATUS_LABELS[status])}
      {detail ? <> · {detail}</> : null}
    </span>
  );
}
