import { formatAmount } from "@market/domain";
import { LinkButton } from "../../components/ui/index.ts";
import { EXCEPTION_QUEUES } from "./AdminSections.tsx";
import { useAdminTexts } from "./admin-texts.ts";
import { useExceptionsSummary } from "./use-exceptions.ts";

/** /admin/exceptions: the queues together, each with what waits in it and a link to work it. */
export default function ExceptionsPage() {
  const t = useAdminTexts();
  const summary = useExceptionsSummary();
  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("exceptions.title")}</h1>
        <p className="text-muted">{t("exceptions.intro")}</p>
      </header>
      {summary.isError ? (
        <p role="alert">
          {t("exceptions.loadFailed")}{" "}
          <button type="button" className="underline" onClick={() => void summary.refetch()}>
            {t("common.retry")}
          </button>
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2">
        {EXCEPTION_QUEUES.map((queue) => {
          const count = summary.data?.[queue.count];
          return (
            <li key={queue.to} className="flex flex-col gap-2 rounded-ui border border-line p-4">
              <h2 className="text-lg font-semibold">{t(queue.label)}</h2>
              <p className="text-3xl font-bold" aria-live="polite" aria-busy={count === undefined}>
                {count === undefined ? (
                  <span
                    className="inline-block h-8 w-12 animate-pulse rounded-ui bg-wash"
                    aria-hidden="true"
                  />
                ) : (
                  t("exceptions.waiting", { count: String(count) })
                )}
              </p>
              {queue.count === "payouts" && summary.data ? (
                <p className="text-sm text-muted">
                  {t("exceptions.payoutTotal", { amount: formatAmount(summary.data.totalEligiblePayouts) })}
                </p>
              ) : null}
              <LinkButton variant="primary" className="self-start" to={queue.to}>
                {t("exceptions.open")}
                <span className="sr-only"> {t(queue.label)}</span>
              </LinkButton>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
