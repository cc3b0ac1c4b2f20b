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

export const fitView = (box: { width: number; height: number }, content: { width: number; height: number }): View => {
  if (content.width <= 0 || content.height <= 0 || box.width <= 0 || box.height <= 0) return { x: 0, y: 0, k: 1 };
  const k = clamp(Math.min(box.width / content.width, box.height / content.height, 1.15));
  return { x: (box.width - content.width * k) / 2, y: Math.max(0, (box.height - content.height * k) / 2), k };
};

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
