import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { WaitlistEntryResponse, WaitlistTicketCounts } from '../../../common/waitlist';
import { DateCell } from '../event-dates/DateFilter';
import { WaitlistStatusBadge } from './status';

export interface WaitlistActions {
  onOffer: (entry: WaitlistEntryResponse) => void;
  onRemove: (entry: WaitlistEntryResponse) => void;
  /** The entry whose offer is being sent, if any. */
  offering: number | null;
}

const figure = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The entries, oldest first: who waits for which ticket, and where each one stands. */
export function WaitlistTable({
  entries,
  timezone,
  showDate,
  actions,
}: {
  entries: WaitlistEntryResponse[];
  timezone: string;
  /** The event has several dates: a "Date" column says which each person waits for. */
  showDate: boolean;
  actions: WaitlistActions;
}) {
  const { t, i18n } = useLingui();
  // Short dates (no weekday), in the event's zone, so that the table fits beside the side menu.
  const format = new Intl.DateTimeFormat(i18n.locale, {
    timeZone: timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const when = (iso: string) => format.format(new Date(iso));
  return (
    <Table.ScrollContainer minWidth={showDate ? 880 : 760} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label={t`People on the waiting list`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Trans>Position</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Name and e-mail</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Ticket</Trans>
            </Table.Th>
            {showDate ? (
              <Table.Th>
                <Trans>Date</Trans>
              </Table.Th>
            ) : null}
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Joined</Trans>
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id} data-testid="waitlist-row">
              <Table.Td ta="right" style={figure} data-testid="waitlist-position">
                {entry.position ?? '–'}
              </Table.Td>
              <Table.Td>
                <Stack gap={2} miw={160} maw={240}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {entry.name}
                  </Text>
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {entry.email}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" miw={90} style={{ overflowWrap: 'anywhere' }}>
                  {entry.ticket_title}
                </Text>
              </Table.Td>
              {showDate ? (
                <Table.Td>
                  <DateCell date={entry.date} timezone={timezone} />
                </Table.Td>
              ) : null}
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <WaitlistStatusBadge status={entry.status} />
                  <OfferDates entry={entry} when={when} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {when(entry.created_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowActions entry={entry} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** When the offer was made and until when it holds its ticket, under the status. */
function OfferDates({ entry, when }: { entry: WaitlistEntryResponse; when: (iso: string) => string }) {
  if (!entry.offered_at) return null;
  const offered = when(entry.offered_at);
  const expires = entry.offer_expires_at ? when(entry.offer_expires_at) : null;
  return (
    <Stack gap={2}>
      <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
        <Trans>Offered {offered}</Trans>
      </Text>
      {expires ? (
        <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
          <Trans>Held until {expires}</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

function RowActions({ entry, actions }: { entry: WaitlistEntryResponse; actions: WaitlistActions }) {
  const { t } = useLingui();
  const name = entry.name;
  const canOffer = entry.status === 'WAITING';
  const canRemove = canOffer || entry.status === 'OFFERED';
  if (!canRemove) return null;
  return (
    <Stack gap={6} align="stretch">
      {canOffer ? (
        <Button
          size="xs"
          variant="light"
          aria-label={t`Offer a ticket to ${name}`}
          loading={actions.offering === entry.id}
          onClick={() => actions.onOffer(entry)}
        >
          <Trans>Offer a ticket</Trans>
        </Button>
      ) : null}
      <Button
        size="xs"
        variant="default"
        aria-label={t`Remove ${name}`}
        onClick={() => actions.onRemove(entry)}
      >
        <Trans>Remove</Trans>
      </Button>
    </Stack>
  );
}

/** Per ticket: how many wait, hold an offer, bought with one, let it lapse or left. */
export function WaitlistCounts({ counts }: { counts: WaitlistTicketCounts[] }) {
  const { t, i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  const columns = [
    ['waiting', t`Waiting`],
    ['offered', t`Offered`],
    ['purchased', t`Purchased`],
    ['expired', t`Expired`],
    ['removed', t`Removed`],
  ] as const;
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table verticalSpacing="xs" aria-label={t`Waiting list per ticket`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Ticket</Trans>
            </Table.Th>
            {columns.map(([key, label]) => (
              <Table.Th key={key} ta="right">
                {label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {counts.map((row) => (
            <Table.Tr key={row.ticket_id} data-testid="waitlist-counts">
              <Table.Th scope="row" fw={500}>
                {row.ticket_title}
              </Table.Th>
              {columns.map(([key]) => (
                <Table.Td key={key} ta="right" style={figure} data-testid={`count-${key}`}>
                  {number.format(row[key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
