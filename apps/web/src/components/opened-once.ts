import { useState } from "react";

/**
 * Whether `open` has been true since this component mounted. A dialog's code is loaded and mounted on its
 * first opening and then stays mounted, so closing plays out as the library means it to (focus goes back
 * to the opener) and a second opening is immediate.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
