import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ImageResponse } from '../../../common/images';
import { formatMoney } from '../../../common/money';
import { plainSpaces } from '../../lib/intl-text';
import { Group, Stack, Text, Title, VisuallyHidden } from '../../ui';
import type { PublicTicket, PublicTicketPrice } from './api';

type Mode = 'INCLUSIVE' | 'EXCLUSIVE';

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
  /** The level of its title: 4 under a category's heading (decision 051), else 3. */
  headingOrder?: 3 | 4;
  /** Under the ticket: the add-ons offered to each attendee picked (decision 052). */
  addons?: ReactNode;
  /** A product's picture, beside its name. */
  picture?: ImageResponse | undefined;
}

/** One ticket of the public list: what it is, what it costs, and whether it can be bought now. */
export function TicketItem({
  ticket,
  currency,
  mode,
  timezone,
  renderLine,
  waitlist,
  headingOrder = 3,
  addons,
  picture,
}: Props) {
  const hasCharges = ticket.prices.some((p) => p.fees + p.taxes > 0);
  const headingId = `ticket-${ticket.id}-title`;
  return (
    <li aria-labelledby={headingId} data-testid="public-ticket" data-kind={ticket.kind}>
      <div className="ticket-row">
        <div className="ticket-head">
          {picture ? <ProductPicture picture={picture} /> : null}
          <Stack gap="xs" className="ticket-what">
            <Title order={headingOrder} size="h4" id={headingId}>
              {ticket.title}
            </Title>
            {ticket.description ? (
              <div
                className="ticket-description"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes descriptions (decision 003).
                dangerouslySetInnerHTML={{ __html: ticket.description }}
              />
            ) : null}
            <Availability ticket={ticket} timezone={timezone} />
          </Stack>
        </div>
        <Stack gap="2xs" className="ticket-price">
          {ticket.type === 'TIERED' ? (
            <TierList ticket={ticket} currency={currency} renderLine={renderLine} />
          ) : ticket.prices[0] ? (
            <Text weight={700} size="lg">
              <PriceText ticket={ticket} price={ticket.prices[0]} currency={currency} />
            </Text>
          ) : null}
          {hasCharges ? (
            <Text size="xs" tone="muted">
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
      {addons}
    </li>
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
      <s className="ticket-struck">
        <VisuallyHidden>{t`Regular price:`} </VisuallyHidden>
        {before}
      </s>
      <Text as="span" tone="success">
        <VisuallyHidden>{t`With your promo code:`} </VisuallyHidden>
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
    <Stack as="ul" gap={renderLine ? 'sm' : '2xs'} className="ui-bare-list">
      {ticket.prices.map((price) => (
        <Stack as="li" key={price.price_id ?? 0} gap="2xs">
          <Group gap="md" justify="between" nowrap>
            <Stack gap="0" style={{ textAlign: 'left' }}>
              <Text size="sm">{price.label}</Text>
              {price.sale_state !== 'ON_SALE' && ticket.sale_state === 'ON_SALE' ? (
                <Text size="xs" tone="muted">
                  <StateLabel state={price.sale_state} />
                </Text>
              ) : null}
            </Stack>
            <Text weight={700}>
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
      <Text size="sm" weight={600}>
        <Plural value={left} one="# left" other="# left" />
      </Text>
    );
  }
  const tone = ticket.sale_state === 'NOT_ON_SALE' ? 'info' : 'muted';
  if (ticket.sale_state === 'NOT_ON_SALE' && ticket.sale_start_date) {
    const when = plainSpaces(
      new Intl.DateTimeFormat(i18n.locale, {
        timeZone: timezone,
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(ticket.sale_start_date)),
    );
    return (
      <Text size="sm" weight={600} tone={tone}>
        <Trans>On sale from {when}</Trans>
      </Text>
    );
  }
  // Sold out, sale ended, paused: a pill, so the state reads before the price.
  return (
    <Text size="xs" weight={700} tone={tone} className="ticket-state" data-testid="ticket-state">
      <StateLabel state={ticket.sale_state} />
    </Text>
  );
}

/**
 * A product's picture: the smallest WebP that fills its box on a sharp screen. Its name is
 * beside it, so the picture adds nothing a screen reader should say.
 */
function ProductPicture({ picture }: { picture: ImageResponse }) {
  const smallest = picture.variants[0];
  return (
    <img
      className="ticket-picture"
      src={smallest?.url ?? picture.url}
      srcSet={picture.variants.map((v) => `${v.url} ${v.width}w`).join(', ') || undefined}
      sizes="88px"
      width={88}
      height={Math.round((88 * picture.height) / picture.width)}
      alt=""
      loading="lazy"
      decoding="async"
      data-testid="product-picture"
    />
  );
}
