import { AD_TYPES, type SiteSettings, type SiteSettingsPatch, siteSettingsPatchSchema } from "@market/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { ApiError, api } from "../../api/client.ts";
import { Button } from "../../components/ui/index.ts";
import { siteQueries, useSiteSettings } from "../../state/site-config.ts";
import { errorMessage, useAdminTexts } from "./admin-texts.ts";
import { useSettingsTexts } from "./settings-texts.ts";

const input = "rounded-ui border border-line px-3 py-2";

/** The keys whose value changed between two settings objects (compared as JSON: values are plain data). */
export function changedSettings(before: SiteSettings, after: SiteSettings): SiteSettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof SiteSettings)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) patch[key] = after[key];
  }
  return patch as SiteSettingsPatch;
}

/** Money settings are cents in the API and dollars on screen (UX.md: Forms). */
const toDollars = (cents: number) => (cents / 100).toFixed(2);
const toCents = (dollars: string) => Math.round(Number(dollars) * 100);

function Field({
  label,
  error,
  children,
  hint,
}: {
  label: string;
  error?: string;
  children: (id: string) => ReactNode;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children(id)}
      {hint ? <span className="text-xs text-muted">{hint}</span> : null}
      {error ? (
        <span role="alert" className="text-sm text-danger">
          {error}
        </span>
      ) : null}
    </div>
  );
}

function Switch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/**
 * Every site setting of spec 3 and of the other issues, checked as typed with the domain's schema (the one the
 * server validates with), sent as one PATCH of the keys that changed. The server records each change.
 */
