import '@mantine/core/styles/ActionIcon.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Group, Text } from '@mantine/core';
import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { SeatingPlan } from '../../../common/seating-plan';
import { PlanRow, PlanShape } from './PlanRow';
import { type Selection, seatsOf } from './selection';

export interface View {
  x: number;
  y: number;
  k: number;
}

export interface CanvasHandlers {
  onSeat: (at: { row: string; seat: string; additive: boolean }) => void;
  onRow: (row: string) => void;
  /** A selected row moved by keys or by dragging it, in plan units. */
  onMoveRow: (by: { row: string; dx: number; dy: number }) => void;
  onBox: (box: { x1: number; y1: number; x2: number; y2: number; additive: boolean }) => void;
  onClear: () => void;
  onDelete: () => void;
}

type Drag =
  | { kind: 'pan'; startX: number; startY: number; view: View }
  | { kind: 'row'; row: string; lastX: number; lastY: number }
  | { kind: 'box'; x1: number; y1: number; x2: number; y2: number; additive: boolean };

const HEIGHT = 620;
const clampZoom = (k: number) => Math.min(8, Math.max(0.05, k));

/**
 * The plan drawn in SVG: the wheel or the buttons zoom, dragging the background (or the arrow
 * keys, with nothing selected) pans, a shift-drag draws a box of seats, dragging a row's label
 * (or the arrow keys) moves the selected row. Pan and zoom change one transform: no row redraws.
 */
