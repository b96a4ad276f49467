import { colleagueSeats, formatMoney, type SaleDetail } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { Card, LinkButton, LoadingPlaceholder, ScreenFailure, Skeleton } from "../../components/ui/index.ts";
import { useSession } from "../../state/session.ts";
import { DownloadButton } from "../resources/DownloadButton.tsx";
import { formatDay, libraryEntryQuery } from "../resources/resource-query.ts";
import { useFileDownload } from "../resources/use-download.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { PdfReceiptButton } from "./DocumentButton.tsx";
import { BoughtItem, Facts, GiftLink } from "./purchase-parts.tsx";
import { ReceiptButton } from "./ReceiptButton.tsx";
import { RefundRequest, saleRefundQuery } from "./RefundRequest.tsx";

/**
 * /resources/{id}/purchase/completed?sale={saleId}: what was bought, for how much and when, the receipt,
 * the download (or, for a gift, the link to send). Everything comes from the server, so a reload, or the
 * link in the receipt e-mail, shows the same page. Without ?sale, the viewer's purchase of the resource.
 */
export default function PurchaseCompletedPage() {
  const t = useCheckoutTexts();
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  const session = useSession();
  const given = search.get("sale");
  const entry = useQuery({
    ...libraryEntryQuery(session?.claims.sub ?? "", id),
    enabled: !given && session !== null,
  });
  const saleId = given ?? entry.data?.item?.saleId ?? null;
  const sale = useQuery({
    queryKey: ["sales", session?.claims.sub ?? "", saleId],
    queryFn: ({ signal }) =>
      api.call("GET /transactions/sales/:saleId", { params: { saleId: saleId ?? "" }, signal }),
    enabled: saleId !== null,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

  const missing =
    (sale.error instanceof ApiError && sale.error.status === 404) || (entry.isSuccess && !saleId);
  if (missing || sale.isError || entry.isError)
    return (
      <ScreenFailure
        title={t(missing ? "completed.notFound" : "completed.loadFailed")}
        retry={{
          label: t("completed.retry"),
          onRetry: () => void (saleId ? sale.refetch() : entry.refetch()),
        }}
        leave={missing ? { label: t("completed.library"), to: "/profile/purchases" } : undefined}
      />
    );
  if (!sale.data)
    return (
      <LoadingPlaceholder
        label={t("completed.loading")}
        className="mx-auto flex max-w-2xl flex-col gap-4 py-2"
      >
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-48 rounded-card" />
      </LoadingPlaceholder>
    );
  return sale.data.gift ? (
    <GiftDone sale={sale.data} uri={sale.data.gift.uri} />
  ) : (
    <PurchaseDone sale={sale.data} />
  );
}

function SuccessMark() {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-12 items-center justify-center rounded-full bg-success text-success-text"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor">
        <path d="M5 12.5l4.5 4.5L19 7.5" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

function ReceiptNote({ email }: { email: string }) {
  const t = useCheckoutTexts();
  return (
    <p className="flex items-center gap-2 text-sm text-muted">
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-5 shrink-0"
        fill="none"
        stroke="currentColor"
      >
        <rect x="2.5" y="4.5" width="15" height="11" rx="1.5" strokeWidth="1.5" />
        <path d="M3 5.5l7 5.5 7-5.5" strokeWidth="1.5" strokeLinejoin="round" />
      </svg>
      <span>{t("completed.receiptOnItsWay", { email })}</span>
    </p>
  );
}

/** "you and 2 colleagues": the seats of a purchase for colleagues (issue 23). */
function colleaguesText(t: ReturnType<typeof useCheckoutTexts>, seats: number): string {
  const colleagues = colleagueSeats(seats);
  return colleagues === 1
    ? t("completed.colleagueOne")
    : t("completed.colleagueMany", { count: String(colleagues) });
}

function factsOf(t: ReturnType<typeof useCheckoutTexts>, sale: SaleDetail): [string, string][] {
  const { seats } = sale.sale;
  return [
    [t("completed.amount"), formatMoney(sale.sale.amount)],
    ...(seats > 1
      ? ([
          [
            t("completed.seats"),
            t("completed.seatsValue", { count: String(seats), colleagues: colleaguesText(t, seats) }),
          ],
        ] as [string, string][])
      : []),
    [t("completed.date"), formatDay(sale.sale.created_at)],
    ...(sale.paidWith ? ([[t("completed.paidWith"), sale.paidWith]] as [string, string][]) : []),
  ];
}

function PurchaseDone({ sale }: { sale: SaleDetail }) {
  const t = useCheckoutTexts();
  const { resource } = sale;
  const file = sale.file ?? { id: "", name: "" };
  const download = useFileDownload({ resource, file });
  // A refunded purchase no longer downloads (issue 22): its state shows instead, below. A refund of a
  // licence's free seats (issue 23) leaves the purchase, and its download, to the buyer.
  const refund = useQuery(saleRefundQuery(sale.sale.saleId)).data?.refund;
  const refunded = refund?.status === "refunded" && refund.seats === null;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 py-2">
      <header className="flex flex-col items-start gap-3">
        <SuccessMark />
        <h1 className="text-2xl font-bold sm:text-3xl">{t("completed.title")}</h1>
        <p className="text-muted">
          {t(refunded ? "completed.refundedBody" : "completed.body", { title: resource.title })}
        </p>
      </header>
      <Card className="flex flex-col gap-5">
        <BoughtItem resource={resource} by={t("purchase.by", { name: resource.creator.first_name })}>
          <div className="mt-2">
            <Facts rows={factsOf(t, sale)} />
          </div>
        </BoughtItem>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          {sale.file && !refunded ? (
            <div className="sm:min-w-56">
              <DownloadButton
                download={download}
                fileName={file.name}
                label={t("completed.download")}
                size="lg"
                block
              />
            </div>
          ) : null}
          <ReceiptButton saleId={sale.sale.saleId} size="lg" />
        </div>
        <PdfReceiptButton saleId={sale.sale.saleId} />
        <ReceiptNote email={sale.receiptEmail} />
        <RefundRequest saleId={sale.sale.saleId} title={resource.title} />
      </Card>
      {sale.sale.seats > 1 && !refunded ? <GiveSeats seats={sale.sale.seats} /> : null}
      <nav className="flex flex-wrap gap-3">
        <LinkButton to={`/resources/${encodeURIComponent(resource.name)}`} variant="secondary">
          {t("completed.viewResource")}
        </LinkButton>
        <LinkButton to="/profile/purchases" variant="ghost">
          {t("completed.library")}
        </LinkButton>
      </nav>
    </section>
  );
}

/** After a purchase for colleagues (issue 23): the next step, giving them their seats. */
function GiveSeats({ seats }: { seats: number }) {
  const t = useCheckoutTexts();
  const colleagues = colleagueSeats(seats);
  return (
    <div className="flex flex-col items-start gap-3 rounded-card border border-info bg-info/30 p-4">
      <p>{t("completed.giveSeatsBody")}</p>
      <LinkButton to="/profile/licences" variant="primary">
        {colleagues === 1
          ? t("completed.giveSeatsOne")
          : t("completed.giveSeatsMany", { count: String(colleagues) })}
      </LinkButton>
    </div>
  );
}

function GiftDone({ sale, uri }: { sale: SaleDetail; uri: string }) {
  const t = useCheckoutTexts();
  const { resource } = sale;
  const claimedAt = sale.gift?.claimedAt ?? null;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 py-2">
      <header className="flex flex-col items-start gap-3">
        <SuccessMark />
        <h1 className="text-2xl font-bold sm:text-3xl">{t("completed.giftTitle")}</h1>
        <p className="text-lg">{t("completed.giftBody", { title: resource.title })}</p>
      </header>
      <Card className="flex flex-col gap-4">
        <GiftLink uri={uri} title={resource.title} />
        <p className="text-sm">
          <span className="font-medium">{t("completed.giftStatus")}: </span>
          {claimedAt ? t("completed.giftClaimed", { date: formatDay(claimedAt) }) : t("completed.giftOpen")}
        </p>
      </Card>
      <Card className="flex flex-col gap-4">
        <BoughtItem resource={resource} by={t("purchase.by", { name: resource.creator.first_name })}>
          <div className="mt-2">
            <Facts rows={factsOf(t, sale)} />
          </div>
        </BoughtItem>
        <div className="flex flex-wrap items-center gap-3">
          <ReceiptButton saleId={sale.sale.saleId} />
          <PdfReceiptButton saleId={sale.sale.saleId} />
        </div>
        <ReceiptNote email={sale.receiptEmail} />
        <RefundRequest saleId={sale.sale.saleId} title={resource.title} />
      </Card>
    </section>
  );
}
