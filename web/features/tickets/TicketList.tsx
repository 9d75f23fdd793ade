import '@mantine/core/styles/VisuallyHidden.css';
import { useLingui } from '@lingui/react/macro';
import { Stack, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { EventResponse } from '../../../common/events';
import type { TicketResponse } from '../../../common/tickets';
import { notify } from '../../components/notify';
import { useSortTickets } from './api';
import { moved, placeInto } from './order';
import { TicketRow } from './TicketRow';

/**
 * The tickets (or products of one category) as rows. `allIds` is every item of the event in
 * its order: a move reorders the rows among themselves and the others keep their places. With no search or filter on, a row can be dragged to a new place, or
 * moved one step with its arrow buttons (the keyboard way); the new order is saved at once.
 */
export function TicketList({
  eventId,
  event,
  tickets,
  items,
  allIds,
  reorderable,
  label,
  onEdit,
}: {
  eventId: number;
  event: EventResponse;
  tickets: TicketResponse[];
  /** Every item of the event, to name the tickets an add-on goes with. */
  items?: readonly TicketResponse[];
  allIds: number[];
  reorderable: boolean;
  /** The list's accessible name. */
  label: string;
  onEdit: (ticket: TicketResponse) => void;
}) {
  const { t } = useLingui();
  const sort = useSortTickets(eventId);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const save = (order: number[], moveText: string) => {
    if (order.every((id, i) => id === allIds[i])) return;
    setAnnouncement(moveText);
    sort.mutate(order, { onError: () => notify(t`The tickets could not be sorted`, 'error') });
  };

  const ids = tickets.map((ticket) => ticket.id);
  const moveTo = (ticket: TicketResponse, index: number) => {
    const position = index + 1;
    const title = ticket.title;
    save(placeInto(allIds, moved(ids, ticket.id, index)), t`${title} moved to position ${position}.`);
  };
  const moveBy = (ticket: TicketResponse, step: -1 | 1) => moveTo(ticket, ids.indexOf(ticket.id) + step);

  const drop = (targetId: number) => {
    const ticket = tickets.find((x) => x.id === dragging);
    if (!ticket || dragging === targetId) return;
    moveTo(ticket, ids.indexOf(targetId));
  };

  return (
    <>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {tickets.map((ticket, index) => (
          <TicketRow
            key={ticket.id}
            ticket={ticket}
            event={event}
            items={items}
            reorder={
              reorderable
                ? {
                    first: index === 0,
                    last: index === tickets.length - 1,
                    dragging: dragging === ticket.id,
                    over: over === ticket.id && dragging !== ticket.id,
                    onMove: (step) => moveBy(ticket, step),
                    onDragStart: () => setDragging(ticket.id),
                    onDragEnter: () => setOver(ticket.id),
                    onDrop: () => drop(ticket.id),
                    onDragEnd: () => {
                      setDragging(null);
                      setOver(null);
                    },
                  }
                : null
            }
            onEdit={() => onEdit(ticket)}
          />
        ))}
      </Stack>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </>
  );
}
