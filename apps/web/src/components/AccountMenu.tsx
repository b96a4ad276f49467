import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { loginReturnPath } from "../guards/authentication.ts";
import { rememberPath, useSession } from "../state/session.ts";
import { useTexts } from "../state/site-config.ts";
import { buttonClass } from "./ui/index.ts";

const itemClass = "block w-full rounded-ui px-3 py-2 text-left text-sm hover:bg-wash";

/** Log in / Sign up for visitors; for a signed-in user a menu of their areas and Log out. */
export function AccountMenu() {
  const session = useSession();
  const t = useTexts();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every navigation is the point
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  if (!session) {
    // "Log in" (and "Sign up") return to the page they were pressed on (issue 18).
    const rememberHere = () => {
      const back = loginReturnPath(location.pathname, location.search);
      if (back) rememberPath(back);
    };
    return (
      <nav aria-label={t("nav.accountLabel")} className="ml-auto">
        <ul className="flex items-center gap-2">
          <li>
            <Link to="/login" onClick={rememberHere} className={buttonClass("ghost", "sm")}>
              {t("nav.login")}
            </Link>
          </li>
          <li>
            <Link to="/sign-up" onClick={rememberHere} className={buttonClass("primary", "sm")}>
              {t("nav.signUp")}
            </Link>
          </li>
        </ul>
      </nav>
    );
  }

  // Keys added after the seeded texts fall back to their default here, without the catalogue copy in the shell.
  const orDefault = (key: string, fallback: string) => (t(key) === key ? fallback : t(key));
  const links = [
    { to: "/portfolio", label: orDefault("nav.portfolio", "Your portfolio") },
    { to: "/profile/purchases", label: orDefault("nav.library", "My resources") },
    { to: "/profile/licences", label: orDefault("nav.licences", "Licences") },
    { to: "/favorites", label: t("nav.favorites") },
    { to: "/following", label: orDefault("nav.following", "Following") },
    { to: "/publishing", label: t("nav.publishing") },
    { to: "/earnings", label: t("nav.earnings") },
    { to: "/advertising", label: orDefault("nav.advertising", "Advertise") },
    { to: "/profile/messages", label: orDefault("nav.messages", "Messages") },
    { to: "/support", label: orDefault("nav.support", "Support") },
  ];

  return (
    <div ref={containerRef} className="relative ml-auto">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className={buttonClass("secondary", "sm", "max-w-40")}
      >
        <span className="truncate">{session.user?.username ?? t("nav.account")}</span>
      </button>
      <nav
        id={menuId}
        aria-label={t("nav.accountLabel")}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-48 rounded-ui border border-line bg-paper p-1 shadow-lg"
      >
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={itemClass}>
                {link.label}
              </Link>
            </li>
          ))}
          {session.isAdmin ? (
            <li>
              <Link to="/admin" className={itemClass}>
                {t("nav.admin")}
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/logout" className={itemClass}>
              {t("nav.logout")}
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
