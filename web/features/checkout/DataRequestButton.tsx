import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import type { PublicOrderResponse } from '../../../common/orders';
import type { DataRequestAccepted } from '../../../common/personal-data';
import { apiFetch } from '../../api/client';
import { errorMessage } from '../../components/api-error';
import { Alert, Button, Group, Stack, Text } from '../../ui';

/**
 * "Request my data" (decision 064): a link to the export of everything kept with the order's
 * address, mailed to that address. Whoever holds the order's link may ask; only the address gets it.
 */
export function DataRequestButton({ order, eventId }: { order: PublicOrderResponse; eventId: string }) {
  const { t } = useLingui();
  const email = order.email ?? '';
  const request = useMutation({
    mutationFn: () =>
      apiFetch<DataRequestAccepted>(
        `/public/events/${encodeURIComponent(eventId)}/orders/${encodeURIComponent(order.short_id)}/data-request`,
        { method: 'POST' },
      ),
  });
  if (!email) return null;
  return (
    <Stack gap="xs" data-testid="data-request">
      <Group gap="sm" align="center">
        <Text size="sm" tone="muted">
          <Trans>Want a copy of everything kept with your e-mail address?</Trans>
        </Text>
        <Button
          variant="subtle"
          size="sm"
          loading={request.isPending}
          disabled={request.isSuccess}
          onClick={() => request.mutate()}
          data-testid="request-my-data"
        >
          <Trans>Request my data</Trans>
        </Button>
      </Group>
      {request.isSuccess ? (
        <Text size="sm" role="status" data-testid="data-request-sent" style={{ overflowWrap: 'anywhere' }}>
          {t`We are sending a link to your data to ${email}.`}
        </Text>
      ) : null}
      {request.isError ? <Alert tone="error">{errorMessage(request.error)}</Alert> : null}
    </Stack>
  );
}
