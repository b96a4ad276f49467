import { formatMoney } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { api } from "../../api/client.ts";
import { formatIsoDate } from "../../components/format.ts";
import { Pagination } from "../../components/Pagination.tsx";
import { LinkButton } from "../../components/ui/index.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { TipModal } from "./TipModal.tsx";

/** /profile/tip-summary and /resources/{id}/leave-tip/summary: the tips the user sent, newest first. */
export default function TipSummaryPage() {
  const t = useCheckoutTexts();
  const [search] = useSearchParams();
  const page = Math.max(1, Number(search.get("page")) || 1);
  const sent = useQuery({
    queryKey: ["transactions", "tips", "sent", page],
    queryFn: ({ signal }) => api.call("GET /transactions/tips/sent", { query: { page }, signal }),
  });

  let body: React.ReactNode;
  if (sent.isError) body = <p role="alert">{t("tipSummary.failed")}</p>;
  else if (!sent.data)
    body = (
      <div role="status" aria-label={t("tipSummary.loading")} className="flex flex-col gap-2">
        {[0, 1, 2].map((n) => (
          <div key={n} className="h-10 animate-pulse rounded-ui bg-wash" />
        ))}
      </div>
    );
  else if (sent.data.count === 0)
    body = (
      <div className="flex flex-col items-start gap-3">
        <p>{t("tipSummary.none")}</p>
        <LinkButton variant="primary" to="/first-tip">
          {t("tipSummary.how")}
        </LinkButton>
      </div>
    );
  else
    body = (
      <div className="flex flex-col gap-4">
        <p className="font-semibold">
          {t("tipSummary.totals", {
            count: String(sent.data.count),
            amount: formatMoney(sent.data.totalAmount),
          })}
        </p>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-line">
              <th className="py-2">{t("tipSummary.date")}</th>
              <th className="py-2">{t("tipSummary.creator")}</th>
              <th className="py-2 text-right">{t("tipSummary.amount")}</th>
              <th className="py-2">{t("tipSummary.note")}</th>
            </tr>
          </thead>
          <tbody>
            {sent.data.tips.map((tip) => (
              <tr key={tip.tipId} className="border-b border-line align-top">
                <td className="py-2 whitespace-nowrap">{formatIsoDate(tip.created_at)}</td>
                <td className="py-2">
                  <Link to={`/profile/@${encodeURIComponent(tip.recipient.username)}`} className="underline">
                    {tip.recipient.first_name}
                  </Link>
                </td>
                <td className="py-2 text-right">{formatMoney(tip.amount)}</td>
                <td className="py-2 break-words">{tip.tipNote ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pagination page={page} total={sent.data.count} pageSize={sent.data.pageSize} />
      </div>
    );

  return <TipModal title={t("tipSummary.title")}>{body}</TipModal>;
}
