import { Button } from "../../components/ui/index.ts";
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
  return (
    <nav aria-label={label} className="flex items-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {a("common.previous")}
      </Button>
      <span>{label}</span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {a("common.next")}
      </Button>
    </nav>
  );
}
