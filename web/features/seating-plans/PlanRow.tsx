import { memo } from 'react';
import { type RowSpec, SEAT_RADIUS, type ShapeSpec } from '../../../common/seating-plan';

const SELECTED_STROKE = '#111827';

/**
 * One row (or table) of the plan, drawn. Memoized: a row redraws only when its own object, its
 * selection or the categories' colours change, never on a pan, a zoom or another row's edit.
 */
export const PlanRow = memo(function PlanRow({
  row,
  colors,
  selected,
  selectedSeats,
}: {
  row: RowSpec;
  colors: ReadonlyMap<string, string>;
  selected: boolean;
  selectedSeats: ReadonlySet<string>;
}) {
  const first = row.seats[0];
  const handle = row.table
    ? { x: row.table.x + row.table.width / 2, y: row.table.y + row.table.height / 2 }
    : first
      ? { x: first.x - 2.4 * SEAT_RADIUS, y: first.y }
      : { x: 0, y: 0 };
  return (
    <g data-row={row.key}>
      {row.table ? (
        row.table.shape === 'round' ? (
          <ellipse
            cx={handle.x}
            cy={handle.y}
            rx={row.table.width / 2}
            ry={row.table.height / 2}
            fill="#e9ecef"
            stroke={selected ? SELECTED_STROKE : '#868e96'}
            strokeWidth={selected ? 2 : 1}
          />
        ) : (
          <rect
            x={row.table.x}
            y={row.table.y}
            width={row.table.width}
            height={row.table.height}
            rx={4}
            fill="#e9ecef"
            stroke={selected ? SELECTED_STROKE : '#868e96'}
            strokeWidth={selected ? 2 : 1}
          />
        )
      ) : null}
      {row.seats.map((seat, i) => {
        const color = colors.get(seat.category) ?? '#868e96';
        const isSelected = selectedSeats.has(seat.key);
        const next = row.seats[i + 1];
        const common = {
          'data-seat': seat.key,
          fill: color,
          stroke: isSelected ? SELECTED_STROKE : '#ffffff',
          strokeWidth: isSelected ? 3 : 1,
        };
        return (
          <g key={seat.key}>
            {seat.wheelchair ? (
              <rect
                {...common}
                x={seat.x - SEAT_RADIUS}
                y={seat.y - SEAT_RADIUS}
                width={2 * SEAT_RADIUS}
                height={2 * SEAT_RADIUS}
                rx={3}
              />
            ) : (
              <circle {...common} cx={seat.x} cy={seat.y} r={SEAT_RADIUS - 1} />
            )}
            {seat.wheelchair ? (
              <text
                x={seat.x}
                y={seat.y + 4}
                textAnchor="middle"
                fontSize={11}
                fill="#fff"
                pointerEvents="none"
              >
                ♿
              </text>
            ) : null}
            {seat.aisle_after && next ? (
              <line
                x1={(seat.x + next.x) / 2}
                y1={(seat.y + next.y) / 2 - SEAT_RADIUS}
                x2={(seat.x + next.x) / 2}
                y2={(seat.y + next.y) / 2 + SEAT_RADIUS}
                stroke="#495057"
                strokeWidth={2}
                strokeDasharray="3 2"
                pointerEvents="none"
              />
            ) : null}
            {selected ? (
              <text
                x={seat.x}
                y={seat.y - SEAT_RADIUS - 3}
                textAnchor="middle"
                fontSize={9}
                fill="#212529"
                pointerEvents="none"
              >
                {seat.label}
              </text>
            ) : null}
          </g>
        );
      })}
      <g data-row-handle={row.key} style={{ cursor: 'move' }}>
        <circle
          cx={handle.x}
          cy={handle.y}
          r={SEAT_RADIUS + 1}
          fill={selected ? '#fff3bf' : '#ffffff'}
          stroke={selected ? SELECTED_STROKE : '#495057'}
          strokeWidth={selected ? 2 : 1}
          data-row-handle={row.key}
        />
        <text
          x={handle.x}
          y={handle.y + 4}
          textAnchor="middle"
          fontSize={10}
          fontWeight={700}
          fill="#212529"
          pointerEvents="none"
        >
          {row.label}
        </text>
      </g>
    </g>
  );
});

/** A stage or an area: a labelled box for orientation. */
export const PlanShape = memo(function PlanShape({ shape }: { shape: ShapeSpec }) {
  return (
    <g>
      <rect
        x={shape.x}
        y={shape.y}
        width={shape.width}
        height={shape.height}
        rx={6}
        fill={shape.kind === 'stage' ? '#343a40' : '#dee2e6'}
        stroke="#495057"
      />
      <text
        x={shape.x + shape.width / 2}
        y={shape.y + shape.height / 2 + 5}
        textAnchor="middle"
        fontSize={14}
        fontWeight={600}
        fill={shape.kind === 'stage' ? '#ffffff' : '#212529'}
        pointerEvents="none"
      >
        {shape.label}
      </text>
    </g>
  );
});
