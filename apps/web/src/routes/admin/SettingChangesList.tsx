import {
  AD_TYPES,
  DEFAULT_SITE_SETTINGS,
  formatAmount,
  type SettingChanges,
  SITE_CHANGE_AREAS,
  SITE_SETTING_KEYS,
  type SiteChangeArea,
  type SiteSettingKey,
} from "@market/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { api } from "../../api/client.ts";
import { SelectField, TableHead } from "../../components/ui/index.ts";
import { type AdminTexts, errorMessage, useAdminTexts } from "./admin-texts.ts";
import { colorName } from "./ColorsEditor.tsx";
import { PagerButtons } from "./PagerButtons.tsx";
import { SETTING_NAMES, type SettingsTexts, useSettingsTexts } from "./settings-texts.ts";
import { ALL_TEXT_DEFAULTS } from "./text-areas.ts";

const PAGE_SIZE = 25;
type Change = SettingChanges["changes"][number];

const isSettingKey = (key: string): key is SiteSettingKey => (SITE_SETTING_KEYS as string[]).includes(key);
const CENTS_KEYS = new Set<string>(["payoutMinimumCents", "featurePricePerDayCents"]);

/** A setting's value as an admin reads it: On or Off, dollars for money, a short summary for lists. */
function settingValue(a: AdminTexts, key: string, value: unknown): string {
  if (typeof value === "boolean") return value ? a("admin.changes.on") : a("admin.changes.off");
  if (typeof value === "number")
    return CENTS_KEYS.has(key) ? formatAmount(value) : value.toLocaleString("en-US");
  if (typeof value === "string") return value === "" ? a("admin.changes.empty") : value;
  if (key === "showAds" && typeof value === "object" && value !== null && "portfolio" in value) {
    return value.portfolio ? a("admin.changes.on") : a("admin.changes.off");
  }
  if (key === "restrictedWords" && Array.isArray(value)) {
    return value.length === 0
      ? a("admin.changes.none.words")
      : value
          .map((w: { pattern?: string; replacement?: string }) => `${w.pattern} → ${w.replacement || "…"}`)
          .join(", ");
  }
  if ((key === "adMinimums" || key === "adCpmCents") && typeof value === "object" && value !== null) {
    const byType = value as Record<string, { totalCost: number; spendPerDay: number } | number>;
    return AD_TYPES.filter((type) => byType[type] !== undefined)
      .map((type) => {
        const v = byType[type]!;
        return typeof v === "number"
          ? a("admin.changes.adPrice", { type, amount: formatAmount(v) })
          : a("admin.changes.adMinimum", {
              type,
              total: formatAmount(v.totalCost * 100),
              day: formatAmount(v.spendPerDay * 100),
            });
      })
      .join("; ");
  }
  return JSON.stringify(value);
}

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** What changed, in words: the setting's name, the colour's name, or the text's key. */
function what(a: AdminTexts, s: SettingsTexts, change: Change): ReactNode {
  if (change.area === "color") return a("admin.changes.color", { name: colorName(a, change.key) });
  if (change.area === "text") {
    return (
      <>
        {a("admin.changes.text")} <span className="font-mono text-xs">{change.key}</span>
      </>
    );
  }
  return isSettingKey(change.key) ? s(SETTING_NAMES[change.key]) : change.key;
}

function Value({ a, change, value }: { a: AdminTexts; change: Change; value: unknown }) {
  if (value === null || value === undefined) {
    const fallback =
      change.area === "setting" && isSettingKey(change.key)
        ? `${settingValue(a, change.key, DEFAULT_SITE_SETTINGS[change.key])} `
        : change.area === "text" && ALL_TEXT_DEFAULTS[change.key] !== undefined
          ? `${ALL_TEXT_DEFAULTS[change.key]} `
          : "";
    return (
      <span className="text-muted">
        {fallback}
        {a("admin.changes.default")}
      </span>
    );
  }
  if (change.area === "color" && typeof value === "string") {
    return (
      <span className="inline-flex items-center gap-2">
        <span
          aria-hidden="true"
          className="size-4 shrink-0 rounded-sm border border-line"
          style={{ background: value }}
        />
        <span className="font-mono">{value}</span>
      </span>
    );
  }
  const text = change.area === "text" ? String(value) : settingValue(a, change.key, value);
  return (
    <span className="line-clamp-3 break-words" title={text}>
      {text}
    </span>
  );
}

