import { useLingui } from '@lingui/react/macro';
import { type MouseEvent, useCallback, useId, useMemo, useRef } from 'react';
import type { SectionSpec } from '../../../common/seating-plan';
import { MAP_BACKGROUND, MAP_INK } from './colors';
import { SeatRow, sectionLabelAt } from './SeatRows';
import type { SeatLook, SeatMapLabels, SeatMapProps, SeatPlace } from './types';
import { usePanZoom } from './use-pan-zoom';
import './seat-map.css';

export { contrast, inkOn, outlineFor } from './colors';
export { SeatGlyph, type SeatGlyphProps, SeatSwatch } from './SeatGlyph';
export type { SeatLook, SeatMapLabels, SeatMapPlan, SeatMapProps, SeatPlace, SeatState, View } from './types';

const NO_SELECTION: ReadonlySet<string> = new Set();
const DEFAULT_LABELS: SeatMapLabels = { sections: true, rows: true };

/**
 * A seating plan drawn in SVG (issue 42), shared by the buyer's seat picker and the
 * organizer's screens: plain elements, no Mantine, so it fits the buyer's download.
 *
 * Pan and zoom by wheel, drag, pinch, the +/−/fit buttons, and keys on the focused map
 * (arrows move, + and − zoom, 0 fits); the view is a transform on one `<g>`, and each row is
 * memoized on its seats' looks, so a plan of thousands of seats draws again only the rows
 * whose seats changed. The drawing is hidden from assistive technology: a screen offering it
 * gives the same choices as a list (the seat picker's list view).
 */
export function SeatMap({
  plan,
  seatLook,
  selected = NO_SELECTION,
  onSeatClick,
  seatTitle,
  labels = DEFAULT_LABELS,
  label,
  height,
  toolbar,
}: SeatMapProps) {
  const { t } = useLingui();
  const hintId = useId();
  const svg = useRef<SVGSVGElement>(null);
  const content = useRef<SVGGElement>(null);
  const { zoomIn, zoomOut, fit, wasDrag, onKeyDown, pointerHandlers } = usePanZoom({
    svg,
    content,
    width: plan.width,
    height: plan.height,
  });

  const colors = useMemo(() => new Map(plan.categories.map((c) => [c.key, c.color])), [plan.categories]);
  const colorOf = useCallback((category: string) => colors.get(category) ?? MAP_INK, [colors]);
  const places = useMemo(() => {
    const map = new Map<string, SeatPlace>();
    for (const section of plan.sections)
      for (const row of section.rows) for (const seat of row.seats) map.set(seat.key, { seat, row, section });
    return map;
  }, [plan.sections]);

  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    if (wasDrag() || !onSeatClick) return;
    const key = (event.target as Element).closest?.('[data-seat]')?.getAttribute('data-seat');
    const place = key ? places.get(key) : undefined;
    if (place) onSeatClick(place);
  };

  return (
    <div className="seat-map" data-clickable={onSeatClick ? '' : undefined}>
      <div className="seat-map__toolbar">
        <div className="seat-map__zoom">
          <button type="button" className="seat-map__button" onClick={zoomIn} aria-label={t`Zoom in`}>
            <ToolIcon d="M12 5v14M5 12h14" />
          </button>
          <button type="button" className="seat-map__button" onClick={zoomOut} aria-label={t`Zoom out`}>
            <ToolIcon d="M5 12h14" />
          </button>
          <button
            type="button"
            className="seat-map__button"
            onClick={fit}
            aria-label={t`Show the whole plan`}
          >
            <ToolIcon d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />
          </button>
        </div>
        {toolbar}
      </div>
      <div
        className="seat-map__frame"
        role="application"
        aria-label={label}
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the focused map takes its keys (pan and zoom).
        tabIndex={0}
        onKeyDown={onKeyDown}
        style={height ? { height } : { aspectRatio: `${plan.width} / ${plan.height}` }}
      >
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: seats are picked by keyboard in the list beside the map. */}
        <svg
          ref={svg}
          className="seat-map__svg"
          viewBox={`0 0 ${plan.width} ${plan.height}`}
          preserveAspectRatio="xMidYMid meet"
          aria-hidden="true"
          focusable="false"
          data-zoom="1.00"
          onClick={onClick}
          {...pointerHandlers}
        >
          <rect width={plan.width} height={plan.height} fill={MAP_BACKGROUND} />
          <g ref={content}>
            <Shapes plan={plan} />
            {labels.sections ? <SectionNames sections={plan.sections} /> : null}
            <Rows
              sections={plan.sections}
              seatLook={seatLook}
              selected={selected}
              colorOf={colorOf}
              labels={labels}
              seatTitle={seatTitle}
            />
          </g>
        </svg>
      </div>
      <p id={hintId} className="seat-map__hint">
        {t`Drag or use the arrow keys to move the plan; zoom with the wheel, two fingers, or the plus and minus keys.`}
      </p>
    </div>
  );
}

function ToolIcon({ d }: { d: string }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Shapes({ plan }: { plan: SeatMapProps['plan'] }) {
  return (
    <>
      {plan.shapes.map((shape, i) => {
        const stage = shape.kind === 'stage';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: shapes have no key; the plan's order is theirs.
          <g key={i}>
            <rect
              x={shape.x}
              y={shape.y}
              width={shape.width}
              height={shape.height}
              rx={6}
              fill={stage ? '#343a40' : '#f1f3f5'}
              stroke={stage ? undefined : '#868e96'}
              strokeDasharray={stage ? undefined : '6 4'}
            />
            {shape.label ? (
              <text
                x={shape.x + shape.width / 2}
                y={shape.y + shape.height / 2}
                fontSize={Math.min(24, Math.max(10, shape.height / 3))}
                fill={stage ? '#ffffff' : MAP_INK}
                textAnchor="middle"
                dominantBaseline="central"
              >
                {shape.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </>
  );
}

function SectionNames({ sections }: { sections: readonly SectionSpec[] }) {
  return (
    <>
      {sections.map((section) => {
        const at = sectionLabelAt(section);
        return (
          <text
            key={section.key}
            x={at.x}
            y={at.y}
            fontSize={16}
            fontWeight={600}
            fill={MAP_INK}
            textAnchor="middle"
            dominantBaseline="central"
          >
            {section.name}
          </text>
        );
      })}
    </>
  );
}

interface RowsProps {
  sections: readonly SectionSpec[];
  seatLook: (place: SeatPlace) => SeatLook;
  selected: ReadonlySet<string>;
  colorOf: (category: string) => string;
  labels: SeatMapLabels;
  seatTitle?: (place: SeatPlace) => string;
}

/** Every row with its seats' looks; a row whose looks did not change is not drawn again. */
function Rows({ sections, seatLook, selected, colorOf, labels, seatTitle }: RowsProps) {
  return (
    <>
      {sections.flatMap((section) =>
        section.rows.map((row) => {
          const looks = row.seats.map((seat) => seatLook({ seat, row, section }));
          const picked = row.seats.map((seat) => selected.has(seat.key));
          const signature = looks
            .map((l, i) => `${l.state}${l.color ?? ''}${picked[i] ? '*' : ''}`)
            .join(',');
          return (
            <SeatRow
              key={row.key}
              section={section}
              row={row}
              looks={looks}
              selected={picked}
              signature={signature}
              colorOf={colorOf}
              labels={labels}
              seatTitle={seatTitle}
            />
          );
        }),
      )}
    </>
  );
}
