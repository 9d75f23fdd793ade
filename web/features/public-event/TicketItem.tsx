import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../common/money';
import { InTurn } from '../../components/hydrate-in-turns';
import { plainSpaces } from '../../lib/intl-text';
import type { PublicTicket, PublicTicketPrice } from './api';

type Mode = 'INCLUSIVE' | 'EXCLUSIVE';

/**
 * A ticket is one column (what, then price and quantity) unless the list is wide enough for
 * two: a container query, so the narrow tickets column of a wide page stacks too.
 */
const TICKET_CSS = `
.ticket-description>:first-child{margin-top:0}.ticket-description>:last-child{margin-bottom:0}
.ticket-row{display:flex;flex-direction:column;gap:var(--mantine-spacing-xs)}
.ticket-price{text-align:left}
@container (min-width: 34rem){
.ticket-row{flex-direction:row;justify-content:space-between;gap:var(--mantine-spacing-xl)}
.ticket-price{flex-shrink:0;min-width:180px;text-align:right}
}`;

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

interface Props {
  ticket: PublicTicket;
  currency: string;
  mode: Mode;
  /** The event's IANA time zone, for sale dates. */
  timezone: string;
  /** What checkout puts beside each price line (quantity selectors). */
  renderLine?: (price: PublicTicketPrice) => ReactNode;
  /** What a sold-out ticket with a waiting list offers instead (the button to join it). */
  waitlist?: ReactNode;
}

/**
 * The rows' layout and the descriptions' spacing (first and last paragraphs flush), once per
 * list: under Preact (decision 033) a keyed style is not merged into one, so a style inside
 * each ticket would be sent once per ticket.
 */
export function TicketListStyle() {
  return (
    <style href="public-ticket-description" precedence="default">
      {TICKET_CSS}
    </style>
  );
}

/** One ticket of the public list: what it is, what it costs, and whether it can be bought now. */
export function TicketItem({ ticket, currency, mode, timezone, renderLine, waitlist }: Props) {
  const hasCharges = ticket.prices.some((p) => p.fees + p.taxes > 0);
  const headingId = `ticket-${ticket.id}-title`;
  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      py="md"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', listStyle: 'none' }}
      data-testid="public-ticket"
    >
      <InTurn name={`ticket-${ticket.id}`}>
        <div className="ticket-row">
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Title order={3} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {ticket.title}
            </Title>
            {ticket.description ? (
              <Box
                className="ticket-description"
                fz="sm"
                c="gray.7"
                style={{ lineHeight: 1.55, overflowWrap: 'anywhere' }}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes descriptions (decision 003).
                dangerouslySetInnerHTML={{ __html: ticket.description }}
              />
            ) : null}
            <Availability ticket={ticket} timezone={timezone} />
          </Stack>
          <Stack gap={4} className="ticket-price">
            {ticket.type === 'TIERED' ? (
              <TierList ticket={ticket} currency={currency} renderLine={renderLine} />
            ) : ticket.prices[0] ? (
              <Text fw={700} fz="lg">
                <PriceText ticket={ticket} price={ticket.prices[0]} currency={currency} />
              </Text>
            ) : null}
            {hasCharges ? (
              <Text size="xs" c="gray.7">
                {mode === 'INCLUSIVE' ? (
                  <Trans>incl. taxes and fees</Trans>
                ) : (
                  <Trans>plus taxes and fees</Trans>
                )}
              </Text>
            ) : null}
            {ticket.type !== 'TIERED' && ticket.prices[0] ? renderLine?.(ticket.prices[0]) : null}
            {ticket.waitlist ? waitlist : null}
          </Stack>
        </div>
      </InTurn>
    </Box>
  );
}

/** The price of one unit: "Free", a donation's minimum, or the amount (the old one struck through). */
function PriceText({
  ticket,
  price,
  currency,
}: {
  ticket: PublicTicket;
  price: PublicTicketPrice;
  currency: string;
}) {
  const { t, i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, currency, i18n.locale);
  if (ticket.type === 'DONATION') {
    const minimum = money(price.display_price);
    return price.display_price > 0 ? (
      <Trans>Pay what you want, at least {minimum}</Trans>
    ) : (
      <Trans>Pay what you want</Trans>
    );
  }
  const now = price.display_price === 0 ? t`Free` : money(price.display_price);
  if (price.original_display_price <= price.display_price) return <>{now}</>;
  const before = money(price.original_display_price);
  return (
    <>
      <Text component="s" inherit fw={400} c="gray.7" mr={6}>
        <span style={visuallyHidden}>{t`Regular price:`} </span>
        {before}
      </Text>
      <Text component="span" inherit c="teal.9">
        <span style={visuallyHidden}>{t`With your promo code:`} </span>
        {now}
      </Text>
    </>
  );
}

function TierList({
  ticket,
  currency,
  renderLine,
}: {
  ticket: PublicTicket;
  currency: string;
  renderLine: Props['renderLine'];
}) {
  return (
    <Stack component="ul" gap={renderLine ? 'sm' : 4} m={0} p={0} style={{ listStyle: 'none' }}>
      {ticket.prices.map((price) => (
        <Stack component="li" key={price.price_id ?? 0} gap={4}>
          <Group gap="md" justify="space-between" wrap="nowrap">
            <Stack gap={0} ta="left">
              <Text size="sm">{price.label}</Text>
              {price.sale_state !== 'ON_SALE' && ticket.sale_state === 'ON_SALE' ? (
                <Text size="xs" c="gray.7">
                  <StateLabel state={price.sale_state} />
                </Text>
              ) : null}
            </Stack>
            <Text fw={700}>
              <PriceText ticket={ticket} price={price} currency={currency} />
            </Text>
          </Group>
          {renderLine?.(price)}
        </Stack>
      ))}
    </Stack>
  );
}

function StateLabel({ state }: { state: PublicTicket['sale_state'] }) {
  switch (state) {
    case 'NOT_ON_SALE':
      return <Trans>Not on sale yet</Trans>;
    case 'SALE_ENDED':
      return <Trans>Sale ended</Trans>;
    case 'SOLD_OUT':
      return <Trans>Sold out</Trans>;
    case 'PAUSED':
      return <Trans>Paused</Trans>;
    default:
      return <Trans>On sale</Trans>;
  }
}

/** Why a ticket cannot be bought now, or how many are left when it can. */
function Availability({ ticket, timezone }: { ticket: PublicTicket; timezone: string }) {
  const { i18n } = useLingui();
  if (ticket.sale_state === 'ON_SALE') {
    const left = ticket.quantity_remaining;
    if (left === null) return null;
    return (
      <Text size="sm" fw={600}>
        <Plural value={left} one="# left" other="# left" />
      </Text>
    );
  }
  const color = ticket.sale_state === 'NOT_ON_SALE' ? 'blue.9' : 'gray.7';
  if (ticket.sale_state === 'NOT_ON_SALE' && ticket.sale_start_date) {
    const when = plainSpaces(
      new Intl.DateTimeFormat(i18n.locale, {
        timeZone: timezone,
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(ticket.sale_start_date)),
    );
    return (
      <Text size="sm" fw={600} c={color}>
        <Trans>On sale from {when}</Trans>
      </Text>
    );
  }
  // Sold out, sale ended, paused: a pill, so the state reads before the price.
  return (
    <Text
      size="xs"
      fw={700}
      c={color}
      data-testid="ticket-state"
      style={{
        width: 'fit-content',
        padding: '2px 10px',
        borderRadius: 999,
        border: '1px solid currentColor',
        letterSpacing: '0.02em',
      }}
    >
      <StateLabel state={ticket.sale_state} />
    </Text>
  );
}
