import { type RefObject, useEffect, useState } from "react";

/**
 * Whether the element has come within `margin` of the viewport, once (it stays true). A part of a long page
 * that the reader may never scroll to (a resource's reviews) loads its code and data only when they near it,
 * so the first screen's scripts run alone. `now` skips the wait (the address asks for that part, #reviews).
 * Where the browser has no IntersectionObserver it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, now = false, margin = "600px"): boolean {
  const [near, setNear] = useState(now || typeof IntersectionObserver === "undefined");
  useEffect(() => {
    if (now) setNear(true);
  }, [now]);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}
