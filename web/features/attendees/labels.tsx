import '@mantine/core/styles/Badge.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { AttendeeStatus } from '../../../common/orders';

export const ATTENDEE_STATUS_LABELS: Record<AttendeeStatus, MessageDescriptor> = {
  ACTIVE: msg`Active`,
  AWAITING_PAYMENT: msg`Awaiting payment`,
  CANCELLED: msg`Cancelled`,
};

/** Light badges in the order status colours, with text dark enough for 4.5:1 on their tint. */
const STATUS_COLORS: Record<AttendeeStatus, { color: string; text: string }> = {
  ACTIVE: { color: 'teal', text: '#05573d' },
  AWAITING_PAYMENT: { color: 'orange', text: '#8a3a00' },
  CANCELLED: { color: 'red', text: '#9b1c1c' },
};

export function AttendeeStatusBadge({ status }: { status: AttendeeStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge
      color={STATUS_COLORS[status].color}
      c={STATUS_COLORS[status].text}
      variant="light"
      radius="sm"
      tt="none"
      miw="max-content"
      data-testid="attendee-status"
    >
      {i18n._(ATTENDEE_STATUS_LABELS[status])}
    </Badge>
  );
}

/** "Added by hand": the attendee's order was made by the organizer and cannot be refunded. */
export function ManualBadge() {
  const { t } = useLingui();
  return (
    <Badge
      variant="default"
      radius="sm"
      size="sm"
      tt="none"
      miw="max-content"
      title={t`Added by the organizer, not bought`}
    >
      {t`Added by hand`}
    </Badge>
  );
}
