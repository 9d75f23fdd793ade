import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/ActionIcon.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Menu, Text } from '@mantine/core';
import {
  EVENT_DATE_STATUSES,
  type EventDateResponse,
  type EventDateStatus,
} from '../../../common/event-dates';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { DotsIcon } from '../../components/organizer-icons';
import { formatEventDate } from '../events/datetime';
import { dayOf, timeOf } from './calendar';
import { DATE_STATUS_LABELS, DateStatusBadge, useSoldText } from './labels';

/** What a row's menu does to its date. */
export interface DateActions {
  onEdit: (date: EventDateResponse) => void;
  onStatus: (date: EventDateResponse, status: EventDateStatus) => void;
  onDelete: (date: EventDateResponse) => void;
  /** Opens "Cancel date…", or, for a cancelled date, how far its cancellation got. */
  onCancel: (date: EventDateResponse) => void;
  /** Opens the date's ticket settings: each ticket's own quantity, price and sale window there. */
  onTickets: (date: EventDateResponse) => void;
  /** Opens the changes to every future date of the rule that made this one (`rule_id` set). */
  onSeries: (date: EventDateResponse) => void;
}

/** The dates, earliest first: start, end, label, status, sales, and a menu of actions per date. */
export function DatesTable({
  dates,
  timeZone,
  actions,
}: {
  dates: EventDateResponse[];
  timeZone: string;
  actions: DateActions;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const soldText = useSoldText();
  const starts = (date: EventDateResponse) => formatEventDate(date.starts_at, timeZone, locale);
  /** The end's time alone when it ends on the day it starts. */
  const ends = (date: EventDateResponse) => {
    if (!date.ends_at) return '—';
    return dayOf(date.ends_at, timeZone) === dayOf(date.starts_at, timeZone)
      ? timeOf(date.ends_at, timeZone, locale)
      : formatEventDate(date.ends_at, timeZone, locale);
  };

  const columns: DataColumn<EventDateResponse>[] = [
    {
      id: 'starts',
      header: t`Starts`,
      cell: (date) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {starts(date)}
        </Text>
      ),
      cellProps: () => ({ 'data-testid': 'date-starts' }),
    },
    {
      id: 'ends',
      header: t`Ends`,
      cell: (date) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {ends(date)}
        </Text>
      ),
    },
    {
      id: 'label',
      header: t`Label`,
      cell: (date) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {date.label ?? ''}
        </Text>
      ),
    },
    { id: 'status', header: t`Status`, cell: (date) => <DateStatusBadge status={date.status} /> },
    {
      id: 'sold',
      header: t`Sold`,
      cell: (date) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {soldText(date)}
        </Text>
      ),
    },
    {
      id: 'actions',
      header: t`Actions`,
      hideHeader: true,
      align: 'right',
      cell: (date) => <DateMenu date={date} name={starts(date)} actions={actions} />,
    },
  ];

  return (
    <DataTable
      label={t`Dates of this event`}
      columns={columns}
      rows={dates}
      rowKey={(date) => date.id}
      minWidth={720}
    />
  );
}

function DateMenu({ date, name, actions }: { date: EventDateResponse; name: string; actions: DateActions }) {
  const { t, i18n } = useLingui();
  return (
    <Menu position="bottom-end" shadow="md" width={260} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Actions for ${name}`}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => actions.onEdit(date)}>
          <Trans>Edit</Trans>
        </Menu.Item>
        <Menu.Item onClick={() => actions.onTickets(date)}>
          <Trans>Ticket settings</Trans>
        </Menu.Item>
        {date.rule_id === null ? null : (
          <Menu.Item onClick={() => actions.onSeries(date)}>
            <Trans>Edit all future dates of this rule</Trans>
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Label c="gray.7">
          <Trans>Change status</Trans>
        </Menu.Label>
        {/* Cancelling goes through "Cancel date…" below, which refunds or moves its orders. */}
        {EVENT_DATE_STATUSES.filter((status) => status !== date.status && status !== 'CANCELLED').map(
          (status) => (
            <Menu.Item key={status} onClick={() => actions.onStatus(date, status)}>
              {i18n._(DATE_STATUS_LABELS[status])}
            </Menu.Item>
          ),
        )}
        <Menu.Divider />
        <Menu.Item
          color={date.status === 'CANCELLED' ? undefined : 'red.9'}
          onClick={() => actions.onCancel(date)}
        >
          {date.status === 'CANCELLED' ? <Trans>Cancellation progress</Trans> : <Trans>Cancel date…</Trans>}
        </Menu.Item>
        <Menu.Item color="red.9" onClick={() => actions.onDelete(date)}>
          <Trans>Delete</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
