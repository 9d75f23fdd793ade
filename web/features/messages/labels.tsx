import '@mantine/core/styles/Badge.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type {
  MessageErrorCode,
  MessageScope,
  MessageScopeType,
  MessageStatus,
  RecipientStatus,
} from '../../../common/messages';
import { ORDER_STATUS_LABELS } from '../../components/OrderStatusBadge';

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, MessageDescriptor> = {
  SCHEDULED: msg`Scheduled`,
  QUEUED: msg`Queued`,
  SENDING: msg`Sending`,
  SENT: msg`Sent`,
  FAILED: msg`Failed`,
};

export const RECIPIENT_STATUS_LABELS: Record<RecipientStatus, MessageDescriptor> = {
  PENDING: msg`Pending`,
  SENT: msg`Sent`,
  FAILED: msg`Failed`,
};

export const SCOPE_LABELS: Record<MessageScopeType, MessageDescriptor> = {
  ALL_ATTENDEES: msg`All attendees`,
  TICKET_HOLDERS: msg`Holders of selected tickets`,
  ATTENDEES: msg`Individual attendees`,
  ORDER_OWNERS: msg`Order owners`,
  ORDER_OWNER: msg`One order's owner`,
  DATE_ATTENDEES: msg`Attendees of one date`,
};

export const MESSAGE_ERROR_LABELS: Record<MessageErrorCode, MessageDescriptor> = {
  NO_RECIPIENTS: msg`When it was due, nobody matched its recipients any more.`,
  TOO_MANY_RECIPIENTS: msg`When it was due, more people matched than one message may reach.`,
  SENDER_NOT_ALLOWED: msg`The sender could no longer send messages when it was due (access or e-mail confirmation lost).`,
  INTERNAL: msg`Something went wrong repeatedly while sending. Please try again.`,
};

// Light badges with text dark enough for 4.5:1 on their tint.
type Tone = { color: string; text: string };
const GRAY: Tone = { color: 'gray', text: '#343a40' };
const BLUE: Tone = { color: 'blue', text: '#0b4f8a' };
const GREEN: Tone = { color: 'teal', text: '#05573d' };
const RED: Tone = { color: 'red', text: '#9b1c1c' };

const MESSAGE_TONES: Record<MessageStatus, Tone> = {
  SCHEDULED: GRAY,
  QUEUED: BLUE,
  SENDING: BLUE,
  SENT: GREEN,
  FAILED: RED,
};
const RECIPIENT_TONES: Record<RecipientStatus, Tone> = { PENDING: GRAY, SENT: GREEN, FAILED: RED };

function StatusBadge({ tone, label, status }: { tone: Tone; label: string; status: string }) {
  return (
    <Badge
      color={tone.color}
      c={tone.text}
      variant="light"
      radius="sm"
      tt="none"
      miw="max-content"
      data-status={status}
    >
      {label}
    </Badge>
  );
}

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  const { i18n } = useLingui();
  return (
    <StatusBadge tone={MESSAGE_TONES[status]} label={i18n._(MESSAGE_STATUS_LABELS[status])} status={status} />
  );
}

export function RecipientStatusBadge({ status }: { status: RecipientStatus }) {
  const { i18n } = useLingui();
  return (
    <StatusBadge
      tone={RECIPIENT_TONES[status]}
      label={i18n._(RECIPIENT_STATUS_LABELS[status])}
      status={status}
    />
  );
}

/** "Test" next to a message only its sender received. */
export function TestBadge() {
  const { t } = useLingui();
  return (
    <Badge color="violet" c="#4c2a85" variant="light" radius="sm" tt="none" miw="max-content">
      {t`Test`}
    </Badge>
  );
}

/**
 * Who a message goes to, in a line: "Holders of Floor, Balcony", "3 attendees", "Attendees of
 * Thu, Jan 8, 2031, 9:00 PM" (the dates' texts by id, when known).
 */
export function useScopeSummary(): (
  scope: MessageScope,
  names?: { ticketTitles?: Map<number, string> | undefined; dateTexts?: Map<number, string> | undefined },
) => string {
  const { t, i18n } = useLingui();
  return (scope, { ticketTitles, dateTexts } = {}) => {
    switch (scope.type) {
      case 'ALL_ATTENDEES':
        return t`All attendees`;
      case 'TICKET_HOLDERS': {
        const titles = scope.ticket_ids.map((id) => ticketTitles?.get(id));
        if (titles.every((title) => title !== undefined)) {
          const names = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(titles as string[]);
          return t`Holders of ${names}`;
        }
        return plural(scope.ticket_ids.length, { one: 'Holders of # ticket', other: 'Holders of # tickets' });
      }
      case 'ATTENDEES':
        return plural(scope.attendee_ids.length, { one: '# chosen attendee', other: '# chosen attendees' });
      case 'ORDER_OWNERS': {
        if (!scope.order_statuses) return t`Order owners`;
        const statuses = new Intl.ListFormat(i18n.locale, { type: 'disjunction' }).format(
          scope.order_statuses.map((status) => i18n._(ORDER_STATUS_LABELS[status])),
        );
        return t`Owners of orders: ${statuses}`;
      }
      case 'ORDER_OWNER':
        return t`One order's owner`;
      case 'DATE_ATTENDEES': {
        const date = dateTexts?.get(scope.date_id);
        return date ? t`Attendees of ${date}` : t`Attendees of one date`;
      }
    }
  };
}
