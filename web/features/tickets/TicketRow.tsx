import '@mantine/core/styles/ActionIcon.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { EventResponse } from '../../../common/events';
import { formatMoney } from '../../../common/money';
import type { TicketResponse } from '../../../common/tickets';
import { addonTicketTitles } from './addon';
import { GripIcon } from './icons';
import { KIND_TEXT } from './kinds';
import { AddonBadge, addonSummary, HiddenBadge, priceSummary, SaleStateBadge } from './labels';
import { MoveButtons } from './MoveButtons';
import { stockLeft } from './stock';
import { TicketActions } from './TicketActions';

export interface Reorder {
  first: boolean;
  last: boolean;
  dragging: boolean;
  over: boolean;
  onMove: (step: -1 | 1) => void;
  onDragStart: () => void;
  onDragEnter: () => void;
  onDrop: () => void;
  onDragEnd: () => void;
}

/** One ticket of the list: what it is, what it costs, how it sells, and what can be done to it. */
export function TicketRow({
  ticket,
  event,
  items = [],
  reorder,
  onEdit,
}: {
  ticket: TicketResponse;
  event: EventResponse;
  /** The event's items, to name the tickets an add-on goes with. */
  items?: readonly TicketResponse[] | undefined;
  reorder: Reorder | null;
  onEdit: () => void;
}) {
  const { t, i18n } = useLingui();
  const title = ticket.title;
  const sold = ticket.quantity_sold;
  const available = ticket.quantity_available;
  const tiers = ticket.type === 'TIERED' ? ticket.prices : [];
  const left = stockLeft(ticket);
  const product = ticket.kind === 'PRODUCT';
  const tierText = (tier: TicketResponse['prices'][number]) => {
    const label = tier.label;
    const price = formatMoney(tier.price, event.currency, i18n.locale);
    const remaining = tier.quantity_remaining;
    return product && remaining !== null ? t`${label}: ${price}, ${remaining} left` : `${label}: ${price}`;
  };

  return (
    <Box
      component="li"
      draggable={reorder !== null}
      data-testid="ticket-row"
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(ticket.id));
        reorder?.onDragStart();
      }}
      onDragEnter={() => reorder?.onDragEnter()}
      onDragOver={(e) => {
        if (reorder) e.preventDefault();
      }}
      onDrop={(e) => {
        e.preventDefault();
        reorder?.onDrop();
      }}
      onDragEnd={() => reorder?.onDragEnd()}
      style={{ opacity: reorder?.dragging ? 0.5 : 1 }}
    >
      <Paper
        withBorder
        radius="md"
        p="md"
        style={reorder?.over ? { borderColor: 'var(--mantine-color-tessera-6)', borderWidth: 2 } : undefined}
      >
        <Group gap="md" wrap="nowrap" align="center">
          {reorder ? (
            <Box c="gray.6" style={{ cursor: 'grab', display: 'flex' }} visibleFrom="xs">
              <GripIcon />
            </Box>
          ) : null}
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="ticket-title">
                {title}
              </Text>
              <SaleStateBadge state={ticket.sale_state} />
              {ticket.is_hidden ? <HiddenBadge /> : null}
              {ticket.addon ? <AddonBadge /> : null}
            </Group>
            <Text size="sm" c="gray.7">
              {/* A free ticket's price already says what its type is. */}
              {ticket.type === 'FREE' ? null : `${i18n._(KIND_TEXT[ticket.kind].types[ticket.type])} · `}
              <span data-testid="ticket-price">{priceSummary(ticket, event.currency, i18n)}</span>
            </Text>
            {ticket.addon ? (
              <Text
                size="xs"
                // An add-on whose tickets were all deleted cannot be sold: said in the warning colour (red.9: orange is too light for small text).
                {...(addonTicketTitles(ticket.addon, items).length === 0
                  ? { c: 'red.9', fw: 600 }
                  : { c: 'gray.7' })}
                data-testid="ticket-addon"
              >
                {addonSummary(ticket.addon, { items, i18n })}
              </Text>
            ) : null}
            {tiers.length > 0 ? (
              <Text size="xs" c="gray.7" data-testid="ticket-tiers">
                {tiers.map(tierText).join(' · ')}
              </Text>
            ) : null}
          </Stack>
          <Stack gap={0} align="flex-end" miw={96}>
            <Text size="sm" fw={600} ta="right">
              {available === null ? (
                <Trans>{sold} sold</Trans>
              ) : (
                <Trans>
                  {sold} of {available} sold
                </Trans>
              )}
            </Text>
            {left === null ? (
              <Text size="xs" c="gray.7">
                <Trans>Unlimited</Trans>
              </Text>
            ) : product ? (
              <Text size="xs" c="gray.7" data-testid="ticket-left">
                <Trans>{left} left</Trans>
              </Text>
            ) : null}
          </Stack>
          {reorder ? (
            <MoveButtons name={title} first={reorder.first} last={reorder.last} onMove={reorder.onMove} />
          ) : null}
          <TicketActions ticket={ticket} onEdit={onEdit} />
        </Group>
      </Paper>
    </Box>
  );
}
