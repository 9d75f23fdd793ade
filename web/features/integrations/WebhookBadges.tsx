import '@mantine/core/styles/Badge.css';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { WebhookDeliveryStatus } from '../../../common/webhooks';
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
