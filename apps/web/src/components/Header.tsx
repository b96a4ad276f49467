import { Link, NavLink } from "react-router";
import { useTexts } from "../state/site-config.ts";
import { AccountMenu } from "./AccountMenu.tsx";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-ui px-3 py-2 text-sm font-medium hover:bg-wash ${isActive ? "underline decoration-2" : ""}`;

export function Header() {
  const t = useTexts();
  const items = [
    { to: "/", label: t("nav.home"), end: true },
    { to: "/new", label: t("nav.new"), end: false },
    { to: "/featured", label: t("nav.featured"), end: false },
    { to: "/help", label: t("nav.help"), end: false },
  ];
  return (
    <header className="border-b border-line bg-paper">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link to="/" className="text-xl font-bold">
          {t("site.name")}
        </Link>
        <nav aria-label={t("nav.label")}>
          <ul className="flex flex-wrap items-center gap-1">
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
    </header>
  );
}
