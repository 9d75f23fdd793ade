import { type KeyboardEvent, type PointerEvent, type RefObject, useCallback, useEffect, useRef } from 'react';
import type { View } from './types';

const MIN_ZOOM = 1;
const MAX_ZOOM = 16;
/** How far a pointer moves (CSS px) before a press becomes a drag and no longer a click. */
const DRAG_THRESHOLD = 5;

interface Options {
  svg: RefObject<SVGSVGElement | null>;
  content: RefObject<SVGGElement | null>;
  width: number;
  height: number;
}

/**
 * Pan and zoom of the seat map: mouse wheel, drag, two-finger pinch (pointer events) and keys.
 * The view lives in a ref and is written straight onto the content's `transform`: moving the
 * map never renders React again, however many seats it holds.
 */
export function usePanZoom({ svg, content, width, height }: Options) {
  const view = useRef<View>({ x: 0, y: 0, k: 1 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef({ startX: 0, startY: 0, dragged: false });

  const apply = useCallback(
    (next: View) => {
      const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, next.k));
      const x = Math.min(0, Math.max(width * (1 - k), next.x));
      const y = Math.min(0, Math.max(height * (1 - k), next.y));
      view.current = { x, y, k };
      content.current?.setAttribute('transform', `translate(${x} ${y}) scale(${k})`);
      svg.current?.setAttribute('data-zoom', k.toFixed(2));
    },
    [content, svg, width, height],
  );

  /** Plan units per CSS pixel, and a client point in the SVG's own units. */
  const toSvg = useCallback(
    (clientX: number, clientY: number) => {
      const ctm = svg.current?.getScreenCTM();
      if (!ctm) return { x: width / 2, y: height / 2, scale: 1 };
      const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
      return { x: p.x, y: p.y, scale: ctm.a || 1 };
    },
    [svg, width, height],
  );

  const zoomBy = useCallback(
    (factor: number, around?: { x: number; y: number }) => {
      const { x, y, k } = view.current;
      const p = around ?? { x: width / 2, y: height / 2 };
      const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k * factor));
      apply({ x: p.x - ((p.x - x) / k) * next, y: p.y - ((p.y - y) / k) * next, k: next });
    },
    [apply, width, height],
  );

  const panBy = useCallback(
    (dx: number, dy: number) => {
      const { x, y, k } = view.current;
      apply({ x: x + dx, y: y + dy, k });
    },
    [apply],
  );

  const fit = useCallback(() => apply({ x: 0, y: 0, k: 1 }), [apply]);

  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const p = toSvg(event.clientX, event.clientY);
      zoomBy(Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.002)), p);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [svg, toSvg, zoomBy]);

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 1)
      gesture.current = { startX: event.clientX, startY: event.clientY, dragged: false };
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const before = pointers.current.get(event.pointerId);
    if (!before) return;
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId);
    const now = { x: event.clientX, y: event.clientY };
    const scale = toSvg(now.x, now.y).scale;
    if (others.length === 1 && others[0]) {
      // Two fingers: zoom by how much their distance changed, around their middle, and follow it.
      const other = others[0][1];
      const was = Math.hypot(before.x - other.x, before.y - other.y) || 1;
      const is = Math.hypot(now.x - other.x, now.y - other.y) || 1;
      const mid = toSvg((now.x + other.x) / 2, (now.y + other.y) / 2);
      gesture.current.dragged = true;
      zoomBy(is / was, mid);
      panBy((now.x - before.x) / 2 / scale, (now.y - before.y) / 2 / scale);
    } else if (others.length === 0) {
      const g = gesture.current;
      if (!g.dragged && Math.hypot(now.x - g.startX, now.y - g.startY) > DRAG_THRESHOLD) {
        g.dragged = true;
        event.currentTarget.setPointerCapture(event.pointerId);
      }
      if (g.dragged) panBy((now.x - before.x) / scale, (now.y - before.y) / scale);
    }
    pointers.current.set(event.pointerId, now);
  };

  const onPointerEnd = (event: PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(event.pointerId);
  };

  /** Whether the press that ends in this click moved the map (then it is no click). */
  const wasDrag = () => gesture.current.dragged;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = (Math.min(width, height) * 0.1) / 1;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => panBy(step, 0),
      ArrowRight: () => panBy(-step, 0),
      ArrowUp: () => panBy(0, step),
      ArrowDown: () => panBy(0, -step),
      '+': () => zoomBy(1.25),
      '=': () => zoomBy(1.25),
      '-': () => zoomBy(0.8),
      '0': fit,
    };
    const action = keys[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action();
  };

  return {
    zoomIn: () => zoomBy(1.5),
    zoomOut: () => zoomBy(1 / 1.5),
    fit,
    wasDrag,
    onKeyDown,
    pointerHandlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
    },
  };
}
