import type { RowSpec, SeatingPlan, SeatSpec, SectionSpec } from '../../../common/seating-plan';

/**
 * What the seat map draws (issue 42): a seating plan in plan units, seats as circles of
 * `SEAT_RADIUS`. Type-only imports of the plan's format, so the map brings no zod into the
 * buyer's download.
 */
export type SeatMapPlan = Pick<SeatingPlan, 'width' | 'height' | 'sections' | 'shapes' | 'categories'>;

/**
 * How a seat is drawn, besides being selected:
 * - `available`: its colour, clickable;
 * - `taken`: grey with a cross (held, sold, blocked), clickable so that a picker can say so;
 * - `inactive`: faded and hatched, not clickable (not on sale here, filtered out).
 */
export type SeatState = 'available' | 'taken' | 'inactive';

export interface SeatLook {
  state: SeatState;
  /** The fill while available or selected; defaults to the seat's category colour. */
  color?: string;
}

/** A seat with where it sits, as the map's callbacks receive it. */
export interface SeatPlace {
  seat: SeatSpec;
  row: RowSpec;
  section: SectionSpec;
}

export interface SeatMapLabels {
  /** Section names above their seats. */
  sections?: boolean;
  /** Row labels before each row, table labels on the table. */
  rows?: boolean;
  /** Seat labels inside the seats (readable when zoomed in). */
  seats?: boolean;
}

export interface SeatMapProps {
  plan: SeatMapPlan;
  /** How each seat looks; called for every seat on each render, so keep it cheap. */
  seatLook: (place: SeatPlace) => SeatLook;
  /** Seats drawn as selected (a thick ring and a check mark). */
  selected?: ReadonlySet<string>;
  onSeatClick?: (place: SeatPlace) => void;
  /** The tooltip of a seat (its text and price, say). */
  seatTitle?: (place: SeatPlace) => string;
  labels?: SeatMapLabels;
  /** The map's accessible name. */
  label: string;
  /** Height of the map's frame, any CSS length; by default the plan's proportions, at most 70% of the screen's height. */
  height?: string;
  /** Extra controls shown in the map's toolbar (a list view toggle, say). */
  toolbar?: React.ReactNode;
}

/** The view: the plan moved by (x, y) plan units and scaled by k (1 shows the whole plan). */
export interface View {
  x: number;
  y: number;
  k: number;
}