export function PlanCanvas({
  plan,
  selection,
  handlers,
}: {
  plan: SeatingPlan;
  selection: Selection;
  handlers: CanvasHandlers;
}) {
  const { t } = useLingui();
  const svg = useRef<SVGSVGElement>(null);
  // The view lives outside React: a pan or a zoom sets one attribute and renders nothing.
  const viewRef = useRef<View>({ x: 0, y: 0, k: 1 });
  const layer = useRef<SVGGElement>(null);
  const zoomText = useRef<HTMLParagraphElement>(null);
  const setView = useCallback((next: View | ((v: View) => View)) => {
    const v = typeof next === 'function' ? next(viewRef.current) : next;
    viewRef.current = v;
    layer.current?.setAttribute('transform', `translate(${v.x} ${v.y}) scale(${v.k})`);
    if (zoomText.current) zoomText.current.textContent = `${Math.round(v.k * 100)} %`;
  }, []);
  const view = viewRef.current;
  // A pan or a row's drag is kept in a ref too; only the box of a shift-drag is drawn.
  const dragRef = useRef<Drag | null>(null);
  const [box, setBox] = useState<Extract<Drag, { kind: 'box' }> | null>(null);
  const setDrag = (next: Drag | null) => {
    dragRef.current = next;
    setBox(next?.kind === 'box' ? next : null);
  };
  const colors = useMemo(() => new Map(plan.categories.map((c) => [c.key, c.color])), [plan.categories]);

  const fitView = useCallback(() => {
    const box = svg.current?.getBoundingClientRect();
    const width = box?.width || 800;
    const k = clampZoom(Math.min(width / plan.width, HEIGHT / plan.height) * 0.96);
    setView({ k, x: (width - plan.width * k) / 2, y: (HEIGHT - plan.height * k) / 2 });
  }, [plan.width, plan.height, setView]);

  // Fit once the plan's size is known, and again when it changes.
  useEffect(() => fitView(), [fitView]);

  const zoomAt = useCallback(
    (factor: number, at?: { x: number; y: number }) => {
      setView((v) => {
        const box = svg.current?.getBoundingClientRect();
        const px = at?.x ?? (box?.width ?? 800) / 2;
        const py = at?.y ?? HEIGHT / 2;
        const k = clampZoom(v.k * factor);
        return { k, x: px - ((px - v.x) * k) / v.k, y: py - ((py - v.y) * k) / v.k };
      });
    },
    [setView],
  );

  // The wheel zooms the plan, not the page: a listener that may prevent the page's scroll.
  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      zoomAt(event.deltaY < 0 ? 1.15 : 1 / 1.15, { x: event.clientX - box.left, y: event.clientY - box.top });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomAt]);

  const toPlan = (event: { clientX: number; clientY: number }) => {
    const rect = svg.current?.getBoundingClientRect();
    const v = viewRef.current;
    return {
      x: (event.clientX - (rect?.left ?? 0) - v.x) / v.k,
      y: (event.clientY - (rect?.top ?? 0) - v.y) / v.k,
    };
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    const target = event.target as Element;
    const seat = target.closest('[data-seat]');
    const rowHandle = target.closest('[data-row-handle]');
    const row = target.closest('[data-row]')?.getAttribute('data-row');
    svg.current?.focus();
    if (seat && row) {
      handlers.onSeat({ row, seat: seat.getAttribute('data-seat') ?? '', additive: event.shiftKey });
      return;
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    if (rowHandle) {
      const key = rowHandle.getAttribute('data-row-handle') ?? '';
      handlers.onRow(key);
      setDrag({ kind: 'row', row: key, lastX: event.clientX, lastY: event.clientY });
    } else if (event.shiftKey) {
      const p = toPlan(event);
      setDrag({ kind: 'box', x1: p.x, y1: p.y, x2: p.x, y2: p.y, additive: true });
    } else {
      setDrag({ kind: 'pan', startX: event.clientX, startY: event.clientY, view: viewRef.current });
    }
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const drag = dragRef.current;
    if (!drag) return;
    const view = viewRef.current;
    if (drag.kind === 'pan') {
      setView({
        ...drag.view,
        x: drag.view.x + event.clientX - drag.startX,
        y: drag.view.y + event.clientY - drag.startY,
      });
    } else if (drag.kind === 'row') {
      const dx = Math.round((event.clientX - drag.lastX) / view.k);
      const dy = Math.round((event.clientY - drag.lastY) / view.k);
      if (dx === 0 && dy === 0) return;
      handlers.onMoveRow({ row: drag.row, dx, dy });
      setDrag({ ...drag, lastX: drag.lastX + dx * view.k, lastY: drag.lastY + dy * view.k });
    } else {
      const p = toPlan(event);
      setDrag({ ...drag, x2: p.x, y2: p.y });
    }
  };

  const onPointerUp = (event: PointerEvent<SVGSVGElement>) => {
    const drag = dragRef.current;
    if (drag?.kind === 'box') handlers.onBox(drag);
    else if (drag?.kind === 'pan' && Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) < 3)
      handlers.onClear();
    setDrag(null);
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const arrow = arrows[event.key];
    if (arrow) {
      event.preventDefault();
      const step = event.shiftKey ? 20 : 5;
      if (selection.row) handlers.onMoveRow({ row: selection.row, dx: arrow[0] * step, dy: arrow[1] * step });
      else setView((v) => ({ ...v, x: v.x - arrow[0] * step * 8, y: v.y - arrow[1] * step * 8 }));
    } else if (event.key === '+' || event.key === '=') zoomAt(1.25);
    else if (event.key === '-') zoomAt(1 / 1.25);
    else if (event.key === '0') fitView();
    else if (event.key === 'Escape') handlers.onClear();
    else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      handlers.onDelete();
    }
  };

  return (
    <Box pos="relative">
      <Group gap="xs" mb="xs" justify="space-between">
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => zoomAt(1.25)} aria-label={t`Zoom in`}>
            +
          </Button>
          <Button size="xs" variant="default" onClick={() => zoomAt(1 / 1.25)} aria-label={t`Zoom out`}>
            −
          </Button>
          <Button size="xs" variant="default" onClick={fitView}>
            <Trans>Fit to screen</Trans>
          </Button>
          {/* Written by setView only: React leaves its text alone. */}
          <Text size="xs" c="dimmed" data-testid="zoom" ref={zoomText} />
        </Group>
      </Group>
      <svg
        ref={svg}
        role="application"
        aria-label={t`Seating plan: ${plan.name}`}
        aria-describedby="plan-canvas-help"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas takes keys (pan, zoom, move, delete)
        tabIndex={0}
        width="100%"
        height={HEIGHT}
        data-testid="plan-canvas"
        style={{
          display: 'block',
          background: '#f8f9fa',
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 8,
          touchAction: 'none',
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
      >
        <title>{t`Seating plan: ${plan.name}`}</title>
        <g ref={layer} data-testid="plan-view" transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
          <rect width={plan.width} height={plan.height} fill="#ffffff" stroke="#ced4da" />
          {plan.shapes.map((shape, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: shapes have no key of their own; their place is theirs
            <PlanShape key={i} shape={shape} />
          ))}
          {plan.sections.map((section) =>
            section.rows.map((row) => (
              <PlanRow
                key={row.key}
                row={row}
                colors={colors}
                selected={selection.row === row.key}
                selectedSeats={seatsOf(selection, row.key)}
              />
            )),
          )}
          {box ? (
            <rect
              x={Math.min(box.x1, box.x2)}
              y={Math.min(box.y1, box.y2)}
              width={Math.abs(box.x2 - box.x1)}
              height={Math.abs(box.y2 - box.y1)}
              fill="rgba(59, 63, 182, 0.1)"
              stroke="#3b3fb6"
              strokeDasharray="4 3"
              vectorEffect="non-scaling-stroke"
            />
          ) : null}
        </g>
      </svg>
      <Text id="plan-canvas-help" size="xs" c="dimmed" mt={4}>
        <Trans>
          Drag to pan, use the wheel to zoom. Click a seat to select it, shift-click to add seats, shift-drag
          to select a box. Drag a row’s label to move it. With the plan focused: arrow keys pan or move the
          selected row, + and − zoom, 0 fits, Delete removes the selection, Escape clears it.
        </Trans>
      </Text>
    </Box>
  );
}
