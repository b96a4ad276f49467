import { STORE_SALE_LIMITS } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { Button, Card, EmptyState, Skeleton, Toast, useTimedNotice } from "../../components/ui/index.ts";
import { CouponForm } from "./CouponForm.tsx";
import { CouponTable, SalesTable } from "./PromotionTables.tsx";
import { usePromotionTexts } from "./promotions-texts.ts";
import { StoreSaleForm } from "./StoreSaleForm.tsx";

export const salesQuery = {
  queryKey: ["sales", "self"],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call("GET /sales/self", { signal }),
};
export const couponsQuery = {
  queryKey: ["coupons", "self"],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call("GET /coupons/self", { signal }),
};

/**
 * /earnings/promotions, "Sales & coupons" (issue 22): a creator starts and ends store-wide sales and
 * makes and ends coupon codes, each with the list of what they have and its state.
 */
export function PromotionsSection() {
  const t = usePromotionTexts();
  const sales = useQuery(salesQuery);
  const coupons = useQuery(couponsQuery);
  const [notice, showNotice] = useTimedNotice();
  const limits = {
    min: String(STORE_SALE_LIMITS.minPercent),
    max: String(STORE_SALE_LIMITS.maxPercent),
    days: String(STORE_SALE_LIMITS.maxDaysAhead),
  };

  if (sales.isError || coupons.isError)
    return (
      <EmptyState
        tone="error"
        title={t("promotions.loadFailed")}
        action={
          <Button
            variant="secondary"
            onClick={() => {
              void sales.refetch();
              void coupons.refetch();
            }}
          >
            {t("promotions.retry")}
          </Button>
        }
      />
    );

  return (
    <div className="flex flex-col gap-8">
      <Toast notice={notice} />
      <Card as="section" aria-labelledby="promotions-sales" className="flex flex-col gap-4">
        <header className="flex flex-col gap-1">
          <h2 id="promotions-sales" className="text-xl font-bold">
            {t("promotions.sales.title")}
          </h2>
          <p className="text-muted">{t("promotions.sales.intro", limits)}</p>
        </header>
        <StoreSaleForm onDone={(message) => showNotice(message)} />
        <h3 className="font-semibold">{t("promotions.sales.list")}</h3>
        {!sales.data ? (
          <Skeleton className="h-24" />
        ) : sales.data.sales.length === 0 ? (
          <p className="text-muted">{t("promotions.sales.none")}</p>
        ) : (
          <SalesTable sales={sales.data.sales} />
        )}
      </Card>
      <Card as="section" aria-labelledby="promotions-coupons" className="flex flex-col gap-4">
        <header className="flex flex-col gap-1">
          <h2 id="promotions-coupons" className="text-xl font-bold">
            {t("promotions.coupons.title")}
          </h2>
          <p className="text-muted">{t("promotions.coupons.intro")}</p>
        </header>
        <CouponForm onDone={(message) => showNotice(message)} />
        <h3 className="font-semibold">{t("promotions.coupons.list")}</h3>
        {!coupons.data ? (
          <Skeleton className="h-24" />
        ) : coupons.data.coupons.length === 0 ? (
          <p className="text-muted">{t("promotions.coupons.none")}</p>
        ) : (
          <>
            <CouponTable coupons={coupons.data.coupons} caption={t("promotions.coupons.list")} />
            <p className="text-sm text-muted">
              {t("promotions.coupons.share", {
                code:
                  (coupons.data.coupons.find((c) => c.allResources) ?? coupons.data.coupons[0])?.code ?? "",
              })}
            </p>
          </>
        )}
      </Card>
    </div>
  );
}
