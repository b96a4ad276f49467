import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";

/** The admin-only test pages (spec 2): real components with sample data, so a designer can check them alone. */
export const TEST_PAGES = [
  { path: "/test/captcha", label: "Captcha" },
  { path: "/test/colors", label: "Colours" },
  { path: "/test/help-center", label: "Help center" },
  { path: "/test/homepage-layout", label: "Home page layout" },
  { path: "/test/image-rendering", label: "Image rendering" },
  { path: "/test/misc", label: "Miscellaneous" },
  { path: "/test/pattern", label: "Pattern" },
  { path: "/test/secret", label: "Secret" },
  { path: "/test/sign-up", label: "Sign-up" },
  { path: "/test/upload", label: "Upload" },
] as const;

export function TestGallery({
  title,
  about,
  children,
}: {
  title: string;
  about: string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">Test: {title}</h1>
        <p className="text-muted">{about}</p>
        <nav aria-label="Test pages">
          <ul className="flex flex-wrap gap-2 text-sm">
            {TEST_PAGES.map((page) => (
              <li key={page.path}>
                <Link
                  to={page.path}
                  aria-current={pathname === page.path ? "page" : undefined}
                  className={`block rounded-ui border border-line px-3 py-1 ${pathname === page.path ? "bg-wash font-semibold" : "hover:bg-wash"}`}
                >
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {children}
    </div>
  );
}

export function Specimen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-ui border border-line p-4" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}
