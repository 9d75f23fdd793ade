import '@mantine/core/styles/Badge.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { WaitlistStatus } from '../../../common/waitlist';

/** Every waiting-list status as the organizer reads it. */
export const WAITLIST_STATUS_LABELS: Record<WaitlistStatus, MessageDescriptor> = {
  WAITING: msg`Waiting`,
  OFFERED: msg`Offered`,
  PURCHASED: msg`Purchased`,
  EXPIRED: msg`Expired`,
  REMOVED: msg`Removed`,
};

// Light badges with text dark enough for 4.5:1 on their tint.
const LOOK: Record<WaitlistStatus, { color: string; text: string }> = {
  WAITING: { color: 'blue', text: '#1c4f8a' },
  OFFERED: { color: 'orange', text: '#8a3a00' },
  PURCHASED: { color: 'teal', text: '#05573d' },
  EXPIRED: { color: 'gray', text: '#3f4349' },
  REMOVED: { color: 'gray', text: '#3f4349' },
};

export function WaitlistStatusBadge({ status }: { status: WaitlistStatus }) {
  const { i18n } = useLingui();
  const look = LOOK[status];
  return (
    <Badge
      color={look.color}
      c={look.text}
      variant="light"
      radius="sm"
      tt="none"
      miw="max-content"
      data-status={status}
    >
      {i18n._(WAITLIST_STATUS_LABELS[status])}
    </Badge>
  );
}
