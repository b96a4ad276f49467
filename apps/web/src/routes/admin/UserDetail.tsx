import {
  type AdminUserPatch,
  checkConsoleUserChange,
  formatAmount,
  formatMoney,
  PERMISSION_FLAGS,
  type PermissionFlag,
} from "@market/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { api } from "../../api/client.ts";
import { Button } from "../../components/ui/index.ts";
import { useSession } from "../../state/session.ts";
import { errorMessage, useAdminTexts } from "./admin-texts.ts";
import { useUsersTexts } from "./users-texts.ts";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-2 rounded-ui border border-line p-4">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/**
 * One account in the console: its standing, role, permission flags and verification, and what it publishes,
 * advertises, sells and tips. Buttons the rules of checkConsoleUserChange would refuse are not offered; the
 * server decides anyway.
 */
export function UserDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const t = useUsersTexts();
  const a = useAdminTexts();
  const session = useSession();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const key = ["admin", "user", id];
  const detail = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call("GET /admin/users/:id", { params: { id }, signal }),
  });
  const [flags, setFlags] = useState<Record<PermissionFlag, boolean> | null>(null);
  useEffect(() => {
    if (detail.data) setFlags(detail.data.user.permissions as Record<PermissionFlag, boolean>);
  }, [detail.data]);

  const change = useMutation({
    mutationFn: (patch: AdminUserPatch) =>
      api.call("PATCH /admin/users/:id", { params: { id }, body: patch }),
    onSuccess: (updated) => {
      queryClient.setQueryData(key, updated);
      void queryClient.invalidateQueries({ queryKey: ["admin", "users"], exact: false });
      setMessage(t("user.changed"));
    },
    onError: (error) => setMessage(a("common.failed", { message: errorMessage(error) })),
  });
  const resend = useMutation({
    mutationFn: () => api.call("POST /admin/users/:id/verification-email", { params: { id } }),
    onSuccess: () => setMessage(t("user.resent", { email: detail.data?.user.email ?? "" })),
    onError: (error) => setMessage(a("common.failed", { message: errorMessage(error) })),
  });

  if (detail.isPending) return <p aria-busy="true">{a("common.loading")}</p>;
  if (detail.isError) {
    return (
      <section className="flex flex-col gap-4">
        <p role="alert">{errorMessage(detail.error)}</p>
        <Button variant="secondary" size="sm" className="self-start" onClick={onBack}>
          {t("user.back")}
        </Button>
      </section>
    );
  }
  const { user, counts } = detail.data;
  const actor = { id: session?.user?.id ?? "", isMaster: session?.user?.is_master_account ?? false };
  const target = { id: user.id, role: user.role, isMaster: user.is_master_account };
  const may = (patch: AdminUserPatch) => checkConsoleUserChange(actor, target, patch) === null;
  const busy = change.isPending;

  return (
    <section className="flex flex-col gap-6">
      <Button variant="secondary" size="sm" className="self-start" onClick={onBack}>
        {t("user.back")}
      </Button>
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">
          {user.first_name} {user.last_name}
        </h1>
        <p className="text-muted">
          <Link to={`/profile/@${encodeURIComponent(user.username)}`} className="underline">
            @{user.username}
          </Link>{" "}
          · {user.email} · {t("users.joined", { date: user.created_at.slice(0, 10) })}
        </p>
      </header>
      {message ? (
        <p role="status" className="rounded-ui border border-line bg-wash px-3 py-2">
          {message}
        </p>
      ) : null}

      <div className="grid gap-4 md:grid-cols-2">
        <Section title={t("user.standing")}>
          <p>{user.is_deactivated ? t("user.deactivated") : t("user.active")}</p>
          {user.is_deactivated && !user.deactivated_by_admin ? (
            <p className="text-sm text-muted">{t("user.deactivatedByUser")}</p>
          ) : null}
          {user.is_deactivated ? (
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              disabled={busy || !may({ is_deactivated: false })}
              onClick={() => change.mutate({ is_deactivated: false })}
            >
              {t("user.reactivate")}
            </Button>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              disabled={busy || !may({ is_deactivated: true })}
              onClick={() => {
                if (window.confirm(t("user.confirmDeactivate", { username: user.username })))
                  change.mutate({ is_deactivated: true });
              }}
            >
              {t("user.deactivate")}
            </Button>
          )}
        </Section>

        <Section title={t("user.role")}>
          <p>
            {user.is_master_account
              ? t("users.badge.master")
              : user.role === "admin"
                ? t("users.badge.admin")
                : t("users.badge.user")}
          </p>
          {user.role === "admin" ? (
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              disabled={busy || !may({ role: "user" })}
              onClick={() => change.mutate({ role: "user" })}
            >
              {t("user.revokeAdmin")}
            </Button>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              disabled={busy || !may({ role: "admin" })}
              onClick={() => change.mutate({ role: "admin" })}
            >
              {t("user.makeAdmin")}
            </Button>
          )}
        </Section>

        <Section title={t("user.permissions")}>
          <fieldset className="flex flex-col gap-1" disabled={busy || !may({ permissions: {} })}>
            <legend className="sr-only">{t("user.permissions")}</legend>
            {PERMISSION_FLAGS.map((flag) => (
              <label key={flag} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={flags?.[flag] ?? false}
                  onChange={(event) =>
                    setFlags((prev) => (prev ? { ...prev, [flag]: event.target.checked } : prev))
                  }
                />
                {t(`user.perm.${flag}`)}
              </label>
            ))}
          </fieldset>
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            disabled={busy || !flags || !may({ permissions: {} })}
            onClick={() => flags && change.mutate({ permissions: flags })}
          >
            {t("user.permissionsSave")}
          </Button>
        </Section>

        <Section title={t("user.verification")}>
          <p>{user.email_verified ? t("user.verified") : t("user.unverified")}</p>
          {user.email_verified ? null : (
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              disabled={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {t("user.resend")}
            </Button>
          )}
        </Section>
      </div>

      <Section title={t("user.resources", { count: String(counts.resources) })}>
        {detail.data.resources.length === 0 ? <p className="text-muted">{t("user.nothing")}</p> : null}
        <ul className="flex flex-col gap-1">
          {detail.data.resources.map((r) => (
            <li key={r.id} className="flex flex-wrap gap-2">
              <Link to={`/resources/${encodeURIComponent(r.name)}`} className="underline">
                {r.title}
              </Link>
              <span className="text-sm text-muted">
                {r.approval_status} · {r.status} · {formatMoney(r.price)}
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t("user.ads", { count: String(counts.ads) })}>
        {detail.data.ads.length === 0 ? <p className="text-muted">{t("user.nothing")}</p> : null}
        <ul className="flex flex-col gap-1">
          {detail.data.ads.map((ad) => (
            <li key={ad.id} className="flex flex-wrap gap-2">
              <Link to={`/advertising/${ad.id}`} className="underline">
                {ad.title ?? t("user.adUntitled", { type: String(ad.ad_type) })}
              </Link>
              <span className="text-sm text-muted">
                {t("user.adType", { type: String(ad.ad_type) })} · {ad.approval_status}
                {ad.running_status ? ` · ${ad.running_status}` : ""} ·{" "}
                {t("user.adSpend", {
                  amount: formatAmount(ad.spend_per_day),
                  days: String(ad.run_days_total),
                })}
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title={t("user.sales", { count: String(counts.sales), amount: formatAmount(counts.salesCents) })}
      >
        <p className="text-sm text-muted">{t("user.purchases", { count: String(counts.purchases) })}</p>
        {detail.data.sales.length === 0 ? <p className="text-muted">{t("user.nothing")}</p> : null}
        <ul className="flex flex-col gap-1">
          {detail.data.sales.map((sale) => (
            <li key={sale.id}>
              {sale.created_at.slice(0, 10)} · {sale.resourceTitle} ·{" "}
              {t("user.saleTo", { username: sale.buyerUsername })} · {formatAmount(sale.amount)}
              {sale.isGift ? ` · ${t("user.gift")}` : ""}
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title={t("user.tips", {
          received: String(counts.tipsReceived),
          amount: formatAmount(counts.tipsReceivedCents),
          sent: String(counts.tipsSent),
        })}
      >
        {detail.data.tips.length === 0 ? <p className="text-muted">{t("user.nothing")}</p> : null}
        <ul className="flex flex-col gap-1">
          {detail.data.tips.map((tip) => (
            <li key={tip.id}>
              {tip.created_at.slice(0, 10)} ·{" "}
              {tip.direction === "received"
                ? t("user.tipReceived", { username: tip.otherUsername })
                : t("user.tipSent", { username: tip.otherUsername })}{" "}
              · {formatAmount(tip.amount)}
            </li>
          ))}
        </ul>
      </Section>
    </section>
  );
}
