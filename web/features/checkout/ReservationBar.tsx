import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../components/api-error';
import { notify } from '../../components/notify';
import { Button, Group, Stack, Text } from '../../ui';
import { abandonOrder, eventPagePath, extendOrder, type PublicOrder } from './api';
import { formatCountdown } from './clock';

const loadCancelModal = () => import('./CancelOrderModal');
const CancelOrderModal = lazy(async () => ({ default: (await loadCancelModal()).CancelOrderModal }));

/** When the buyer is warned that time is running out (WCAG 2.2.1). */
export const WARNING_MS = 2 * 60_000;

interface Props {
  order: PublicOrder;
  remaining: number;
  onOrder: (order: PublicOrder) => void;
  onError: (error: unknown) => boolean;
}

/**
 * How long the tickets stay reserved, counted on the server's clock; a warning two minutes
 * before the end, with the offer of more time each time while the reservation can still be
 * extended (ten times, decision 038); and a way to give the tickets back.
 */
export function ReservationBar({ order, remaining, onOrder, onError }: Props) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const warning = remaining <= WARNING_MS;
  const [announcement, setAnnouncement] = useState('');
  const warned = useRef(false);
  const [confirming, setConfirming] = useState(false);
  // The modal is loaded the first time it is asked for, then stays mounted for its transitions.
  const [askedOnce, setAskedOnce] = useState(false);

  useEffect(() => {
    if (warning && !warned.current) {
      warned.current = true;
      setAnnouncement(
        order.extension_available
          ? t`Less than 2 minutes left to complete your order. You can ask for more time.`
          : t`Less than 2 minutes left to complete your order.`,
      );
    }
    if (!warning) warned.current = false;
  }, [warning, order.extension_available, t]);

  const extend = useMutation({
    mutationFn: () => extendOrder(String(order.event_id), order.short_id),
    onSuccess: (next) => {
      onOrder(next);
      // Emptied first: a live region says a text again only when it changes.
      setAnnouncement('');
      setTimeout(() => setAnnouncement(t`Your reservation was extended.`), 100);
      notify(
        t({
          message: plural(next.order_timeout_minutes, {
            one: 'You have # more minute to complete your order.',
            other: 'You have # more minutes to complete your order.',
          }),
        }),
      );
    },
    onError: (error) => {
      if (!onError(error)) notify(errorMessage(error), 'error');
    },
  });

  const cancel = useMutation({
    mutationFn: () => abandonOrder(String(order.event_id), order.short_id),
    onSuccess: () => {
      notify(t`Your order was cancelled and its tickets released.`);
      void navigate(eventPagePath(order.event));
    },
    onError: (error) => {
      setConfirming(false);
      if (!onError(error)) notify(errorMessage(error), 'error');
    },
  });

  const countdown = formatCountdown(remaining);
  return (
    <div className="reservation-bar" data-warning={warning ? '' : undefined} data-testid="reservation-bar">
      <div aria-live="assertive" className="ui-visually-hidden" data-testid="reservation-announcement">
        {announcement}
      </div>
      <Group justify="between" gap="sm">
        <Stack gap="0">
          <Text weight={600} size="sm">
            <Trans>
              Tickets reserved for{' '}
              <span className="countdown" role="timer" aria-live="off" data-testid="countdown">
                {countdown}
              </span>
            </Trans>
          </Text>
          {warning ? (
            <Text size="sm" weight={600}>
              <Trans>Less than 2 minutes left to complete your order.</Trans>
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs">
          {order.extension_available && warning ? (
            <Button size="xs" loading={extend.isPending} onClick={() => extend.mutate()}>
              <Trans>I need more time</Trans>
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            onPointerEnter={() => void loadCancelModal()}
            onFocus={() => void loadCancelModal()}
            onClick={() => {
              setAskedOnce(true);
              setConfirming(true);
            }}
          >
            <Trans>Cancel order</Trans>
          </Button>
        </Group>
      </Group>
      {askedOnce ? (
        <Suspense fallback={null}>
          <CancelOrderModal
            opened={confirming}
            onClose={() => setConfirming(false)}
            onCancel={() => cancel.mutate()}
            pending={cancel.isPending}
            error={cancel.isError ? cancel.error : null}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
