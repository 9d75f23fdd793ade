import '@mantine/core/styles/Alert.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { AdminOrderResponse } from '../../../common/admin-orders';
import { OrderStatusBadge } from '../../components/OrderStatusBadge';
import { formatEventDate } from '../events/datetime';
import { minutesLeft } from './time-left';

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

/** An order still being checked out: nothing is bought yet, only held for a while. */
export function CheckoutInProgress({
  until,
  promoCode,
  timezone,
}: {
  until: string;
  promoCode: string | null;
  timezone: string;
}) {
  const { t, i18n } = useLingui();
  const when = formatEventDate(until, timezone, i18n.locale);
  return (
    <Alert color="blue" variant="light" title={t`Checkout in progress`}>
      <Text size="sm">
        {promoCode ? (
          <Trans>
            The buyer has not finished checking out yet. The order’s tickets and a use of promo code{' '}
            {promoCode} are held until {when}, then go back on sale if the checkout is not completed.
          </Trans>
        ) : (
          <Trans>
            The buyer has not finished checking out yet. The order’s tickets are held until {when}, then go
            back on sale if the checkout is not completed.
          </Trans>
        )}
      </Text>
    </Alert>
  );
}
