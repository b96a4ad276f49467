import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { Button, Toast, useTimedNotice } from "../../components/ui/index.ts";
import { RefundRequestRow } from "../refunds/RefundRequestRow.tsx";
import { useRefundTexts } from "../refunds/refund-texts.ts";

/**
 * Refund requests for the creator's sales that wait for them (issue 22), above their earnings: nothing
 * when none wait, so the page is unchanged for most creators most days.
 */
export function RefundRequestsPanel() {
  const t = useRefundTexts();
  const [notice, show] = useTimedNotice();
  const requests = useQuery({
    queryKey: ["refunds", "creator"],
    queryFn: ({ signal }) => api.call("GET /earnings/self/refund-requests", { signal }),
  });
  if (requests.isError)
    return (
      <p role="alert" className="text-sm">
        {t("requests.loadFailed")}{" "}
        <Button variant="ghost" size="sm" onClick={() => void requests.refetch()}>
          {t("requests.retry")}
        </Button>
      </p>
    );
  const refunds = requests.data?.refunds ?? [];
  return (
    <>
      {refunds.length > 0 ? (
        <section
          aria-labelledby="refund-requests"
          className="flex flex-col gap-2 rounded-ui border-2 border-ink p-4"
        >
          <h2 id="refund-requests" className="text-lg font-semibold">
            {t("requests.title")}
          </h2>
          <p className="text-sm text-muted">{t("requests.intro")}</p>
          <ul className="divide-y divide-line">
            {refunds.map((refund) => (
              <RefundRequestRow
                key={refund.id}
                refund={refund}
                onDecided={(message) => show(message)}
                onFailed={(message) => show(message, "error")}
              />
            ))}
          </ul>
        </section>
      ) : null}
      <Toast notice={notice} />
    </>
  );
}
