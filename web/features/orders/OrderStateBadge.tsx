import { Plural } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { AdminOrderResponse } from '../../../common/admin-orders';
import { OrderStatusBadge } from '../../components/OrderStatusBadge';

const TICK_MS = 15_000;

/** The time now, again every `step` ms while mounted. */
function useNow(step: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), step);
    return () => window.clearInterval(timer);
  }, [step]);
  return now;
}

/** Whole minutes left until `until`, rounded up; 0 once it has passed. */
export function minutesLeft(until: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(until) - now) / 60_000));
}

/**
 * An order's status for the organizer. A checkout in progress says how long its seats stay
 * held ("Reserved · 12 min left") and turns Expired when the time is up.
 */
export function OrderStateBadge({
  order,
  size,
}: {
  order: Pick<AdminOrderResponse, 'status' | 'reserved_until'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  if (!order.reserved_until) return <OrderStatusBadge status={order.status} size={size} />;
  return <HeldBadge status={order.status} until={order.reserved_until} size={size} />;
}

function HeldBadge({
  status,
  until,
  size,
}: {
  status: AdminOrderResponse['status'];
  until: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const minutes = minutesLeft(until, useNow(TICK_MS));
  if (minutes === 0) return <OrderStatusBadge status="EXPIRED" size={size} />;
  return (
    <OrderStatusBadge
      status={status}
      size={size}
      detail={<Plural value={minutes} one="# min left" other="# min left" />}
    />
  );
}
