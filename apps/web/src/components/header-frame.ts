/**
 * The header's geometry, shared by the header itself and the first frame (FirstFrame.tsx) that index.html
 * paints before any script runs: the brand must sit in the same place in both, or the page would jump.
 */
export const HEADER_CLASS = "sticky top-0 z-30 border-b border-line bg-paper/95 backdrop-blur";
export const HEADER_ROW_CLASS = "mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4";
/** The phone's menu button (hidden from a tablet up); the first frame keeps its room. */
export const MENU_BUTTON_BOX = "-ml-2 inline-flex size-10 items-center justify-center md:hidden";
