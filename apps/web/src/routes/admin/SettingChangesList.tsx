import type { SettingChanges } from "@market/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api } from "../../api/client.ts";
import { errorMessage, useAdminTexts } from "./admin-texts.ts";
import { PagerButtons } from "./PagerButtons.tsx";

const PAGE_SIZE = 25;
const show = (value: unknown) =>
  value === null || value === undefined ? "(default)" : JSON.stringify(value);

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
        Changes to the settings
      </h2>
      {changes.data.changes.length === 0 ? (
        <p className="text-muted">Nobody has changed a setting yet; the defaults apply.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Settings changes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Setting</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
              </tr>
            </thead>
            <tbody>
              {changes.data.changes.map((change) => (
                <tr key={change.id} className="border-t border-line align-top">
                  <td className="whitespace-nowrap py-1 pr-3">
                    {new Date(change.changed_at).toLocaleString()}
                  </td>
                  <td className="py-1 pr-3">
                    {change.changed_by ? `@${change.changed_by.username}` : "(removed account)"}
                  </td>
                  <td className="py-1 pr-3 font-mono">{change.key}</td>
                  <td className="max-w-64 truncate py-1 pr-3 font-mono" title={show(change.old_value)}>
                    {show(change.old_value)}
                  </td>
                  <td className="max-w-64 truncate py-1 font-mono" title={show(change.new_value)}>
                    {show(change.new_value)}
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
