import { GRID } from "@market/domain";
import { type RefObject, useEffect, useLayoutEffect, useState } from "react";

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
