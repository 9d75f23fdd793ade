import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PrinterIcon } from '../../components/icons';
import { GoneState, LoadErrorState, PublicShell } from './PublicShell';
import { TicketCard } from './TicketCard';
import { TicketLoading, ticketCardOf, useTicket } from './TicketPage';

/** `/ticket/{eventId}/{attendeeShortId}/print`: the ticket alone, laid out for paper. */
export function TicketPrintPage() {
  const { t, i18n } = useLingui();
  const ticket = useTicket();
  return (
    <PublicShell title={`${t`Print ticket`} · ${ticket.data?.event.title ?? ''}`}>
      {ticket.isPending ? (
        <TicketLoading />
      ) : ticket.isError ? (
        <LoadErrorState onRetry={() => void ticket.refetch()} retrying={ticket.isFetching} />
      ) : ticket.data === null ? (
        <GoneState what="ticket" />
      ) : (
        <Stack gap="lg">
          <Group justify="space-between" className="order-page-no-print">
            <Button component={Link} to=".." relative="path" variant="default">
              <Trans>Back to the ticket</Trans>
            </Button>
            <Button leftSection={<PrinterIcon size={16} />} onClick={() => window.print()}>
              <Trans>Print</Trans>
            </Button>
          </Group>
          <TicketCard ticket={ticketCardOf(ticket.data, i18n)} titleOrder={1} />
        </Stack>
      )}
    </PublicShell>
  );
}
