import {
  abbreviateNumber,
  formatMoney,
  isOnSale,
  type LibraryItem,
  priceToPay,
  type ResourceDetail,
} from "@market/domain";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { formatMonthDay } from "../../components/format.ts";
import { Badge, Button, Card, LinkButton, Price } from "../../components/ui/index.ts";
import type { useFavoriteToggle } from "../../state/engagement.ts";
import { type CatalogueTexts, useCatalogueTexts } from "../catalogue/catalogue-texts.ts";
import { ReceiptButton } from "../checkout/ReceiptButton.tsx";
import { BundleSaving } from "./bundles/BundleSections.tsx";
import { DOWNLOAD_FAILURE_KEYS, DownloadButton } from "./DownloadButton.tsx";
import { formatDay } from "./resource-query.ts";
import type { FileDownload } from "./use-download.ts";

/**
 * Where the viewer stands with a resource: its creator; an owner (bought, given, downloaded free, or
 * isOwned); somebody who may download it free; somebody who may buy it.
 */
export type PriceBoxState = "creator" | "owned" | "free" | "paid";

export interface PriceBoxProps {
  resource: ResourceDetail;
  state: PriceBoxState;
  /** How the viewer owns it, once the library says (null before, or for the creator). */
  item: LibraryItem | null;
  /** The main file's download, shared by the box and the phone's bar so both show its progress. */
  download: FileDownload;
  mainFile: { id: string; name: string } | null;
}

const pathOf = (resource: ResourceDetail) => `/resources/${encodeURIComponent(resource.name)}`;

function ownershipLine(t: CatalogueTexts, resource: ResourceDetail, item: LibraryItem | null): string | null {
  // A colleague's seat (issue 23): who gave it, whatever the library says of how it came.
  if (resource.licensedBy) return t("resource.licensedBy", { name: resource.licensedBy.first_name });
  if (!item) return null;
  const date = formatDay(item.acquiredAt);
  if (item.source === "purchase" && item.amount !== null)
    return t("resource.ownedBought", { date, amount: formatMoney(item.amount) });
  if (item.source === "gift" && item.giftFrom)
    return t("resource.ownedGift", { name: item.giftFrom.first_name });
  return t("resource.ownedFree", { date });
}

/** The one action that matters most here: Buy, Download, Download free, or Edit for the creator. */
function MainAction({ resource, state, download, mainFile, size }: PriceBoxProps & { size: "md" | "lg" }) {
  const t = useCatalogueTexts();
  const path = pathOf(resource);
  if (state === "creator")
    return (
      // A bundle is changed in its own editor, not the resource wizard.
      <LinkButton
        to={resource.isBundle ? `/bundles/${resource.id}/edit` : `${path}/edit`}
        variant="primary"
        size={size}
        block
      >
        {t("resource.edit")}
      </LinkButton>
    );
  if (state === "paid")
    return (
      <LinkButton to={`${path}/purchase`} variant="primary" size={size} block>
        {t("resource.buyFor", { price: formatMoney(priceToPay(resource)) })}
      </LinkButton>
    );
  if (!mainFile) return null;
  return (
    <DownloadButton
      download={download}
      fileName={mainFile.name}
      label={t(state === "free" ? "resource.downloadFree" : "resource.download")}
      size={size}
      block
      messages={false}
    />
  );
}

/** Beside Buy (issue 23): buying for colleagues, at the checkout with two seats to start from. */
function SeatsTeaser({ resource }: { resource: ResourceDetail }) {
  const t = useCatalogueTexts();
  return (
    <Link
      to={`${pathOf(resource)}/purchase?seats=2`}
      className="-mt-1 self-start text-sm font-medium underline underline-offset-2"
    >
      {resource.seatPriceCents > 0
        ? t("resource.seatsTeaser", { price: formatMoney(resource.seatPriceCents) })
        : t("resource.seatsTeaserFree")}
    </Link>
  );
}

function PriceLine({ resource, size }: { resource: ResourceDetail; size: "md" | "lg" }) {
  const t = useCatalogueTexts();
  return (
    <div className="flex flex-col items-start gap-1.5">
      <Price cents={resource.price} saleCents={resource.sale_price} size={size} />
      {isOnSale(resource) && resource.sale_end ? (
        <Badge tone="sale">{t("resource.saleEnds", { date: formatMonthDay(resource.sale_end) })}</Badge>
      ) : null}
      {resource.bundle ? <BundleSaving contents={resource.bundle} /> : null}
    </div>
  );
}

function StatusBadge({ state }: { state: PriceBoxState }) {
  const t = useCatalogueTexts();
  if (state === "owned")
    return (
      <Badge tone="success" className="text-sm">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor">
          <path d="M4 10.5l4 4 8-9" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t("resource.owned")}
      </Badge>
    );
  if (state === "creator")
    return (
      <Badge tone="info" className="text-sm">
        {t("resource.yours")}
      </Badge>
    );
  return null;
}

