import { formatMoney, type LibraryItem, refundRequestOpen } from "@market/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { api } from "../../api/client.ts";
import { Cover } from "../../components/Cover.tsx";
import { Pagination } from "../../components/Pagination.tsx";
import {
  Badge,
  Button,
  EmptyState,
  LinkButton,
  LoadingPlaceholder,
  Skeleton,
} from "../../components/ui/index.ts";
import { useSession } from "../../state/session.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { PdfReceiptButton } from "../checkout/DocumentButton.tsx";
import { ReceiptButton } from "../checkout/ReceiptButton.tsx";
import { RefundRequest } from "../checkout/RefundRequest.tsx";
import { DownloadButton } from "../resources/DownloadButton.tsx";
import { formatDay } from "../resources/resource-query.ts";
import { useFileDownload } from "../resources/use-download.ts";
import { type LibraryTextKey, useLibraryTexts } from "./library-texts.ts";
import { StatementsSection } from "./StatementsSection.tsx";

/** GET /api/users/self/library?page=: a page of what the viewer owns, newest first. */
export function libraryPageQuery(viewerId: string, page: number) {
  return {
    queryKey: ["library", viewerId, "page", page],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.call("GET /users/self/library", { query: { page }, signal }),
  };
}

/**
 * /profile/purchases, "My resources" (issue 17): everything the signed-in teacher owns, bought, given or
 * downloaded free, newest first, each a click from its download (and a purchase from its receipt).
 */
export default function LibraryPage() {
  const t = useLibraryTexts();
  const session = useSession();
  const [search] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const library = useQuery({
    ...libraryPageQuery(session?.claims.sub ?? "", page),
    placeholderData: keepPreviousData,
  });
  const data = library.data;

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("library.title")}</h1>
        {data && data.total === 0 ? null : (
          <p className="text-muted">
            {data
              ? `${t("library.intro")} ${data.total === 1 ? t("library.countOne") : t("library.count", { count: String(data.total) })}.`
              : t("library.intro")}
          </p>
        )}
      </header>
      {library.isError ? (
        <EmptyState
          tone="error"
          title={t("library.loadFailed")}
          action={
            <Button variant="secondary" onClick={() => void library.refetch()}>
              {t("library.retry")}
            </Button>
          }
        />
      ) : !data ? (
        <LoadingPlaceholder label={t("library.loading")}>
          <ul className="divide-y divide-line rounded-card border border-line">
            {[0, 1, 2].map((row) => (
              <li key={row} className="flex items-center gap-4 p-4">
                <Skeleton className="aspect-[692/896] w-16" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-5 w-2/3" />
                  <Skeleton className="h-4 w-1/3" />
                </div>
              </li>
            ))}
          </ul>
        </LoadingPlaceholder>
      ) : data.items.length === 0 ? (
        <EmptyState
          title={t("library.empty")}
          body={t("library.emptyBody")}
          action={
            <LinkButton to="/" variant="primary">
              {t("library.browse")}
            </LinkButton>
          }
        />
      ) : (
        <>
          <ul
            aria-busy={library.isPlaceholderData || undefined}
            className={`divide-y divide-line rounded-card border border-line bg-paper ${library.isPlaceholderData ? "opacity-60" : ""}`}
          >
            {data.items.map((item) => (
              <LibraryRow key={item.resource.id} item={item} />
            ))}
          </ul>
          <Pagination page={data.page} total={data.total} pageSize={data.pageSize} />
        </>
      )}
      <StatementsSection />
    </section>
  );
}

const HOW: Record<LibraryItem["source"], LibraryTextKey> = {
  purchase: "library.bought",
  gift: "library.gift",
  free: "library.free",
  bundle: "library.inBundle",
};

function LibraryRow({ item }: { item: LibraryItem }) {
  const t = useLibraryTexts();
  const { refundWindowDays } = useSiteSettings();
  // Only purchases still in the refund window ask the server about a refund (issue 22).
  const refundable = (at: string) => refundRequestOpen(new Date(at), new Date(), refundWindowDays);
  const { resource } = item;
  const file = item.file ?? { id: "", name: "" };
  const download = useFileDownload({ resource, file });
  const values = {
    date: formatDay(item.acquiredAt),
    amount: item.amount === null ? "" : formatMoney(item.amount),
    name: item.licensedBy?.first_name ?? item.giftFrom?.first_name ?? "",
  };
  // A colleague's seat (issue 23) says who gave it; a purchase for colleagues says its seats.
  const seats = item.seats ?? 1;
  const how = item.licensedBy
    ? t("library.licensedBy", values)
    : `${t(HOW[item.source], values)}${seats > 1 ? ` · ${t("library.seats", { seats: String(seats) })}` : ""}`;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <Cover locator={resource.cover_locator} title={resource.title} className="w-16" />
        <div className="flex min-w-0 flex-col gap-1">
          <Link
            to={`/resources/${encodeURIComponent(resource.name)}`}
            className="font-semibold leading-snug underline-offset-2 hover:underline"
          >
            {resource.title}
          </Link>
          <p className="text-sm text-muted">{t("library.by", { name: resource.creator.first_name })}</p>
          <p className="text-sm">
            {item.source === "gift" ? (
              <Badge tone="info" className="mr-1.5">
                {t("library.giftBadge")}
              </Badge>
            ) : null}
            {resource.isBundle ? (
              <Badge tone="info" className="mr-1.5">
                {t("library.bundleBadge")}
              </Badge>
            ) : null}
            {item.inBundle ? (
              <>
                {t("library.inBundle")}{" "}
                <Link
                  to={`/resources/${encodeURIComponent(item.inBundle.name)}`}
                  className="underline underline-offset-2"
                >
                  {item.inBundle.title}
                </Link>
                {` · ${formatDay(item.acquiredAt)}`}
              </>
            ) : (
              how
            )}
          </p>
          {seats > 1 ? (
            <Link
              to="/profile/licences"
              className="self-start text-sm font-medium underline underline-offset-2"
            >
              {t("library.manageSeats")}
            </Link>
          ) : null}
          {item.source === "purchase" && item.saleId && refundable(item.acquiredAt) ? (
            <RefundRequest saleId={item.saleId} title={resource.title} />
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-start gap-2 sm:w-auto sm:flex-nowrap sm:justify-end">
        {item.file ? (
          <div className="min-w-36 flex-1 sm:flex-none">
            <DownloadButton
              download={download}
              fileName={file.name}
              label={t("library.download")}
              ariaLabel={t("library.downloadTitle", { title: resource.title })}
              block
            />
          </div>
        ) : resource.isBundle && resource.available ? (
          <span className="text-sm text-muted">{t("library.bundleContents")}</span>
        ) : (
          <Badge>{t("library.unavailable")}</Badge>
        )}
        {item.saleId ? <ReceiptButton saleId={item.saleId} title={resource.title} /> : null}
        {item.saleId ? <PdfReceiptButton saleId={item.saleId} title={resource.title} size="sm" /> : null}
      </div>
    </li>
  );
}
