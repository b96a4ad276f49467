import { GRID } from "@market/domain";
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";

/** The width of an element, kept current as it resizes (0 until it is measured). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === "undefined") {
      const onResize = () => setWidth(element.getBoundingClientRect().width);
      window.addEventListener("resize", onResize);
      return () => window.removeEventListener("resize", onResize);
    }
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * Clearing the grid takes 700 ms (spec 2): when the results change (another page, search or filter), the cells
 * shown fade out for GRID.clearMs before the new ones take their place. With reduced motion there is no wait.
 */
export function useGridClear<T>(value: T, key: string): { shown: T; clearing: boolean } {
  const clearMs = prefersReducedMotion() ? 0 : GRID.clearMs;
  const [clearing, setClearing] = useState(false);
  const shownRef = useRef(value);
  const keyRef = useRef(key);
  const keyChanged = keyRef.current !== key;

  useLayoutEffect(() => {
    if (keyRef.current === key) return;
    keyRef.current = key;
    if (clearMs <= 0) return;
    setClearing(true);
    const timer = setTimeout(() => setClearing(false), clearMs);
    return () => clearTimeout(timer);
  }, [key, clearMs]);

  const holding = clearMs > 0 && (clearing || keyChanged);
  if (!holding) shownRef.current = value;
  return { shown: holding ? shownRef.current : value, clearing: holding };
}

/** A modal opens with a 100 ms delay (spec 2): true GRID.modalDelayMs after `wanted` turns true. */
export function useDelayedOpen(wanted: boolean, delayMs: number = GRID.modalDelayMs): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!wanted) {
      setOpen(false);
      return;
    }
    const timer = setTimeout(() => setOpen(true), delayMs);
    return () => clearTimeout(timer);
  }, [wanted, delayMs]);
  return open;
}
