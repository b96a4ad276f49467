import { formatAmount } from "@market/domain";
import { Link } from "react-router";
import { type AdminTextKey, useAdminTexts } from "./admin-texts.ts";
import { useExceptionsSummary } from "./use-exceptions.ts";

/** The admin modal's sections (spec 2): users (with e-mail to all), settings, statistics, accounting, exceptions. */
export const ADMIN_SECTIONS: { to: string; label: AdminTextKey; about: AdminTextKey }[] = [
  { to: "/admin/users", label: "admin.section.users", about: "admin.section.users.about" },
  { to: "/admin/email-all", label: "admin.section.emailAll", about: "admin.section.emailAll.about" },
  { to: "/admin/settings", label: "admin.section.settings", about: "admin.section.settings.about" },
  { to: "/admin/statistics", label: "admin.section.statistics", about: "admin.section.statistics.about" },
  { to: "/admin/accounting", label: "admin.section.accounting", about: "admin.section.accounting.about" },
  { to: "/admin/exceptions", label: "admin.section.exceptions", about: "admin.section.exceptions.about" },
];

/** The exception queues (spec 2: exceptions with advertising, payouts, publishing and support). */
export const EXCEPTION_QUEUES = [
  { to: "/admin/exceptions/advertising", label: "exceptions.advertising", count: "advertisements" },
  { to: "/admin/exceptions/publishing", label: "exceptions.publishing", count: "resources" },
  { to: "/admin/exceptions/payouts", label: "exceptions.payouts", count: "payouts" },
  { to: "/admin/exceptions/support", label: "exceptions.support", count: "supportThreads" },
] as const;

/** The section links with what each is for; the exceptions entry lists its queues with their counts. */
/** `onNavigate` lets the admin modal close itself when one of its links is followed. */
export function AdminSections({
  compact = false,
  onNavigate,
}: {
  compact?: boolean;
  onNavigate?: () => void;
}) {
  const t = useAdminTexts();
  const summary = useExceptionsSummary();
  return (
    <ul className={compact ? "flex flex-col gap-2" : "grid gap-4 sm:grid-cols-2"}>
      {ADMIN_SECTIONS.map((section) => (
        <li key={section.to} className="rounded-ui border border-line p-4">
          <Link
            to={section.to}
            onClick={onNavigate}
            className="text-lg font-semibold underline-offset-4 hover:underline"
          >
            {t(section.label)}
          </Link>
          <p className="text-sm text-muted">{t(section.about)}</p>
          {section.to === "/admin/exceptions" ? (
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {EXCEPTION_QUEUES.map((queue) => (
                <li key={queue.to}>
                  <Link to={queue.to} onClick={onNavigate} className="underline-offset-4 hover:underline">
                    {t(queue.label)}
                  </Link>
                  {summary.data ? (
                    <span className="text-muted">
                      {" "}
                      · {t("exceptions.waiting", { count: String(summary.data[queue.count]) })}
                      {queue.count === "payouts" && summary.data.payouts > 0
                        ? ` · ${t("exceptions.payoutTotal", { amount: formatAmount(summary.data.totalEligiblePayouts) })}`
                        : ""}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