/**
 * GET /admin/site-settings/changes: the change log of settings, colours and texts: who changed what, from what
 * to what, and when; newest first, a page at a time, narrowed to one kind of change if asked.
 */
export function SettingChangesList() {
  const a = useAdminTexts();
  const s = useSettingsTexts();
  const id = useId();
  const [page, setPage] = useState(1);
  const [area, setArea] = useState<SiteChangeArea | "">("");
  const changes = useQuery({
    queryKey: ["admin", "setting-changes", area, page],
    queryFn: ({ signal }) =>
      api.call("GET /admin/site-settings/changes", {
        query: { page, pageSize: PAGE_SIZE, ...(area ? { area } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    // A log: read afresh each time it is opened, other admins' changes included.
    staleTime: 0,
  });
  const pages = changes.data ? Math.max(1, Math.ceil(changes.data.total / PAGE_SIZE)) : 1;
  return (
    <section className="flex flex-col gap-4" aria-labelledby={`${id}-h`}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${id}-h`} className="text-xl font-semibold">
            {a("admin.changes.title")}
          </h2>
          <p className="text-sm text-muted">{a("admin.changes.intro")}</p>
        </div>
        <SelectField
          id={`${id}-area`}
          label={a("admin.changes.show")}
          value={area}
          onChange={(event) => {
            setArea(event.target.value as SiteChangeArea | "");
            setPage(1);
          }}
        >
          <option value="">{a("admin.changes.show.all")}</option>
          {SITE_CHANGE_AREAS.map((value) => (
            <option key={value} value={value}>
              {a(`admin.changes.show.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {changes.isPending ? (
        <p aria-busy="true">{a("common.loading")}</p>
      ) : changes.isError ? (
        <p role="alert">{errorMessage(changes.error)}</p>
      ) : changes.data.changes.length === 0 ? (
        <p className="text-muted">{a("admin.changes.none")}</p>
      ) : (
        <>
          {/* A phone reads each change as a card; wider screens get the table. */}
          <ul className="flex flex-col gap-2 sm:hidden" aria-label={a("admin.changes.caption")}>
            {changes.data.changes.map((change) => (
              <li key={change.id} className="flex flex-col gap-1 rounded-card border border-line p-3 text-sm">
                <span className="font-semibold">{what(a, s, change)}</span>
                <span className="flex flex-wrap items-center gap-x-2">
                  <Value a={a} change={change} value={change.old_value} />
                  <span aria-hidden="true">→</span>
                  <span className="sr-only">{a("admin.changes.to")}</span>
                  <Value a={a} change={change} value={change.new_value} />
                </span>
                <span className="text-muted">
                  {change.changed_by ? `@${change.changed_by.username}` : a("admin.changes.removedAccount")} ·{" "}
                  {when(change.changed_at)}
                </span>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{a("admin.changes.caption")}</caption>
              <TableHead
                pad="py-1"
                gap="pr-3"
                columns={(["when", "who", "what", "from", "to"] as const).map((key) => ({
                  key,
                  label: a(`admin.changes.${key}`),
                }))}
              />
              <tbody>
                {changes.data.changes.map((change) => (
                  <tr key={change.id} className="border-t border-line align-top">
                    <td className="py-2 pr-3 whitespace-nowrap">{when(change.changed_at)}</td>
                    <td className="py-2 pr-3">
                      {change.changed_by
                        ? `@${change.changed_by.username}`
                        : a("admin.changes.removedAccount")}
                    </td>
                    <td className="min-w-40 py-2 pr-3 font-medium">{what(a, s, change)}</td>
                    <td className="max-w-64 min-w-32 py-2 pr-3">
                      <Value a={a} change={change} value={change.old_value} />
                    </td>
                    <td className="max-w-64 min-w-32 py-2">
                      <Value a={a} change={change} value={change.new_value} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <PagerButtons page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
