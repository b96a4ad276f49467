import { type Coupon, dayInZone, formatMoney, type StoreSale } from "@market/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { formatIsoDate } from "../../components/format.ts";
import { Badge, type BadgeTone, Button, type Column, TableHead } from "../../components/ui/index.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { scopeLabel } from "./PromotionScope.tsx";
import { type PromotionTexts, usePromotionTexts } from "./promotions-texts.ts";

const TONE: Record<StoreSale["state"] | Coupon["state"], BadgeTone> = {
  running: "success",
  active: "success",
  scheduled: "info",
  ended: "neutral",
  expired: "neutral",
  used_up: "warning",
};

function StateBadge({ t, state }: { t: PromotionTexts; state: StoreSale["state"] | Coupon["state"] }) {
  return <Badge tone={TONE[state]}>{t(`promotions.state.${state}`)}</Badge>;
}

const CELL = "py-2 pr-3 align-top";

/** The creator's sales: discount, days, resources, state, and End for those not over. */
export function SalesTable({ sales }: { sales: StoreSale[] }) {
  const t = usePromotionTexts();
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: (id: string) => api.call("DELETE /sales/:id", { params: { id } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ["sales"] });
      void queryClient.invalidateQueries({ queryKey: ["resources"] });
    },
  });
  const columns: Column[] = [
    { key: "discount", label: t("promotions.col.discount") },
    { key: "dates", label: t("promotions.col.dates") },
    { key: "resources", label: t("promotions.col.resources") },
    { key: "state", label: t("promotions.col.state") },
    { key: "actions", label: <span className="sr-only">{t("promotions.col.actions")}</span> },
  ];
  const endButton = (sale: StoreSale) =>
    sale.state === "ended" ? null : (
      <Button
        size="xs"
        variant="secondary"
        busy={end.isPending && end.variables === sale.id}
        onClick={() => {
          if (window.confirm(t("promotions.sales.endConfirm", { percent: String(sale.percentOff) })))
            end.mutate(sale.id);
        }}
      >
        {t(sale.state === "scheduled" ? "promotions.sales.cancel" : "promotions.sales.end")}
      </Button>
    );
  const dates = (sale: StoreSale) =>
    sale.startsOn === sale.endsOn
      ? t("promotions.sales.oneDay", { day: formatIsoDate(sale.startsOn) })
      : t("promotions.sales.dates", { from: formatIsoDate(sale.startsOn), to: formatIsoDate(sale.endsOn) });
  return (
    <>
      <ul className="flex flex-col divide-y divide-line sm:hidden" aria-label={t("promotions.sales.list")}>
        {sales.map((sale) => (
          <li key={sale.id} className="flex items-start justify-between gap-3 py-3">
            <div className="flex min-w-0 flex-col gap-1 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{`${sale.percentOff}%`}</span>
                <StateBadge t={t} state={sale.state} />
              </p>
              <p>{dates(sale)}</p>
              <p className="text-muted">{scopeLabel(t, sale)}</p>
            </div>
            {endButton(sale)}
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">{t("promotions.sales.list")}</caption>
        <TableHead columns={columns} pad="pb-2" gap="pr-3" className="border-b border-line text-muted" />
        <tbody>
          {sales.map((sale) => (
            <tr key={sale.id} className="border-b border-line last:border-0">
              <td className={`${CELL} font-semibold tabular-nums`}>{`${sale.percentOff}%`}</td>
              <td className={CELL}>{dates(sale)}</td>
              <td className={CELL} title={sale.resources.map((r) => r.title).join(", ") || undefined}>
                {scopeLabel(t, sale)}
              </td>
              <td className={CELL}>
                <StateBadge t={t} state={sale.state} />
              </td>
              <td className="py-2 text-right align-top">{endButton(sale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** A code's last working day on the site's calendar (it expires at the start of the next, or at its hour). */
function lastDayOf(expiresAt: string, timeZone: string) {
  return dayInZone(new Date(Date.parse(expiresAt) - 1), timeZone);
}

/** "20% off", "$2.00 off". */
export function discountLabel(t: PromotionTexts, coupon: Pick<Coupon, "percentOff" | "amountOffCents">) {
  const value =
    coupon.percentOff !== null ? `${coupon.percentOff}%` : formatMoney(coupon.amountOffCents ?? 0);
  return t("promotions.coupons.off", { value });
}

/** Codes with their discount, scope, uses against the limit, expiry and state; End for usable ones. */
export function CouponTable({ coupons, caption }: { coupons: Coupon[]; caption: string }) {
  const t = usePromotionTexts();
  const queryClient = useQueryClient();
  const { timeZone } = useSiteSettings();
  const end = useMutation({
    mutationFn: (id: string) => api.call("DELETE /coupons/:id", { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["coupons"] }),
  });
  const columns: Column[] = [
    { key: "code", label: t("promotions.col.code") },
    { key: "discount", label: t("promotions.col.discount") },
    { key: "resources", label: t("promotions.col.resources") },
    { key: "uses", label: t("promotions.col.uses"), numeric: true },
    { key: "expires", label: t("promotions.col.lastDay") },
    { key: "state", label: t("promotions.col.state") },
    { key: "actions", label: <span className="sr-only">{t("promotions.col.actions")}</span> },
  ];
  const endButton = (coupon: Coupon) =>
    coupon.state === "active" ? (
      <Button
        size="xs"
        variant="secondary"
        busy={end.isPending && end.variables === coupon.id}
        onClick={() => {
          if (window.confirm(t("promotions.coupons.endConfirm", { code: coupon.code })))
            end.mutate(coupon.id);
        }}
      >
        {t("promotions.coupons.end")}
      </Button>
    ) : null;
  const uses = (coupon: Coupon) =>
    t("promotions.coupons.uses", { uses: String(coupon.uses), max: String(coupon.maxUses) });
  const lastDay = (coupon: Coupon) => formatIsoDate(lastDayOf(coupon.expiresAt, timeZone));
  return (
    <>
      <ul className="flex flex-col divide-y divide-line sm:hidden" aria-label={caption}>
        {coupons.map((coupon) => (
          <li key={coupon.id} className="flex items-start justify-between gap-3 py-3">
            <div className="flex min-w-0 flex-col gap-1 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-mono font-semibold">{coupon.code}</span>
                <StateBadge t={t} state={coupon.state} />
              </p>
              <p>
                {discountLabel(t, coupon)} · {scopeLabel(t, coupon)}
              </p>
              <p className="text-muted">
                {t("promotions.coupons.usedOf", { uses: uses(coupon) })} ·{" "}
                {t("promotions.coupons.until", { date: lastDay(coupon) })}
              </p>
            </div>
            {endButton(coupon)}
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} pad="pb-2" gap="pr-3" className="border-b border-line text-muted" />
        <tbody>
          {coupons.map((coupon) => (
            <tr key={coupon.id} className="border-b border-line last:border-0">
              <td className={`${CELL} font-mono font-semibold`}>{coupon.code}</td>
              <td className={CELL}>{discountLabel(t, coupon)}</td>
              <td className={CELL} title={coupon.resources.map((r) => r.title).join(", ") || undefined}>
                {scopeLabel(t, coupon)}
              </td>
              <td className={`${CELL} text-right tabular-nums`}>{uses(coupon)}</td>
              <td className={CELL}>{lastDay(coupon)}</td>
              <td className={CELL}>
                <StateBadge t={t} state={coupon.state} />
              </td>
              <td className="py-2 text-right align-top">{endButton(coupon)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