export function SiteSettingsForm() {
  const a = useAdminTexts();
  const s = useSettingsTexts();
  const stored = useSiteSettings();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SiteSettings | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (stored && !draft) setDraft(stored);
  }, [stored, draft]);

  const save = useMutation({
    mutationFn: (patch: SiteSettingsPatch) => api.patch<{ settings: SiteSettings }>("/site-settings", patch),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(siteQueries.settings.queryKey, settings);
      queryClient.setQueryData(siteQueries.offlineMode.queryKey, settings.offlineMode);
      queryClient.setQueryData(siteQueries.cssOverride.queryKey, settings.cssOverride);
      void queryClient.invalidateQueries({ queryKey: ["admin", "setting-changes"] });
      setDraft(settings);
      setServerFields({});
      setMessage(a("common.saved"));
    },
    onError: (error) => {
      setServerFields(error instanceof ApiError ? (error.fields ?? {}) : {});
      setMessage(a("common.failed", { message: errorMessage(error) }));
    },
  });

  if (!draft || !stored) return <p aria-busy="true">{a("common.loading")}</p>;
  const patch = changedSettings(stored, draft);
  const checked = siteSettingsPatchSchema.safeParse(patch);
  const problems: Record<string, string> = { ...serverFields };
  if (!checked.success) {
    for (const issue of checked.error.issues) problems[issue.path.join(".")] ??= issue.message;
  }
  const problemAt = (prefix: string) =>
    Object.entries(problems).find(([path]) => path === prefix || path.startsWith(`${prefix}.`))?.[1];
  const set = <K extends keyof SiteSettings>(key: K, value: SiteSettings[K]) => {
    setDraft({ ...draft, [key]: value });
    setMessage(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked.success || Object.keys(patch).length === 0) return;
    save.mutate(checked.data);
  };
  const number = (key: keyof SiteSettings, label: string, hint?: string) => (
    <Field label={label} error={problemAt(key)} hint={hint}>
      {(id) => (
        <input
          id={id}
          type="number"
          className={input}
          value={String(draft[key])}
          onChange={(event) => set(key, Number(event.target.value) as never)}
        />
      )}
    </Field>
  );
  const money = (key: "payoutMinimumCents" | "featurePricePerDayCents", label: string) => (
    <Field label={label} error={problemAt(key)}>
      {(id) => (
        <input
          id={id}
          type="number"
          step="0.01"
          min="0"
          className={input}
          defaultValue={toDollars(draft[key])}
          onChange={(event) => set(key, toCents(event.target.value))}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={submit} className="flex flex-col gap-6" aria-label={s("settings.form")} noValidate>
      <fieldset className="flex flex-col gap-3 rounded-ui border border-line p-4">
        <legend className="px-1 font-semibold">{s("settings.switches")}</legend>
        <Switch
          label={s("settings.offlineMode")}
          checked={draft.offlineMode}
          onChange={(v) => set("offlineMode", v)}
        />
        <Switch
          label={s("settings.quickCheckout")}
          checked={draft.quickCheckout}
          onChange={(v) => set("quickCheckout", v)}
        />
        <Switch
          label={s("settings.donatedAdFreeMode")}
          checked={draft.donatedAdFreeMode}
          onChange={(v) => set("donatedAdFreeMode", v)}
        />
        <Switch
          label={s("settings.showAds.portfolio")}
          checked={draft.showAds.portfolio}
          onChange={(v) => set("showAds", { portfolio: v })}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-3 rounded-ui border border-line p-4">
        <legend className="px-1 font-semibold">{s("settings.ads")}</legend>
        <table className="text-sm">
          <caption className="sr-only">{s("settings.ads.caption")}</caption>
          <thead>
            <tr className="text-left">
              <th scope="col">{s("settings.ads.type")}</th>
              <th scope="col">{s("settings.ads.totalCost")}</th>
              <th scope="col">{s("settings.ads.spendPerDay")}</th>
              <th scope="col">{s("settings.ads.cpm")}</th>
            </tr>
          </thead>
          <tbody>
            {AD_TYPES.map((type) => (
              <tr key={type}>
                <th scope="row" className="text-left">
                  {s("settings.ads.typeN", { type })}
                </th>
                <td>
                  <input
                    aria-label={s("settings.ads.totalCostOf", { type })}
                    type="number"
                    min="1"
                    className={`${input} w-28`}
                    value={draft.adMinimums[type].totalCost}
                    onChange={(event) =>
                      set("adMinimums", {
                        ...draft.adMinimums,
                        [type]: { ...draft.adMinimums[type], totalCost: Number(event.target.value) },
                      })
                    }
                  />
                </td>
                <td>
                  <input
                    aria-label={s("settings.ads.spendPerDayOf", { type })}
                    type="number"
                    min="1"
                    className={`${input} w-28`}
                    value={draft.adMinimums[type].spendPerDay}
                    onChange={(event) =>
                      set("adMinimums", {
                        ...draft.adMinimums,
                        [type]: { ...draft.adMinimums[type], spendPerDay: Number(event.target.value) },
                      })
                    }
                  />
                </td>
                <td>
                  <input
                    aria-label={s("settings.ads.cpmOf", { type })}
                    type="number"
                    step="0.01"
                    min="0.01"
                    className={`${input} w-28`}
                    defaultValue={toDollars(draft.adCpmCents[type])}
                    onChange={(event) =>
                      set("adCpmCents", { ...draft.adCpmCents, [type]: toCents(event.target.value) })
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {problemAt("adMinimums") || problemAt("adCpmCents") ? (
          <p role="alert" className="text-sm text-danger">
            {problemAt("adMinimums") ?? problemAt("adCpmCents")}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-4 rounded-ui border border-line p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold">{s("settings.money")}</legend>
        {number("salesFeePercent", s("settings.salesFeePercent"))}
        {number("tipFeePercent", s("settings.tipFeePercent"))}
        {number("payoutHoldDays", s("settings.payoutHoldDays"))}
        {money("payoutMinimumCents", s("settings.payoutMinimumCents"))}
        {money("featurePricePerDayCents", s("settings.featurePricePerDayCents"))}
        <Field
          label={s("settings.timeZone")}
          error={problemAt("timeZone")}
          hint={s("settings.timeZone.hint")}
        >
          {(id) => (
            <input
              id={id}
              className={input}
              value={draft.timeZone}
              onChange={(event) => set("timeZone", event.target.value)}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 rounded-ui border border-line p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold">{s("settings.limits")}</legend>
        {number("maxCombinedFileSize", s("settings.maxCombinedFileSize"))}
        {number("favoritesLimit", s("settings.favoritesLimit"))}
        {number(
          "idleTimeoutSeconds",
          s("settings.idleTimeoutSeconds"),
          s("settings.idleTimeoutSeconds.hint"),
        )}
        {number("passwordMaxAgeDays", s("settings.passwordMaxAgeDays"))}
      </fieldset>

      <fieldset className="flex flex-col gap-3 rounded-ui border border-line p-4">
        <legend className="px-1 font-semibold">{s("settings.restrictedWords")}</legend>
        <p className="text-sm text-muted">{s("settings.restrictedWords.about")}</p>
        <ul className="flex flex-col gap-2">
          {draft.restrictedWords.map((word, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no identity of their own
            <li key={index} className="flex flex-wrap items-center gap-2">
              <input
                aria-label={s("settings.restrictedWords.pattern", { n: String(index + 1) })}
                className={input}
                value={word.pattern}
                onChange={(event) =>
                  set(
                    "restrictedWords",
                    draft.restrictedWords.map((w, i) =>
                      i === index ? { ...w, pattern: event.target.value } : w,
                    ),
                  )
                }
              />
              <span aria-hidden="true">→</span>
              <input
                aria-label={s("settings.restrictedWords.replacement", { n: String(index + 1) })}
                className={input}
                value={word.replacement}
                onChange={(event) =>
                  set(
                    "restrictedWords",
                    draft.restrictedWords.map((w, i) =>
                      i === index ? { ...w, replacement: event.target.value } : w,
                    ),
                  )
                }
              />
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  set(
                    "restrictedWords",
                    draft.restrictedWords.filter((_, i) => i !== index),
                  )
                }
              >
                {s("settings.restrictedWords.remove")}
                <span className="sr-only">
                  {" "}
                  {s("settings.restrictedWords.pattern", { n: String(index + 1) })}
                </span>
              </Button>
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() => set("restrictedWords", [...draft.restrictedWords, { pattern: "", replacement: "" }])}
        >
          {s("settings.restrictedWords.add")}
        </Button>
        {problemAt("restrictedWords") ? (
          <p role="alert" className="text-sm text-danger">
            {problemAt("restrictedWords")}
          </p>
        ) : null}
      </fieldset>

      <Field label={s("settings.cssOverride")} error={problemAt("cssOverride")}>
        {(id) => (
          <textarea
            id={id}
            rows={6}
            className={`${input} font-mono text-sm`}
            value={draft.cssOverride}
            onChange={(event) => set("cssOverride", event.target.value)}
          />
        )}
      </Field>

      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          type="submit"
          disabled={save.isPending || !checked.success || Object.keys(patch).length === 0}
        >
          {save.isPending ? a("common.saving") : s("settings.save")}
        </Button>
        <span className="text-sm text-muted">
          {Object.keys(patch).length === 0
            ? s("settings.noChanges")
            : s("settings.changed", { keys: Object.keys(patch).join(", ") })}
        </span>
        {message ? <span role="status">{message}</span> : null}
      </div>
    </form>
  );
}
