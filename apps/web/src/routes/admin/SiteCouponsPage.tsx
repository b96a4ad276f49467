import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { Card, ScreenFailure, Skeleton, Toast, useTimedNotice } from "../../components/ui/index.ts";
import { CouponForm } from "../earnings/CouponForm.tsx";
import { CouponTable } from "../earnings/PromotionTables.tsx";
import { usePromotionTexts } from "../earnings/promotions-texts.ts";

/**
 * /admin/coupons: the site-wide coupon codes (issue 22). Any admin makes and ends them; they work on
 * every creator's resources and the platform bears their discount (creators are paid on the full price).
 */
export default function SiteCouponsPage() {
  const t = usePromotionTexts();
  const [notice, showNotice] = useTimedNotice();
  const coupons = useQuery({
    queryKey: ["coupons", "site"],
    queryFn: ({ signal }) => api.call("GET /admin/coupons", { signal }),
  });
  if (coupons.isError)
    return (
      <ScreenFailure
        title={t("promotions.loadFailed")}
        retry={{ label: t("promotions.retry"), onRetry: () => void coupons.refetch() }}
      />
    );
  return (
    <section className="flex max-w-5xl flex-col gap-6">
      <Toast notice={notice} />
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("admin.coupons.title")}</h1>
        <p className="text-muted">{t("promotions.coupons.siteIntro")}</p>
      </header>
      <Card className="flex flex-col gap-4">
        <CouponForm siteWide onDone={(message) => showNotice(message)} />
      </Card>
      <Card as="section" aria-labelledby="site-codes" className="flex flex-col gap-4">
        <h2 id="site-codes" className="text-xl font-bold">
          {t("promotions.coupons.siteList")}
        </h2>
        {!coupons.data ? (
          <Skeleton className="h-24" />
        ) : coupons.data.coupons.length === 0 ? (
          <p className="text-muted">{t("promotions.coupons.siteNone")}</p>
        ) : (
          <CouponTable coupons={coupons.data.coupons} caption={t("promotions.coupons.siteList")} />
        )}
      </Card>
    </section>
  );
}
