import { HEADER_CLASS, HEADER_ROW_CLASS, MENU_BUTTON_BOX } from "./header-frame.ts";
import { LOGO_CLASS, LogoMark } from "./Logo.tsx";

/**
 * The page's first frame: the header's row with the brand, where the real header will draw it. index.html
 * carries this markup in #root (the server writes the admin's site name into it), so a phone paints the
 * brand as soon as the page and its stylesheet arrive, without waiting for the scripts; the app's loading
 * screen draws the same, and the real header then takes its place without anything moving.
 * FirstFrame.test.tsx keeps index.html's copy equal to this component.
 */
export function FirstFrame({ siteName }: { siteName: string }) {
  return (
    <header className={HEADER_CLASS}>
      <div className={HEADER_ROW_CLASS}>
        <span className={MENU_BUTTON_BOX} />
        <span className={LOGO_CLASS}>
          <LogoMark siteName={siteName} />
        </span>
      </div>
    </header>
  );
}
