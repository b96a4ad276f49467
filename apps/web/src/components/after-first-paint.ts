import { useEffect, useState } from "react";

/** Whether the page has painted once since the document loaded. */
let documentPainted = false;

/**
 * False while the document's first screen renders, true once the browser has painted it. A long landing
 * page renders what is below the fold a moment later, so the first paint (and the picture a phone shows
 * first) waits only for what is on the first screen: the animation frame runs before that paint, the
 * timeout after it. Screens opened later in the visit render whole at once, so going back restores the
 * scroll position on a page already at its full length.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(documentPainted);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        documentPainted = true;
        setPainted(true);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
