import '@mantine/core/styles/Badge.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Stack, Text } from '@mantine/core';
import type { WebhookDeliveryStatus, WebhookResponse } from '../../../common/webhooks';
import { DELIVERY_STATUS_LABELS } from './webhook-labels';

/** Active or inactive: a dot badge, the text in the body colour and the dot carrying the colour. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useLingui();
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="dot" tt="none" miw="max-content">
      {active ? t`Active` : t`Inactive`}
    </Badge>
  );
}

/**
 * The endpoint's state, and why when it is not the plain one: turned off by Tessera after 3 days
 * of failures (decision 027), or still on but failing since a time.
 */
export function EndpointState({
  webhook,
  format,
}: {
  webhook: Pick<WebhookResponse, 'active' | 'failing_since' | 'disabled_reason'>;
  format: Intl.DateTimeFormat;
}) {
  const since = webhook.failing_since ? format.format(new Date(webhook.failing_since)) : null;
  return (
    <Stack gap={2} align="flex-start">
      <ActiveBadge active={webhook.active} />
      {!webhook.active && webhook.disabled_reason === 'FAILING' ? (
        <Text size="xs" c={TEXT.red} data-testid="webhook-turned-off">
          <Trans>Turned off by Tessera: only failures for 3 days</Trans>
        </Text>
      ) : webhook.active && since ? (
        <Text size="xs" c={TEXT.orange} data-testid="webhook-failing">
          <Trans>Failing since {since}</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

const COLOURS: Record<WebhookDeliveryStatus, 'orange' | 'teal' | 'red'> = {
  PENDING: 'orange',
  DELIVERED: 'teal',
  FAILED: 'red',
};
// Light badges with text dark enough for 4.5:1 on their tint (as the order status badges).
const TEXT = { teal: '#05573d', orange: '#8a3a00', red: '#9b1c1c' } as const;

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { i18n } = useLingui();
  const colour = COLOURS[status];
  return (
    <Badge
      color={colour}
      c={TEXT[colour]}
      variant="light"
      radius="sm"
      tt="none"
      miw="max-content"
      data-status={status}
    >
      {i18n._(DELIVERY_STATUS_LABELS[status])}
    </Badge>
  );
}
