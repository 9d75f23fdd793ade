import '@mantine/core/styles/Skeleton.css';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { PublicTicketHolderResponse } from '../../../common/public-attendees';
import { PrinterIcon } from '../../components/icons';
import { seatPlaceText } from '../../components/seat-place';
import { addonLabel } from './addons';
import { ticketHolderQuery } from './api';
import { GoneState, LoadErrorState, PublicShell } from './PublicShell';
import { TicketCard, type TicketCardData } from './TicketCard';
import { CalendarButtons, PdfButton } from './TicketDownloads';
import { ticketState } from './ticket-state';
import { WalletButtons } from './WalletButtons';

export const ticketCardOf = (ticket: PublicTicketHolderResponse, i18n: I18n): TicketCardData => ({
  event: ticket.event,
  attendeeName: `${ticket.first_name} ${ticket.last_name}`.trim(),
  ticketTitle: ticket.ticket_title,
  priceLabel: ticket.price_label,
  seat: ticket.seat ? seatPlaceText(i18n, ticket.seat) : null,
  addons: ticket.addons.map(addonLabel),
  orderReference: ticket.order_reference,
  qrCodeUrl: ticket.qr_code_url,
  state: ticketState(ticket.status, ticket.order_status),
});

/** Loads the ticket of `/ticket/:eventId/:attendeeShortId[/print]` and shows its states. */
export function useTicket() {
  const { eventId = '', attendeeShortId = '' } = useParams();
  return useQuery(ticketHolderQuery(eventId, attendeeShortId));
}

export function TicketLoading() {
  const { t } = useLingui();
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t`Loading the ticket`}>
      <Skeleton h={320} radius="lg" />
    </Stack>
  );
}

/** `/ticket/{eventId}/{attendeeShortId}`: the holder's ticket, to show at the door or print. */
export function TicketPage() {
  const { t } = useLingui();
  const ticket = useTicket();
  const title = ticket.data ? ticket.data.event.title : t`Your ticket`;
  return (
    <PublicShell title={`${t`Ticket`} · ${title}`}>
      {ticket.isPending ? (
        <TicketLoading />
      ) : ticket.isError ? (
        <LoadErrorState onRetry={() => void ticket.refetch()} retrying={ticket.isFetching} />
      ) : ticket.data === null ? (
        <GoneState what="ticket" />
      ) : (
        <TicketDetails ticket={ticket.data} />
      )}
    </PublicShell>
  );
}

function TicketDetails({ ticket }: { ticket: PublicTicketHolderResponse }) {
  const { t, i18n } = useLingui();
  const card = ticketCardOf(ticket, i18n);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" className="order-page-no-print">
        <Text fw={600}>
          <Trans>Your ticket. Show the code at the entrance, on your phone or printed.</Trans>
        </Text>
        <Group gap="sm">
          <Button component={Link} to="print" leftSection={<PrinterIcon size={16} />}>
            <Trans>Print</Trans>
          </Button>
          {card.state === 'VALID' ? (
            <PdfButton
              href={`/api/public/events/${ticket.event.id}/attendees/${encodeURIComponent(ticket.short_id)}/ticket.pdf`}
            >
              <Trans>Download PDF</Trans>
            </PdfButton>
          ) : null}
          <WalletButtons ticket={ticket} />
        </Group>
      </Group>
      <Group gap="sm" className="order-page-no-print">
        <CalendarButtons event={ticket.event} pageUrl={window.location.href} />
      </Group>
      <Box style={{ borderTop: `6px solid ${ticket.design.accent_color}`, borderRadius: 16 }}>
        <TicketCard ticket={card} titleOrder={1} />
      </Box>
      <TicketDesignDetails design={ticket.design} />
      {ticket.ticket_page_message ? (
        <Paper withBorder radius="lg" p="lg">
          <Text style={{ whiteSpace: 'pre-line' }}>{ticket.ticket_page_message}</Text>
        </Paper>
      ) : null}
      {ticket.event.online_event_details && card.state === 'VALID' ? (
        <Alert title={t`How to join online`} variant="light">
          <Text style={{ whiteSpace: 'pre-line' }}>{ticket.event.online_event_details}</Text>
        </Alert>
      ) : null}
      {ticket.design.footer ? (
        <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-line' }} data-testid="ticket-footer">
          {ticket.design.footer}
        </Text>
      ) : null}
      {ticket.event.contact_email ? (
        <Text size="sm" c="gray.7" className="order-page-no-print">
          <Trans>
            Questions? Write to{' '}
            <Anchor href={`mailto:${ticket.event.contact_email}`}>{ticket.event.contact_email}</Anchor>.
          </Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

/** The ticket design's buyer, answers and free text (decision 059), under the ticket. */
function TicketDesignDetails({ design }: { design: PublicTicketHolderResponse['design'] }) {
  const rows = [
    ...(design.buyer_name ? [{ label: <Trans>Bought by</Trans>, value: design.buyer_name }] : []),
    ...design.answers.map((a) => ({ label: <>{a.question}</>, value: a.answer })),
  ];
  if (rows.length === 0 && !design.free_text) return null;
  return (
    <Paper withBorder radius="lg" p="lg" style={{ borderLeft: `6px solid ${design.accent_color}` }}>
      <Stack gap="sm">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, in the design's order
          <div key={index}>
            <Text size="xs" fw={700} c="gray.7" tt="uppercase">
              {row.label}
            </Text>
            <Text>{row.value}</Text>
          </div>
        ))}
        {design.free_text ? (
          <Text style={{ whiteSpace: 'pre-line' }} data-testid="ticket-free-text">
            {design.free_text}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
