import '@mantine/core/styles/VisuallyHidden.css';
import { useLingui } from '@lingui/react/macro';
import { Stack, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { EventResponse } from '../../../common/events';
import type { TicketResponse } from '../../../common/tickets';
import { notify } from '../../components/notify';
import { useSortTickets } from './api';
import { TicketRow } from './TicketRow';

/** The order with one ticket moved to where another was. */
export function moved(ids: readonly number[], id: number, toIndex: number): number[] {
  const rest = ids.filter((x) => x !== id);
  const index = Math.max(0, Math.min(toIndex, rest.length));
  return [...rest.slice(0, index), id, ...rest.slice(index)];
}

/**
 * The tickets as rows. With no search or filter on, a row can be dragged to a new place, or
 * moved one step with its arrow buttons (the keyboard way); the new order is saved at once.
 */
export function TicketList({
  eventId,
  event,
  tickets,
  allIds,
  reorderable,
  onEdit,
}: {
  eventId: number;
  event: EventResponse;
  tickets: TicketResponse[];
  allIds: number[];
  reorderable: boolean;
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

  const moveBy = (ticket: TicketResponse, step: -1 | 1) => {
    const index = allIds.indexOf(ticket.id);
    const position = index + step + 1;
    const title = ticket.title;
    save(moved(allIds, ticket.id, index + step), t`${title} moved to position ${position}.`);
  };

  const drop = (targetId: number) => {
    if (dragging === null || dragging === targetId) return;
    const target = allIds.indexOf(targetId);
    const ticket = tickets.find((x) => x.id === dragging);
    const position = target + 1;
    const title = ticket?.title ?? '';
    save(moved(allIds, dragging, target), t`${title} moved to position ${position}.`);
  };

  return (
    <>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Tickets`}>
        {tickets.map((ticket, index) => (
          <TicketRow
            key={ticket.id}
            ticket={ticket}
            event={event}
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
