/**
 * Pan (drag) and zoom (wheel, around the pointer) for an SVG view, plus "fit" to a content box.
 * Kept apart from the diagram so the drawing code stays about the drawing.
 */
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

export interface View {
  x: number;
  y: number;
  k: number;
}

const clamp = (k: number): number => Math.min(4, Math.max(0.15, k));

export const fitView = (box: { width: number; height: number }, content: { width: number; height: number }, minK = 0): View => {
  if (content.width <= 0 || content.height <= 0 || box.width <= 0 || box.height <= 0) return { x: 0, y: 0, k: 1 };
  const k = clamp(Math.max(minK, Math.min(box.width / content.width, box.height / content.height, 1.15)));
  return { x: Math.max(0, (box.width - content.width * k) / 2), y: Math.max(0, (box.height - content.height * k) / 2), k };
};

/**
 * The default view: the whole chart when it fits at a readable scale, else the readable scale
 * (labels at their full size, 11 px and up) centred on `focus`, the current state; the rest is a
 * drag or a wheel away, and "Fit all" shows everything.
 */
export const readableView = (
  box: { width: number; height: number },
  content: { width: number; height: number },
  focus: { x: number; y: number } | null,
): View => {
  const v = fitView(box, content, READABLE_SCALE);
  if (!focus || (content.width * v.k <= box.width && content.height * v.k <= box.height)) return v;
  const clampTo = (want: number, size: number, span: number): number => Math.min(0, Math.max(span - size * v.k, want));
  return {
    k: v.k,
    x: content.width * v.k <= box.width ? v.x : clampTo(box.width / 2 - focus.x * v.k, content.width, box.width),
    y: content.height * v.k <= box.height ? v.y : clampTo(box.height / 3 - focus.y * v.k, content.height, box.height),
  };
};

/** Labels are drawn at 11-12 px: at this scale or above no label is smaller than 11 px on screen. */
export const READABLE_SCALE = 1;

export const usePanZoom = (
  svgRef: RefObject<SVGSVGElement | null>,
): {
  view: View;
  setView: (v: View) => void;
  onPointerDown: (e: ReactPointerEvent<SVGSVGElement>) => void;
  /** True once the user moved the view: new layouts then keep it instead of re-fitting. */
  panned: boolean;
  setPanned: (p: boolean) => void;
} => {
  const [view, setViewState] = useState<View>({ x: 0, y: 0, k: 1 });
  const [panned, setPanned] = useState(false);
  const viewRef = useRef(view);
  const setView = useCallback((v: View) => {
    viewRef.current = v;
    setViewState(v);
  }, []);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    // A native listener: React's wheel listener is passive and cannot stop the page scrolling.
    const onWheel = (e: WheelEvent): void => {
      e.preventDefault();
      const rect = svg.getBoundingClientRect();
      const px = e.clientX - rect.left;
      const py = e.clientY - rect.top;
      const v = viewRef.current;
      const k = clamp(v.k * Math.exp(-e.deltaY * 0.0015));
      setView({ k, x: px - ((px - v.x) * k) / v.k, y: py - ((py - v.y) * k) / v.k });
      setPanned(true);
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [svgRef, setView]);

  const onPointerDown = useCallback(
    (e: ReactPointerEvent<SVGSVGElement>) => {
      // Clicks on nodes and labels are for revealing, not panning.
      if (e.button !== 0 || (e.target as Element).closest('[data-clickable]')) return;
      const svg = e.currentTarget;
      const start = { x: e.clientX, y: e.clientY, v: viewRef.current };
      svg.setPointerCapture(e.pointerId);
      const move = (ev: PointerEvent): void => {
        setView({ ...start.v, x: start.v.x + ev.clientX - start.x, y: start.v.y + ev.clientY - start.y });
        setPanned(true);
      };
      const up = (): void => {
        svg.removeEventListener('pointermove', move);
        svg.removeEventListener('pointerup', up);
      };
      svg.addEventListener('pointermove', move);
      svg.addEventListener('pointerup', up);
    },
    [setView],
  );

  return { view, setView, onPointerDown, panned, setPanned };
};
