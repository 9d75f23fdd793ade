import '@mantine/core/styles/Badge.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { EventLifecycle, EventStatus } from '../../../common/events';

export const STATUS_LABELS: Record<EventStatus, MessageDescriptor> = {
  DRAFT: msg`Draft`,
  LIVE: msg`Live`,
  ARCHIVED: msg`Archived`,
};

export const LIFECYCLE_LABELS: Record<EventLifecycle, MessageDescriptor> = {
  UPCOMING: msg`Upcoming`,
  ONGOING: msg`On now`,
  ENDED: msg`Ended`,
};

/** Light badges with text dark enough for 4.5:1 on their tint. */
const STATUS_COLORS: Record<EventStatus, { color: string; text: string }> = {
  DRAFT: { color: 'gray', text: 'gray.8' },
  LIVE: { color: 'teal', text: '#05573d' },
  ARCHIVED: { color: 'dark', text: 'dark.8' },
};

export function StatusBadge({ status }: { status: EventStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge
      color={STATUS_COLORS[status].color}
      c={STATUS_COLORS[status].text}
      variant="light"
      radius="sm"
      data-testid="event-status"
    >
      {i18n._(STATUS_LABELS[status])}
    </Badge>
  );
}
