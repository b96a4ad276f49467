import { SUBJECTS } from "@market/domain";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useTexts } from "../state/site-config.ts";
import { AccountMenu } from "./AccountMenu.tsx";
import { HEADER_CLASS, HEADER_ROW_CLASS, MENU_BUTTON_BOX } from "./header-frame.ts";
import { Logo } from "./Logo.tsx";
import { Sheet } from "./ui/index.ts";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-ui px-3 py-2 text-sm font-semibold hover:bg-wash ${isActive ? "text-ink underline decoration-2 underline-offset-8" : "text-muted"}`;

/**
 * One row at every width: on a phone a menu button (the site's sections and the subjects in a sheet), the
 * brand and the account; from a tablet up the sections sit in the row itself.
 */
export function Header() {
  const t = useTexts();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: following a link in the menu closes it
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);
  const items = [
    { to: "/", label: t("nav.home"), end: true },
    { to: "/new", label: t("nav.new"), end: false },
    { to: "/featured", label: t("nav.featured"), end: false },
    { to: "/help", label: t("nav.help"), end: false },
  ];
  return (
    <header className={HEADER_CLASS}>
      <div className={HEADER_ROW_CLASS}>
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-label={t("ui.menu")}
          aria-haspopup="dialog"
          className={`${MENU_BUTTON_BOX} rounded-ui hover:bg-wash`}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
            <path d="M4 7h16M4 12h16M4 17h16" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <Logo />
        <nav aria-label={t("nav.label")} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={navClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <AccountMenu />
      </div>
      <Sheet open={menuOpen} onOpenChange={setMenuOpen} title={t("ui.menu")} side="left">
        <nav aria-label={t("nav.label")}>
          <ul className="flex flex-col gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className="block rounded-ui px-3 py-3 text-base font-semibold hover:bg-wash"
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <h2 className="mt-6 mb-2 px-3 text-xs font-bold tracking-wider text-muted uppercase">
          {t("nav.subjects")}
        </h2>
        <ul className="flex flex-col">
          {SUBJECTS.map((subject) => (
            <li key={subject}>
              <Link
                to={`/?subject=${encodeURIComponent(subject)}`}
                className="block rounded-ui px-3 py-2 hover:bg-wash"
              >
                {subject}
              </Link>
            </li>
          ))}
        </ul>
      </Sheet>
    </header>
  );
}
