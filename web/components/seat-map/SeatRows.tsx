import { memo } from 'react';
import type { RowSpec, SectionSpec } from '../../../common/seating-plan';
import { INACTIVE_INK, MAP_INK } from './colors';
import { SeatGlyph } from './SeatGlyph';
import type { SeatLook, SeatMapLabels, SeatPlace } from './types';

interface RowProps {
  section: SectionSpec;
  row: RowSpec;
  looks: readonly SeatLook[];
  selected: readonly boolean[];
  /** Changes exactly when `looks` or `selected` do: the row draws again only then. */
  signature: string;
  colorOf: (category: string) => string;
  labels: SeatMapLabels;
  seatTitle?: (place: SeatPlace) => string;
}

/** Where a row's label goes: before its first seat, in the row's direction. */
function rowLabelAt(row: RowSpec): { x: number; y: number } {
  const first = row.seats[0];
  if (!first) return { x: 0, y: 0 };
  if (row.kind === 'table' && row.table)
    return { x: row.table.x + row.table.width / 2, y: row.table.y + row.table.height / 2 };
  const next = row.seats[1];
  if (!next) return { x: first.x - 22, y: first.y };
  const dx = first.x - next.x;
  const dy = first.y - next.y;
  const length = Math.hypot(dx, dy) || 1;
  return { x: first.x + (dx / length) * 22, y: first.y + (dy / length) * 22 };
}

function SeatRowView({ section, row, looks, selected, colorOf, labels, seatTitle }: RowProps) {
  const label = rowLabelAt(row);
  return (
    <g>
      {row.table ? (
        row.table.shape === 'round' ? (
          <ellipse
            cx={row.table.x + row.table.width / 2}
            cy={row.table.y + row.table.height / 2}
            rx={row.table.width / 2}
            ry={row.table.height / 2}
            fill="#f8f9fa"
            stroke={INACTIVE_INK}
          />
        ) : (
          <rect {...row.table} rx={4} fill="#f8f9fa" stroke={INACTIVE_INK} />
        )
      ) : null}
      {labels.rows ? (
        <text
          x={label.x}
          y={label.y}
          fontSize={11}
          fill={MAP_INK}
          textAnchor="middle"
          dominantBaseline="central"
        >
          {row.label}
        </text>
      ) : null}
      {row.seats.map((seat, i) => {
        const look = looks[i] ?? { state: 'inactive' };
        const place = { seat, row, section };
        return (
          <g
            key={seat.key}
            transform={`translate(${seat.x} ${seat.y})`}
            data-seat={seat.key}
            data-state={selected[i] ? 'selected' : look.state}
            className="seat-map__seat"
          >
            {seatTitle ? <title>{seatTitle(place)}</title> : null}
            <SeatGlyph
              state={look.state}
              color={look.color ?? colorOf(seat.category)}
              selected={selected[i]}
              wheelchair={seat.wheelchair}
              text={labels.seats ? seat.label : undefined}
            />
          </g>
        );
      })}
    </g>
  );
}

/** A row of seats, drawn again only when one of its seats changes look. */
export const SeatRow = memo(
  SeatRowView,
  (a, b) =>
    a.row === b.row && a.signature === b.signature && a.labels === b.labels && a.colorOf === b.colorOf,
);

/** Where a section's name goes: centred above its seats. */
export function sectionLabelAt(section: SectionSpec): { x: number; y: number } {
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  for (const row of section.rows) {
    for (const seat of row.seats) {
      minX = Math.min(minX, seat.x);
      maxX = Math.max(maxX, seat.x);
      minY = Math.min(minY, seat.y);
    }
  }
  return { x: (minX + maxX) / 2, y: Math.max(12, minY - 24) };
}
