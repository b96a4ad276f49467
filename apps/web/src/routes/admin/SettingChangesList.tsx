import type { SettingChanges } from "@market/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api } from "../../api/client.ts";
import { type AdminTexts, errorMessage, useAdminTexts } from "./admin-texts.ts";
import { PagerButtons } from "./PagerButtons.tsx";

const PAGE_SIZE = 25;
const show = (a: AdminTexts, value: unknown) =>
  value === null || value === undefined ? a("admin.changes.default") : JSON.stringify(value);

/** GET /admin/site-settings/changes: who changed which setting, from what to what, and when. */
export function SettingChangesList() {
  const a = useAdminTexts();
  const id = useId();
  const [page, setPage] = useState(1);
  const changes = useQuery({
    queryKey: ["admin", "setting-changes", page],
    queryFn: ({ signal }) =>
      api.get<SettingChanges>("/admin/site-settings/changes", {
        query: { page, pageSize: PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  if (changes.isPending) return <p aria-busy="true">{a("common.loading")}</p>;
  if (changes.isError) return <p role="alert">{errorMessage(changes.error)}</p>;
  const pages = Math.max(1, Math.ceil(changes.data.total / PAGE_SIZE));
  return (
    <section className="flex flex-col gap-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-xl font-semibold">
        {a("admin.changes.title")}
      </h2>
      {changes.data.changes.length === 0 ? (
        <p className="text-muted">{a("admin.changes.none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{a("admin.changes.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{a("admin.changes.when")}</th>
                <th scope="col">{a("admin.changes.who")}</th>
                <th scope="col">{a("admin.changes.setting")}</th>
                <th scope="col">{a("admin.changes.from")}</th>
                <th scope="col">{a("admin.changes.to")}</th>
              </tr>
            </thead>
            <tbody>
              {changes.data.changes.map((change) => (
                <tr key={change.id} className="border-t border-line align-top">
                  <td className="whitespace-nowrap py-1 pr-3">
                    {new Date(change.changed_at).toLocaleString()}
                  </td>
                  <td className="py-1 pr-3">
                    {change.changed_by ? `@${change.changed_by.username}` : a("admin.changes.removedAccount")}
                  </td>
                  <td className="py-1 pr-3 font-mono">{change.key}</td>
                  <td className="max-w-64 truncate py-1 pr-3 font-mono" title={show(a, change.old_value)}>
                    {show(a, change.old_value)}
                  </td>
                  <td className="max-w-64 truncate py-1 font-mono" title={show(a, change.new_value)}>
                    {show(a, change.new_value)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PagerButtons page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
