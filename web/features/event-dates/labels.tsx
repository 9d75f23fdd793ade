import '@mantine/core/styles/Badge.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import {
  type EVENT_DATE_FREQUENCIES,
  EVENT_DATE_STATUSES,
  type EventDateResponse,
  type EventDateStatus,
} from '../../../common/event-dates';

export const DATE_STATUS_LABELS: Record<EventDateStatus, MessageDescriptor> = {
  ON_SALE: msg`On sale`,
  SOLD_OUT: msg`Sold out`,
  CANCELLED: msg`Cancelled`,
  HIDDEN: msg`Hidden`,
};

export const FREQUENCY_LABELS: Record<(typeof EVENT_DATE_FREQUENCIES)[number], MessageDescriptor> = {
  DAILY: msg`Daily`,
  WEEKLY: msg`Weekly`,
  MONTHLY: msg`Monthly`,
};

/** Light badges with text dark enough for 4.5:1 on their tint. */
const STATUS_COLORS: Record<EventDateStatus, { color: string; text: string }> = {
  ON_SALE: { color: 'teal', text: '#05573d' },
  SOLD_OUT: { color: 'orange', text: '#7a3300' },
  CANCELLED: { color: 'red', text: 'red.9' },
  HIDDEN: { color: 'gray', text: 'gray.8' },
};

export function DateStatusBadge({ status, size = 'md' }: { status: EventDateStatus; size?: 'xs' | 'md' }) {
  const { i18n } = useLingui();
  return (
    <Badge
      color={STATUS_COLORS[status].color}
      c={STATUS_COLORS[status].text}
      variant="light"
      radius="sm"
      tt="none"
      size={size}
      data-testid="date-status"
    >
      {i18n._(DATE_STATUS_LABELS[status])}
    </Badge>
  );
}

/**
 * The status choices of a select, in the interface language. Cancelling a date is not a status
 * to pick: it goes through "Cancel date…" (its orders are refunded or moved), so Cancelled is
 * offered only to a date that already is.
 */
export function useStatusChoices(current?: EventDateStatus) {
  const { i18n } = useLingui();
  return EVENT_DATE_STATUSES.filter((value) => value !== 'CANCELLED' || value === current).map((value) => ({
    value,
    label: i18n._(DATE_STATUS_LABELS[value]),
  }));
}

/** "12 sold / 40", or "12 sold" when the date has no capacity of its own. */
export function useSoldText(): (date: EventDateResponse) => string {
  const { t, i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  return (date) => {
    const sold = number.format(date.sold);
    if (date.capacity === null) return t`${sold} sold`;
    const capacity = number.format(date.capacity);
    return t`${sold} sold / ${capacity}`;
  };
}
