import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { DateTicketResponse, EventDateResponse } from '../../../common/event-dates';
import { formatMoney } from '../../../common/money';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormModal } from '../../components/FormModal';
import { InlineLoader } from '../../components/InlineLoader';
import { DateTicketForm } from './DateTicketForm';
import type { DateTicketContext } from './date-settings-form';
import { useDateTickets } from './date-tickets-api';

/**
 * "Ticket settings" of one date: the event's tickets there with their seats, and, for the one
 * the organizer picks, its own quantity, price and sale window on that date. The list and the
 * form share the dialog, so Cancel or Save goes back to the list rather than closing it.
 */
export function DateTicketsModal({
  eventId,
  date,
  name,
  context,
  onClose,
}: {
  eventId: number;
  /** The date whose tickets are shown; null: the dialog is closed. */
  date: EventDateResponse | null;
  /** The date as the table names it ("Tue, 3 Mar 2026, 19:00"). */
  name: string;
  context: DateTicketContext;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const tickets = useDateTickets(eventId, date?.id ?? null);
  const [editingId, setEditingId] = useState<number | null>(null);
  // The ticket last edited, whose Edit button takes the focus back when the list returns.
  const [lastEditedId, setLastEditedId] = useState<number | null>(null);
  const editing = tickets.data?.find((row) => row.ticket_id === editingId) ?? null;
  const edit = (ticketId: number) => {
    setEditingId(ticketId);
    setLastEditedId(ticketId);
  };
  const close = () => {
    setEditingId(null);
    setLastEditedId(null);
    onClose();
  };
  const ticketTitle = editing?.title ?? '';

  return (
    <FormModal
      opened={date !== null}
      onClose={close}
      size="xl"
      title={editing ? t`${ticketTitle} on ${name}` : t`Ticket settings: ${name}`}
    >
      {editing ? (
        <DateTicketForm
          key={editing.ticket_id}
          eventId={eventId}
          row={editing}
          context={context}
          onDone={() => setEditingId(null)}
        />
      ) : tickets.isPending ? (
        <InlineLoader label={t`Loading the tickets of this date`} />
      ) : tickets.isError ? (
        <Stack gap="sm">
          <ErrorAlert error={tickets.error} title={t`Could not load the tickets of this date`} />
          <Button variant="default" w="fit-content" onClick={() => void tickets.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      ) : tickets.data.length === 0 ? (
        <Text size="sm">
          <Trans>This event has no tickets yet. Add them on the Tickets page first.</Trans>
        </Text>
      ) : (
        <DateTicketsTable
          rows={tickets.data}
          currency={context.currency}
          focusId={lastEditedId}
          onEdit={edit}
        />
      )}
    </FormModal>
  );
}

/** Each ticket on the date: its price and quantity there, and the seats sold, held and left. */
function DateTicketsTable({
  rows,
  currency,
  focusId,
  onEdit,
}: {
  rows: DateTicketResponse[];
  currency: string;
  /** The ticket whose Edit button gets the focus when the table appears again. */
  focusId: number | null;
  onEdit: (ticketId: number) => void;
}) {
  const { t, i18n } = useLingui();
  const focused = useRef<HTMLButtonElement>(null);
  // Only when the table appears: back from a ticket's form, the focus is not left on nothing.
  useEffect(() => focused.current?.focus(), []);
  const number = new Intl.NumberFormat(i18n.locale);
  const count = (value: number) => (
    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {number.format(value)}
    </Text>
  );
  const left = (row: DateTicketResponse) =>
    row.quantity_available === null
      ? t`Unlimited`
      : number.format(Math.max(0, row.quantity_available - row.quantity_sold - row.quantity_reserved));

  const columns: DataColumn<DateTicketResponse>[] = [
    {
      id: 'ticket',
      header: t`Ticket`,
      cell: (row) => (
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {row.title}
        </Text>
      ),
    },
    {
      id: 'price',
      header: t`Price`,
      cell: (row) => (
        <Text size="sm" data-testid="date-ticket-price">
          {row.price === null ? t`As the ticket` : formatMoney(row.price, currency, i18n.locale)}
        </Text>
      ),
    },
    {
      id: 'quantity',
      header: t`Quantity`,
      cell: (row) => (
        <Text size="sm" data-testid="date-ticket-quantity">
          {row.quantity_available === null ? t`Unlimited` : number.format(row.quantity_available)}
          {row.own_quantity ? null : (
            <Text span size="xs" c="gray.7" display="block">
              <Trans>as the ticket</Trans>
            </Text>
          )}
        </Text>
      ),
    },
    { id: 'sold', header: t`Sold`, cell: (row) => count(row.quantity_sold) },
    { id: 'reserved', header: t`Reserved`, cell: (row) => count(row.quantity_reserved) },
    { id: 'left', header: t`Left`, cell: (row) => <Text size="sm">{left(row)}</Text> },
    {
      id: 'actions',
      header: t`Actions`,
      hideHeader: true,
      align: 'right',
      cell: (row) => {
        const title = row.title;
        return (
          <Button
            ref={row.ticket_id === focusId ? focused : undefined}
            variant="default"
            size="xs"
            aria-label={t`Edit ${title} on this date`}
            onClick={() => onEdit(row.ticket_id)}
          >
            <Trans>Edit</Trans>
          </Button>
        );
      },
    },
  ];

  return (
    <DataTable
      label={t`Tickets of this date`}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.ticket_id}
      minWidth={640}
    />
  );
}
