import { useAdminTexts } from "./admin-texts.ts";

/** Previous / "Page n of m" / Next for the console's lists; nothing when everything fits on one page. */
export function PagerButtons({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const a = useAdminTexts();
  if (pages <= 1) return null;
  const label = a("common.page", { page: String(page), pages: String(pages) });
  const button = "rounded-ui border border-line px-3 py-1 disabled:opacity-50";
  return (
    <nav aria-label={label} className="flex items-center gap-3">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={button}>
        {a("common.previous")}
      </button>
      <span>{label}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} className={button}>
        {a("common.next")}
      </button>
    </nav>
  );
}
