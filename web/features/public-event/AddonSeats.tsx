import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicTicket } from '../../../common/public-tickets';
import { Text } from '../../ui';
import { AddonChoice } from './AddonChoice';
import { type AddonContext, addonsFor, type Seat, seatsOf } from './addons';

/**
 * Under a ticket the buyer picked, its add-ons for each attendee (decision 052): "Attendee 1
 * (Conference)" with a meal to tick, "Attendee 2 (Conference)" with its own. Nothing while no
 * unit is picked or the ticket has no add-ons.
 */
export function AddonSeats({ ticket, context }: { ticket: PublicTicket; context: AddonContext }) {
  const seats = seatsOf(context.selection, context.tickets).filter((s) => s.ticket.id === ticket.id);
  const addons = addonsFor(ticket, context.tickets);
  if (seats.length === 0 || addons.length === 0) return null;
  return (
    <div className="addon-seats" data-testid="addon-seats">
      <Text size="sm" weight={700}>
        <Trans>Add-ons</Trans>
      </Text>
      {seats.map((seat) => (
        <SeatAddons key={`${seat.ref.price_id ?? ''}-${seat.ref.seat}`} seat={seat} context={context} />
      ))}
    </div>
  );
}

function SeatAddons({ seat, context }: { seat: Seat; context: AddonContext }) {
  const { t } = useLingui();
  const title = seat.price.label ? `${seat.ticket.title} – ${seat.price.label}` : seat.ticket.title;
  const number = seat.attendee;
  const legend =
    seat.ticket.kind === 'TICKET' ? t`Attendee ${number} (${title})` : t`Item ${number} (${title})`;
  return (
    <fieldset className="addon-seat" data-testid="addon-seat">
      <legend className="addon-seat-legend">{legend}</legend>
      {addonsFor(seat.ticket, context.tickets).map((addon) => (
        <AddonChoice key={addon.id} addon={addon} seat={seat} context={context} />
      ))}
    </fieldset>
  );
}
