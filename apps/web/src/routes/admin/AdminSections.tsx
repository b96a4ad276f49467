import { type ExceptionsSummary, formatAmount } from "@market/domain";
import { Link } from "react-router";
import { Card } from "../../components/ui/index.ts";
import { type AdminTextKey, type AdminTexts, useAdminTexts } from "./admin-texts.ts";
import { useExceptionsSummary } from "./use-exceptions.ts";

interface AdminTool {
  to: string;
  label: AdminTextKey;
}

/**
 * The admin area's sections (spec 2: users with e-mail to all, settings, statistics, accounting and
 * exceptions), each with what it is for and links to its tools; and the help book, which admins manage too.
 */
export const ADMIN_SECTIONS: {
  to: string;
  label: AdminTextKey;
  about: AdminTextKey;
  tools: AdminTool[];
}[] = [
  {
    to: "/admin/users",
    label: "admin.section.users",
    about: "admin.section.users.about",
    tools: [{ to: "/admin/email-all", label: "admin.section.emailAll" }],
  },
  {
    to: "/admin/settings",
    label: "admin.section.settings",
    about: "admin.section.settings.about",
    tools: [
      { to: "/admin/settings?tab=texts", label: "admin.tool.texts" },
      { to: "/admin/settings?tab=colors", label: "admin.tool.colors" },
      { to: "/admin/settings?tab=images", label: "admin.tool.images" },
      { to: "/admin/settings?tab=changes", label: "admin.tool.changes" },
    ],
  },
  {
    to: "/admin/statistics",
    label: "admin.section.statistics",
    about: "admin.section.statistics.about",
    tools: [],
  },
  {
    to: "/admin/accounting",
    label: "admin.section.accounting",
    about: "admin.section.accounting.about",
    tools: [{ to: "/admin/coupons", label: "admin.tool.coupons" }],
  },
  {
    to: "/admin/exceptions",
    label: "admin.section.exceptions",
    about: "admin.section.exceptions.about",
    tools: [],
  },
  {
    to: "/helpbook/manage",
    label: "admin.section.helpbook",
    about: "admin.section.helpbook.about",
    tools: [],
  },
];

/**
 * The exception queues (spec 2: exceptions with advertising, payouts, publishing and support; issue 21 adds
 * reported reviews).
 */
export const EXCEPTION_QUEUES = [
  { to: "/admin/exceptions/advertising", label: "exceptions.advertising", count: "advertisements" },
  { to: "/admin/exceptions/publishing", label: "exceptions.publishing", count: "resources" },
  { to: "/admin/exceptions/payouts", label: "exceptions.payouts", count: "payouts" },
  { to: "/admin/exceptions/support", label: "exceptions.support", count: "supportThreads" },
  { to: "/admin/exceptions/reviews", label: "exceptions.reviews", count: "reviews" },
  { to: "/admin/exceptions/refunds", label: "exceptions.refunds", count: "refunds" },
] as const;

const link = "underline underline-offset-4 hover:decoration-2";

function QueueLinks({ t, summary }: { t: AdminTexts; summary: ExceptionsSummary | undefined }) {
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {EXCEPTION_QUEUES.map((queue) => (
        <li key={queue.to}>
          <Link to={queue.to} className={`font-medium ${link}`}>
            {t(queue.label)}
          </Link>
          {summary ? (
            <span className="text-muted">
              {" "}
              · {t("exceptions.waiting", { count: String(summary[queue.count]) })}
              {queue.count === "payouts" && summary.payouts > 0
                ? ` · ${t("exceptions.payoutTotal", { amount: formatAmount(summary.totalEligiblePayouts) })}`
                : ""}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The sections as cards: a heading link to the section, what it is for, and its tools or queues. */
export function AdminSections() {
  const t = useAdminTexts();
  const summary = useExceptionsSummary();
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {ADMIN_SECTIONS.map((section) => (
        <li key={section.to} className="flex">
          <Card
            as="section"
            className="flex w-full flex-col gap-2"
            aria-labelledby={`admin-${section.label}`}
          >
            <h2 id={`admin-${section.label}`} className="text-lg font-semibold">
              <Link to={section.to} className={link}>
                {t(section.label)}
              </Link>
            </h2>
            <p className="text-sm text-muted">{t(section.about)}</p>
            {section.tools.length > 0 ? (
              <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {section.tools.map((tool) => (
                  <li key={tool.to}>
                    <Link to={tool.to} className={`font-medium ${link}`}>
                      {t(tool.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
            {section.to === "/admin/exceptions" ? <QueueLinks t={t} summary={summary.data} /> : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
