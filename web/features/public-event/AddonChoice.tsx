import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../common/money';
import type { PublicTicket, PublicTicketPrice } from '../../../common/public-tickets';
import { Checkbox, Group, RadioGroup, Stack, Text } from '../../ui';
import {
  type AddonContext,
  addonKey,
  addonMax,
  addonOrderLimits,
  addonSlot,
  addonStep,
  type Seat,
} from './addons';
import { DonationAmount } from './DonationAmount';
import { QuantityStepper } from './QuantityStepper';
import { canBuy, type Pick } from './selection-keys';

const NONE = 'none';

interface Props {
  addon: PublicTicket;
  seat: Seat;
  context: AddonContext;
}

/**
 * One add-on for one attendee: a checkbox when one at most may be had, a choice of variant when
 * it comes in variants (one at most), else a stepper per variant from the minimum to the maximum;
 * a pay-what-you-want add-on asks for its amount once picked. The server's reason, or the
 * minimum not met, is under it.
 */
export function AddonChoice({ addon, seat, context }: Props) {
  const { t, i18n } = useLingui();
  const rule = addon.addon;
  if (!rule) return null;
  const { ref } = seat;
  const onSale = addon.prices.filter((p) => canBuy(addon, p));
  const slot = addonSlot(addon.id, ref);
  const error = context.errors[slot];
  const errorId = `addon-${slot.replace(/[^a-z0-9]+/gi, '-')}-error`;
  const money = (p: PublicTicketPrice) => {
    const minimum = formatMoney(p.display_price, context.currency, i18n.locale);
    if (addon.type === 'DONATION')
      return p.display_price > 0 ? t`Pay what you want, at least ${minimum}` : t`Pay what you want`;
    return p.display_price === 0 ? t`Free` : minimum;
  };
  const pickOf = (p: PublicTicketPrice): Pick =>
    context.selection[addonKey(addon, p, ref)] ?? { quantity: 0 };
  const quantityOf = (p: PublicTicketPrice) => pickOf(p).quantity;
  // The amount typed stays with the pick while the quantity changes.
  const set = (p: PublicTicketPrice, quantity: number) =>
    context.onChange(addonKey(addon, p, ref), { ...pickOf(p), quantity });
  // What another attendee's picks leave for this one, whatever this one has now.
  const withoutMine = {
    ...context.selection,
    ...Object.fromEntries(onSale.map((p) => [addonKey(addon, p, ref), { quantity: 0 }])),
  };
  const canHave = (p: PublicTicketPrice) => addonMax(withoutMine, { addon, price: p, ref }) > 0;
  const title = addon.title;
  const number = seat.attendee;
  const currency = context.currency;

  if (onSale.length === 0)
    return (
      <Text size="sm" tone="muted" data-testid="addon-choice">
        {t`${title}: not available`}
      </Text>
    );

  const { min_per_ticket: min, max_per_ticket: max } = rule;
  const perTicket =
    max === 1 ? null : min > 0 ? t`${min} to ${max} per attendee` : t`Up to ${max} per attendee`;
  const { least, most } = addonOrderLimits(context.selection, context.tickets, addon);
  const hints = [
    perTicket,
    least === null ? null : t`At least ${least} per order`,
    most === null ? null : t`Up to ${most} per order`,
  ].filter((h) => h !== null);
  const hintText =
    hints.length > 0 ? (
      <Text size="xs" tone="muted">
        {hints.join(' · ')}
      </Text>
    ) : null;
  const errorText = error ? (
    <Text id={errorId} size="sm" tone="error" role="alert">
      {error}
    </Text>
  ) : null;
  const amountOf = (p: PublicTicketPrice, name: string) =>
    addon.type === 'DONATION' && quantityOf(p) > 0 ? (
      <DonationAmount
        label={t`${name}: your amount per item (${currency})`}
        price={p}
        currency={currency}
        pick={pickOf(p)}
        onAmount={(amount) => context.onChange(addonKey(addon, p, ref), { ...pickOf(p), amount })}
        showProblems={context.showProblems}
      />
    ) : null;

  const first = onSale[0];
  if (addon.type !== 'TIERED' && max === 1 && first)
    return (
      <Stack gap="2xs" data-testid="addon-choice">
        <Checkbox
          label={`${title} · ${money(first)}`}
          checked={quantityOf(first) > 0}
          // A required add-on (at least one per attendee) is ticked and stays so; one the
          // order has its most of already cannot be ticked for one more attendee.
          disabled={min >= 1 || (quantityOf(first) === 0 && !canHave(first))}
          onChange={(e) => set(first, e.currentTarget.checked ? 1 : 0)}
          aria-describedby={error ? errorId : undefined}
        />
        {hintText}
        {amountOf(first, title)}
        {errorText}
      </Stack>
    );

  if (addon.type === 'TIERED' && max === 1) {
    const chosen = onSale.find((p) => quantityOf(p) > 0);
    const options = onSale.map((p) => ({
      value: String(p.price_id),
      label: `${p.label ?? title} · ${money(p)}`,
      disabled: p !== chosen && !canHave(p),
    }));
    return (
      <div data-testid="addon-choice">
        <RadioGroup
          label={title}
          required={min > 0}
          error={error}
          description={hints.length > 0 ? hints.join(' · ') : undefined}
          value={chosen ? String(chosen.price_id) : NONE}
          options={min > 0 ? options : [{ value: NONE, label: t`None` }, ...options]}
          onChange={(value) => {
            for (const p of onSale) set(p, String(p.price_id) === value ? 1 : 0);
          }}
        />
      </div>
    );
  }

  return (
    <Stack gap="2xs" data-testid="addon-choice">
      <Text size="sm" weight={600}>
        {title}
      </Text>
      {hintText}
      {onSale.map((p) => {
        const name = p.label ? `${title} – ${p.label}` : title;
        const target = { addon, price: p, ref };
        return (
          <Stack key={p.price_id ?? 0} gap="2xs">
            <Group justify="between" gap="sm" nowrap>
              <Text size="sm">
                {p.label ? `${p.label} · ` : ''}
                {money(p)}
              </Text>
              <QuantityStepper
                label={t`${name} for attendee ${number}`}
                value={quantityOf(p)}
                canIncrease={addonMax(context.selection, target) > quantityOf(p)}
                onStep={(direction) => set(p, addonStep(context.selection, target, direction))}
                error={Boolean(error)}
                describedBy={error ? errorId : undefined}
              />
            </Group>
            {amountOf(p, name)}
          </Stack>
        );
      })}
      {errorText}
    </Stack>
  );
}
