import { Link, useSearchParams } from "react-router";
import { useTexts } from "../state/site-config.ts";

/** Page numbers to show: the first, the last, and the current page with one neighbour each side. */
export function pageWindow(page: number, last: number): Array<number | "gap"> {
  const wanted = new Set([1, last, page - 1, page, page + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | "gap"> = [];
  for (const [i, p] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous > 1) out.push("gap");
    out.push(p);
  }
  return out;
}

export function Pagination({
  page,
  total,
  pageSize,
  hash,
}: {
  page: number;
  total: number;
  pageSize: number;
  /** A part of the page the links go to ("#reviews"), which the page then scrolls to instead of its top. */
  hash?: string;
}) {
  const t = useTexts();
  const [search] = useSearchParams();
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;

  const linkTo = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const qs = params.toString();
    return { search: qs ? `?${qs}` : "", hash: hash ?? "" };
  };
  const linkClass =
    "inline-flex min-w-10 justify-center rounded-ui border border-line px-3 py-2 text-sm hover:bg-wash";

  return (
    <nav aria-label={t("pagination.label")} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={linkTo(page - 1)} rel="prev" className={linkClass}>
              {t("pagination.previous")}
            </Link>
          </li>
        ) : null}
        {pageWindow(page, last).map((entry, index) =>
          entry === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their position
            <li key={`gap-${index}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={entry}>
              <Link
                to={linkTo(entry)}
                aria-current={entry === page ? "page" : undefined}
                aria-label={t("pagination.page", { page: String(entry) })}
                className={`${linkClass} ${entry === page ? "bg-accent font-bold text-accent-text" : ""}`}
              >
                {entry}
              </Link>
            </li>
          ),
        )}
        {page < last ? (
          <li>
            <Link to={linkTo(page + 1)} rel="next" className={linkClass}>
              {t("pagination.next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
