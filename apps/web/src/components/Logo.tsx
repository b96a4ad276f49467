import { Link } from "react-router";
import { useTexts } from "../state/site-config.ts";

/** The brand's picture and name, without a link: the first frame (FirstFrame.tsx) draws it before the router runs. */
export function LogoMark({ siteName }: { siteName: string }) {
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-accent" />
        <path
          d="M6 14 16 6l10 8"
          fill="none"
          className="stroke-accent-text"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path
          d="M8 16.5c2.7-.9 5.4-.6 8 1.2 2.6-1.8 5.3-2.1 8-1.2v8.2c-2.7-.9-5.4-.6-8 1.2-2.6-1.8-5.3-2.1-8-1.2z"
          className="fill-accent-text"
        />
        <path d="M16 17.7v8.2" className="stroke-accent" strokeWidth="1.4" />
      </svg>
      <span data-site-name="" className="text-lg font-extrabold tracking-tight whitespace-nowrap sm:text-xl">
        {siteName}
      </span>
    </>
  );
}

export const LOGO_CLASS = "inline-flex items-center gap-2 rounded-ui";

/** The brand: a loft's roof over an open book, in the accent colour, beside the site's name. */
export function Logo({ className = "" }: { className?: string }) {
  const t = useTexts();
  return (
    <Link to="/" className={`${LOGO_CLASS} ${className}`}>
      <LogoMark siteName={t("site.name")} />
    </Link>
  );
}
