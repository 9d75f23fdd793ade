import { SEAT_RADIUS } from '../../../common/seating-plan';
import { INACTIVE_FILL, INACTIVE_INK, inkOn, MAP_INK, outlineFor, TAKEN_FILL, TAKEN_INK } from './colors';
import type { SeatState } from './types';

const R = SEAT_RADIUS - 1;

export interface SeatGlyphProps {
  state: SeatState;
  color: string;
  selected?: boolean;
  wheelchair?: boolean;
  /** Text inside the seat (its label), drawn when it is neither taken nor selected. */
  text?: string;
}

/**
 * One seat, centred on (0, 0) in plan units. Every state reads without colour: a taken seat is
 * crossed, an inactive one dashed and faded, a selected one has a thick ring and a check mark,
 * a wheelchair place is square with its sign. The legend draws the same glyphs.
 */
export function SeatGlyph({ state, color, selected, wheelchair, text }: SeatGlyphProps) {
  const taken = state === 'taken' && !selected;
  const inactive = state === 'inactive' && !selected;
  const fill = taken ? TAKEN_FILL : inactive ? INACTIVE_FILL : color;
  const stroke = taken ? TAKEN_INK : inactive ? INACTIVE_INK : outlineFor(color);
  const body = {
    fill,
    stroke,
    strokeWidth: stroke ? 1.5 : undefined,
    strokeDasharray: inactive ? '3 2' : undefined,
  };
  const ink = taken ? TAKEN_INK : inkOn(fill);
  return (
    <>
      {wheelchair ? (
        <rect x={-R} y={-R} width={2 * R} height={2 * R} rx={3} {...body} />
      ) : (
        <circle r={R} {...body} />
      )}
      {selected ? (
        <>
          <circle r={R + 2.5} fill="none" stroke={MAP_INK} strokeWidth={3} />
          <path d="M-4.5 0.5 L-1.5 3.8 L4.8 -3.6" fill="none" stroke={inkOn(color)} strokeWidth={2.6} />
        </>
      ) : taken ? (
        <path d="M-4.6 -4.6 L4.6 4.6 M4.6 -4.6 L-4.6 4.6" stroke={TAKEN_INK} strokeWidth={2.2} />
      ) : wheelchair ? (
        <g fill="none" stroke={ink} strokeWidth={1.3} strokeLinecap="round">
          <circle cx={-0.5} cy={-5.2} r={1.3} fill={ink} />
          <path d="M-0.5 -2.8 V1.6 H3.2 L4.8 5.4" />
          <path d="M-2.6 -0.6 A4 4 0 1 0 2.8 4.4" />
        </g>
      ) : text && !inactive ? (
        <text fontSize={text.length > 2 ? 6 : 8} fill={ink} textAnchor="middle" dominantBaseline="central">
          {text}
        </text>
      ) : null}
    </>
  );
}

/** A seat glyph in its own small SVG, for a legend. */
export function SeatSwatch(props: SeatGlyphProps & { size?: number }) {
  const size = props.size ?? 20;
  return (
    <svg
      width={size}
      height={size}
      viewBox="-13 -13 26 26"
      aria-hidden="true"
      focusable="false"
      className="seat-map__swatch"
    >
      <SeatGlyph {...props} />
    </svg>
  );
}