/**
 * The price box (issue 17): at the right of the page on a wide screen, staying in view while the page
 * scrolls (its container is sticky); on a phone in the flow under the previews, its main action carried
 * by the bar at the bottom of the screen (PriceBar).
 */
export function PriceBox(
  props: PriceBoxProps & {
    favorite: ReturnType<typeof useFavoriteToggle>;
    onShare: () => void;
  },
) {
  const t = useCatalogueTexts();
  const { resource, state, item, favorite, onShare } = props;
  const path = pathOf(resource);
  const downloads = resource.downloadCount;
  const line = state === "owned" ? ownershipLine(t, resource, item) : null;

  return (
    <Card as="section" aria-label={t("resource.priceBox")} className="flex flex-col gap-4">
      {state === "owned" || state === "creator" ? (
        <div className="flex flex-col items-start gap-2">
          <StatusBadge state={state} />
          {line ? <p className="text-sm text-muted">{line}</p> : null}
          {state === "creator" ? (
            <>
              <PriceLine resource={resource} size="md" />
              <p className="text-sm text-muted">{t("resource.yoursHint")}</p>
            </>
          ) : null}
        </div>
      ) : (
        <PriceLine resource={resource} size="lg" />
      )}

      <div className="hidden flex-col gap-2 md:flex">
        <MainAction {...props} size="lg" />
      </div>
      {state === "paid" ? <SeatsTeaser resource={resource} /> : null}
      {props.download.state.status === "failed" ? (
        // One place for the main download's failure, whichever button (box or phone bar) started it.
        <p role="alert" className="text-sm font-medium text-danger">
          {t(DOWNLOAD_FAILURE_KEYS[props.download.state.reason])}
        </p>
      ) : null}
      {state === "owned" && item?.source === "purchase" && item.saleId && !resource.licensedBy ? (
        <ReceiptButton saleId={item.saleId} block />
      ) : null}
      {state === "creator" ? (
        <LinkButton to="/publishing" variant="secondary" block>
          {t("resource.manage")}
        </LinkButton>
      ) : resource.price > 0 ? (
        <LinkButton to={`${path}/purchase?as=gift`} variant="secondary" block>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor">
            <path
              d="M3 8h14v3H3zM4 11h12v6H4zM10 8v9M10 8C8 4 5 5 6.5 7M10 8c2-4 5-3 3.5-1"
              strokeWidth="1.5"
              strokeLinejoin="round"
            />
          </svg>
          {t("resource.gift")}
        </LinkButton>
      ) : null}

      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          className="flex-1"
          aria-pressed={favorite.isFavorited}
          disabled={favorite.busy}
          onClick={() => void favorite.toggle()}
        >
          <span aria-hidden="true" className={favorite.isFavorited ? "text-sale-strong" : ""}>
            {favorite.isFavorited ? "♥" : "♡"}
          </span>
          {t(favorite.isFavorited ? "resource.favorited" : "resource.favorite")}
        </Button>
        <Button variant="secondary" size="sm" className="flex-1" onClick={onShare}>
          {t("resource.share")}
        </Button>
      </div>

      <p className="flex flex-wrap justify-between gap-x-3 gap-y-1 text-sm text-muted">
        <span>
          {downloads === 1
            ? t("resource.downloadsOne")
            : t("resource.downloads", { count: abbreviateNumber(downloads) })}
        </span>
        {state === "owned" ? (
          <Link to="/profile/purchases" className="font-medium text-ink underline">
            {t("resource.library")}
          </Link>
        ) : null}
      </p>
    </Card>
  );
}

/**
 * The phone's bar: the price (or "You own this") and the main action, always at hand at the bottom of the
 * screen while the resource is read. Sticky rather than fixed, so it takes its own room at the end of the
 * page and never covers the content or the footer.
 */
export function PriceBar(props: PriceBoxProps) {
  const { resource, state } = props;
  const bar = useBottomBarHeight();
  return (
    <div
      ref={bar}
      className="sticky bottom-0 z-20 -mx-4 mt-8 border-t border-line bg-paper/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur md:hidden"
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 shrink-0">
          {state === "owned" || state === "creator" ? (
            <StatusBadge state={state} />
          ) : (
            <Price cents={resource.price} saleCents={resource.sale_price} size="lg" />
          )}
        </div>
        <div className="min-w-0 flex-1">
          <MainAction {...props} size="md" />
        </div>
      </div>
    </div>
  );
}

/**
 * Publishes the bar's height as --bottom-bar on the page while it shows (zero when hidden, from a tablet
 * up), so a toast rises above it instead of covering the Buy button.
 */
function useBottomBarHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    const root = document.documentElement;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      root.style.setProperty("--bottom-bar", `${element.offsetHeight}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--bottom-bar");
    };
  }, []);
  return ref;
}
