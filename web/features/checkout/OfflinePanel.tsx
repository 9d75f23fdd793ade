import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../components/api-error';
import { Alert, Button, Group, Stack, Text, Title } from '../../ui';
import { checkoutPath, completeOrder } from './api';
import { useCheckout } from './context';
import type { PanelProps } from './panels';

/** Offline payment: the event's instructions, and the order placed to be paid later. */
export function OfflinePanel({ order, eventId, shortId, onError }: PanelProps) {
  const navigate = useNavigate();
  const { setOrder } = useCheckout();
  const place = useMutation({
    mutationFn: () => completeOrder(eventId, shortId, 'OFFLINE'),
    onSuccess: (next) => {
      setOrder(next);
      void navigate(checkoutPath(eventId, shortId, 'summary'));
    },
    onError: (error) => void onError(error),
  });
  return (
    <Stack gap="sm" data-testid="offline-panel">
      <Title order={3} size="h4">
        <Trans>How to pay</Trans>
      </Title>
      {order.payment_methods.offline_instructions ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="offline-instructions">
          {order.payment_methods.offline_instructions}
        </Text>
      ) : (
        <Text size="sm" tone="muted">
          <Trans>The organizer will tell you how to pay.</Trans>
        </Text>
      )}
      {place.isError && !onErrorHandled(place.error) ? (
        <Alert tone="error">{errorMessage(place.error)}</Alert>
      ) : null}
      <Group justify="end">
        <Button size="md" loading={place.isPending} onClick={() => place.mutate()} data-testid="place-order">
          <Trans>Place order</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** Errors that take the buyer to an order screen are not repeated in the panel. */
const onErrorHandled = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'status' in error &&
  [404, 410].includes((error as { status: number }).status);
