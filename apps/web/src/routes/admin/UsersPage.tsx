import { ADMIN_USER_FILTERS, type AdminUserRow } from "@market/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { api } from "../../api/client.ts";
import { Button, LinkButton, SelectField, TextField } from "../../components/ui/index.ts";
import { useAdminTexts } from "./admin-texts.ts";
import { PagerButtons } from "./PagerButtons.tsx";
import { UserDetail } from "./UserDetail.tsx";
import { useUsersTexts } from "./users-texts.ts";

const PAGE_SIZE = 25;

function Badges({ user }: { user: AdminUserRow }) {
  const t = useUsersTexts();
  const badge = "rounded-ui border border-line px-2 py-0.5 text-xs";
  return (
    <span className="flex flex-wrap gap-1">
      {user.is_master_account ? <span className={badge}>{t("users.badge.master")}</span> : null}
      {user.role === "admin" ? <span className={badge}>{t("users.badge.admin")}</span> : null}
      {user.is_deactivated ? (
        <span className={`${badge} font-semibold`}>{t("users.badge.deactivated")}</span>
      ) : null}
      {user.email_verified ? null : <span className={badge}>{t("users.badge.unverified")}</span>}
    </span>
  );
}

/**
 * /admin/users: search by name, username or e-mail (every word must match), a page at a time; the query,
 * filter, page and the opened account live in the URL, so Back and a shared link return to the same view.
 */
export default function UsersPage() {
  const t = useUsersTexts();
  const a = useAdminTexts();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const filter = (ADMIN_USER_FILTERS as readonly string[]).includes(params.get("filter") ?? "")
    ? (params.get("filter") as (typeof ADMIN_USER_FILTERS)[number])
    : "all";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const opened = params.get("user");
  const [draft, setDraft] = useState(q);

  const list = useQuery({
    queryKey: ["admin", "users", q, filter, page],
    queryFn: ({ signal }) =>
      api.call("GET /admin/users", { query: { q, filter, page, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

  const update = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === "") merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim(), page: null, user: null });
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  if (opened) {
    return <UserDetail id={opened} onBack={() => update({ user: null })} />;
  }

  return (
    <section className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("users.title")}</h1>
          <p className="text-muted">{t("users.intro")}</p>
        </div>
        <LinkButton variant="secondary" to="/admin/email-all">
          {t("users.emailAll")}
        </LinkButton>
      </header>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not yet known to every browser we support (nor jsdom) */}
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <TextField
          id={`${id}-q`}
          label={t("users.search")}
          type="search"
          value={draft}
          maxLength={100}
          onChange={(event) => setDraft(event.target.value)}
          className="min-w-64 flex-1"
        />
        <SelectField
          id={`${id}-filter`}
          label={t("users.filter")}
          value={filter}
          onChange={(event) =>
            update({ filter: event.target.value === "all" ? null : event.target.value, page: null })
          }
        >
          {ADMIN_USER_FILTERS.map((f) => (
            <option key={f} value={f}>
              {t(`users.filter.${f}`)}
            </option>
          ))}
        </SelectField>
        <Button variant="primary" type="submit">
          {t("users.searchButton")}
        </Button>
      </form>

      {list.isError ? (
        <p role="alert">
          {t("users.loadFailed")}{" "}
          <button type="button" className="underline" onClick={() => void list.refetch()}>
            {a("common.retry")}
          </button>
        </p>
      ) : null}
      {list.isPending ? <p aria-busy="true">{a("common.loading")}</p> : null}
      {list.data ? (
        <>
          <p aria-live="polite" className="text-sm text-muted">
            {list.data.total === 1
              ? t("users.results.one")
              : t("users.results", { total: list.data.total.toLocaleString("en-US") })}
          </p>
          {list.data.users.length === 0 ? (
            <p>{t("users.none")}</p>
          ) : (
            <ul className="divide-y divide-line rounded-ui border border-line" aria-label={t("users.title")}>
              {list.data.users.map((user) => (
                <li key={user.id} className="flex flex-wrap items-center gap-3 p-3">
                  <span className="flex min-w-48 flex-1 flex-col">
                    <span className="font-medium">
                      {user.first_name} {user.last_name} <span className="text-muted">@{user.username}</span>
                    </span>
                    <span className="text-sm text-muted">
                      {user.email} · {t("users.joined", { date: user.created_at.slice(0, 10) })}
                    </span>
                  </span>
                  <Badges user={user} />
                  <Button variant="secondary" size="sm" onClick={() => update({ user: user.id })}>
                    {t("users.open")}
                    <span className="sr-only"> @{user.username}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <PagerButtons page={page} pages={pages} onPage={(next) => update({ page: String(next) })} />
        </>
      ) : null}
    </section>
  );
}
