import { Trans, useLingui } from '@lingui/react/macro';
import { SeatSwatch } from '../../../components/seat-map/SeatMap';
import { type PickerContext, soldCategories } from './context';
import { onSale } from './seat-picks';
import { seatPriceText } from './seat-text';

/** What the plan's colours and marks mean: each category with its price, then taken, yours, wheelchair. */
export function SeatLegend(context: PickerContext) {
  const { t, i18n } = useLingui();
  const categories = soldCategories(context);
  return (
    <ul className="seat-legend" aria-label={t`Legend`}>
      {categories.map(({ key, name, color, ticket }) => (
        <li key={key} data-testid="seat-category">
          <SeatSwatch state={onSale(ticket) ? 'available' : 'inactive'} color={color} />
          <span>
            {name}{' '}
            <strong>
              {onSale(ticket) ? (
                seatPriceText(i18n, { ticket, currency: context.currency })
              ) : (
                <Trans>not on sale</Trans>
              )}
            </strong>
          </span>
        </li>
      ))}
      <li>
        <SeatSwatch state="taken" color="#000" />
        <span>
          <Trans>Taken</Trans>
        </span>
      </li>
      <li>
        <SeatSwatch state="available" color={categories[0]?.color ?? '#1c5d99'} selected />
        <span>
          <Trans>Your choice</Trans>
        </span>
      </li>
      {context.seating.plan.sections.some((s) =>
        s.rows.some((r) => r.seats.some((seat) => seat.wheelchair)),
      ) ? (
        <li>
          <SeatSwatch state="available" color="#ffffff" wheelchair />
          <span>
            <Trans>Wheelchair place</Trans>
          </span>
        </li>
      ) : null}
    </ul>
  );
}
