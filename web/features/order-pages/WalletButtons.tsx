import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import type { PublicTicketHolderResponse } from '../../../common/public-attendees';
import { Icon, type IconProps } from '../../components/icons';
import { ticketState } from './ticket-state';

function WalletIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="6" width="18" height="13" rx="2" />
      <path d="M3 10h18M16 14.5h2M6 6l9-3 1.5 3" />
    </Icon>
  );
}

/**
 * "Add to Apple Wallet" and "Save to Google Wallet" for a valid ticket, each only when the
 * server makes that wallet's passes (decision 032). Plain links: the phone opens the pass, or
 * Google's page saves it.
 */
export function WalletButtons({ ticket }: { ticket: PublicTicketHolderResponse }) {
  if (ticketState(ticket.status, ticket.order_status) !== 'VALID') return null;
  const base = `/api/public/events/${ticket.event.id}/attendees/${encodeURIComponent(ticket.short_id)}`;
  return (
    <>
      {ticket.wallet.apple ? (
        <Button
          component="a"
          href={`${base}/wallet.pkpass`}
          variant="default"
          leftSection={<WalletIcon size={16} />}
        >
          <Trans>Add to Apple Wallet</Trans>
        </Button>
      ) : null}
      {ticket.wallet.google ? (
        <Button
          component="a"
          href={`${base}/wallet/google`}
          variant="default"
          leftSection={<WalletIcon size={16} />}
        >
          <Trans>Save to Google Wallet</Trans>
        </Button>
      ) : null}
    </>
  );
}
