import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { SectionSpec } from '../../../../common/seating-plan';
import type { SeatPlace } from '../../../components/seat-map/SeatMap';
import type { PickerContext } from './context';
import { onSale } from './seat-picks';
import { seatPriceText } from './seat-text';

interface Props extends PickerContext {
  taken: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  onToggle: (place: SeatPlace) => void;
}

/**
 * The seats for sale as a list, the plan's equal for keyboards and screen readers: a section
 * per disclosure, a row per fieldset, a checkbox per seat. A section's rows are drawn only
 * once it is opened, so that a plan of thousands of seats stays light.
 */
export function SeatList(props: Props) {
  const sections = props.seating.plan.sections;
  return (
    <div className="seat-list" data-testid="seat-list">
      {sections.map((section) => (
        <SectionSeats key={section.key} section={section} {...props} />
      ))}
    </div>
  );
}

function SectionSeats({ section, ...props }: Props & { section: SectionSpec }) {
  const [open, setOpen] = useState(false);
  const free = (key: string) => !props.taken.has(key) && onSale(props.index.ticketOf(key));
  const rows = section.rows
    .map((row) => ({
      row,
      seats: row.seats.filter((seat) => free(seat.key) || props.selected.has(seat.key)),
    }))
    .filter(({ seats }) => seats.length > 0);
  const count = rows.reduce((n, r) => n + r.seats.filter((seat) => free(seat.key)).length, 0);
  return (
    <details className="seat-list__section" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span className="seat-list__name">{section.name}</span>{' '}
        <span className="seat-list__count">
          <Plural value={count} _0="no seats available" one="# seat available" other="# seats available" />
        </span>
      </summary>
      {open
        ? rows.map(({ row, seats }) => (
            <fieldset key={row.key} className="seat-list__row">
              <legend>
                <RowName section={section.name} row={row.label} table={row.kind === 'table'} />
              </legend>
              <div className="seat-list__seats">
                {seats.map((seat) => (
                  <SeatCheckbox
                    key={seat.key}
                    place={{ seat, row, section }}
                    checked={props.selected.has(seat.key)}
                    {...props}
                  />
                ))}
              </div>
            </fieldset>
          ))
        : null}
    </details>
  );
}

function RowName({ section, row, table }: { section: string; row: string; table: boolean }) {
  return table ? (
    <Trans>
      {section}, table {row}
    </Trans>
  ) : (
    <Trans>
      {section}, row {row}
    </Trans>
  );
}

function SeatCheckbox({ place, checked, ...props }: Props & { place: SeatPlace; checked: boolean }) {
  const { t, i18n } = useLingui();
  const ticket = props.index.ticketOf(place.seat.key);
  const label = place.seat.label;
  const price = ticket ? seatPriceText(i18n, { ticket, currency: props.currency }) : '';
  return (
    <label className="seat-list__seat" data-testid="seat-option">
      <input
        type="checkbox"
        checked={checked}
        onChange={() => props.onToggle(place)}
        data-seat={place.seat.key}
      />
      <span>
        {t`Seat ${label}`}
        {place.seat.wheelchair ? <span className="seat-list__note">{t`wheelchair place`}</span> : null}
        <span className="seat-list__note">{price}</span>
      </span>
    </label>
  );
}
