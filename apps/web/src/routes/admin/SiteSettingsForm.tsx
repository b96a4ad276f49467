import {
  AD_TYPES,
  formatAmount,
  type SiteSettings,
  type SiteSettingsPatch,
  siteSettingsPatchSchema,
} from "@market/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import type { z } from "zod";
import { ApiError, api } from "../../api/client.ts";
import { Button, Checkbox, type ControlBindings, Field, Input, Textarea } from "../../components/ui/index.ts";
import { siteQueries } from "../../state/site-config.ts";
import { errorMessage, useAdminTexts } from "./admin-texts.ts";
import {
  describeSeconds,
  SETTING_NAMES,
  type SettingsTextKey,
  type SettingsTexts,
  useSettingsTexts,
} from "./settings-texts.ts";

/** The two minimums an ad type has (spec 3), each an input in the ad minimums table. */
const MINIMUM_FIELDS = [
  { field: "totalCost", label: "settings.ads.totalCostOf" },
  { field: "spendPerDay", label: "settings.ads.spendPerDayOf" },
] as const;

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

/** What is wrong with a value, in words: the schema's own messages are written for programs. */
function settingProblem(s: SettingsTexts, issue: z.core.$ZodIssue): string {
  const limit = (value: unknown) => Number(value).toLocaleString("en-US");
  switch (issue.code) {
    case "too_small":
      return s("problem.tooSmall", { min: limit(issue.minimum) });
    case "too_big":
      return s("problem.tooBig", { max: limit(issue.maximum) });
    case "invalid_type":
      return s("problem.wholeNumber");
    case "custom":
      if (issue.message === "unknown_time_zone") return s("problem.timeZone");
      if (issue.message === "duplicate_pattern") return s("problem.duplicateWord");
      if (issue.message === "spend_per_day_above_total") return s("problem.perDayAboveTotal");
      return s("problem.invalid");
    default:
      return s("problem.invalid");
  }
}

const fieldset = "flex flex-col gap-4 rounded-card border border-line p-4";
const legend = "px-1 text-lg font-semibold";

/** One setting: its name with the unit, what it does, and what is wrong with the value typed. */
function Setting({
  name,
  help,
  error,
  className,
  children,
}: {
  name: SettingsTextKey;
  help: ReactNode;
  error: string | undefined;
  className?: string;
  children: (bindings: ControlBindings) => ReactNode;
}) {
  const s = useSettingsTexts();
  const id = useId();
  return (
    <Field id={id} label={s(name)} hint={help} error={error} className={className}>
      {children}
    </Field>
  );
}

/**
 * Every site setting of spec 3 and of the other issues, each named in an admin's words with its unit and
 * explained, checked as typed with the domain's schema (the one the server validates with), sent as one
 * PATCH of the keys that changed. The server records each change in the change log.
 */
export function SiteSettingsForm() {
  const a = useAdminTexts();
  const s = useSettingsTexts();
  // The form edits what is stored, so it waits for it rather than starting from the defaults.
  const stored = useQuery(siteQueries.settings).data;
  const queryClient = useQueryClient();
  const switchId = useId();
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
  const changedKeys = Object.keys(patch) as (keyof SiteSettings)[];
  const checked = siteSettingsPatchSchema.safeParse(patch);
  const problems: Record<string, string> = { ...serverFields };
  if (!checked.success) {
    for (const issue of checked.error.issues) problems[issue.path.join(".")] ??= settingProblem(s, issue);
  }
  const problemAt = (prefix: string) =>
    Object.entries(problems).find(([path]) => path === prefix || path.startsWith(`${prefix}.`))?.[1];
  const set = <K extends keyof SiteSettings>(key: K, value: SiteSettings[K]) => {
    setDraft({ ...draft, [key]: value });
    setMessage(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked.success || changedKeys.length === 0) return;
    save.mutate(checked.data);
  };
  type NumberKey = {
    [K in keyof SiteSettings]: SiteSettings[K] extends number ? K : never;
  }[keyof SiteSettings];
  const number = (key: NumberKey, help: ReactNode) => (
    <Setting name={SETTING_NAMES[key]} help={help} error={problemAt(key)}>
      {(bindings) => (
        <Input
          {...bindings}
          type="number"
          inputMode="numeric"
          value={String(draft[key])}
          onChange={(event) => set(key, Number(event.target.value))}
        />
      )}
    </Setting>
  );
  const money = (key: "payoutMinimumCents" | "featurePricePerDayCents", help: ReactNode) => (
    <Setting name={SETTING_NAMES[key]} help={help} error={problemAt(key)}>
      {(bindings) => (
        <Input
          {...bindings}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          defaultValue={toDollars(draft[key])}
          onChange={(event) => set(key, toCents(event.target.value))}
        />
      )}
    </Setting>
  );
  const switchOf = (key: "offlineMode" | "quickCheckout" | "donatedAdFreeMode", help: SettingsTextKey) => (
    <Checkbox
      id={`${switchId}-${key}`}
      label={s(SETTING_NAMES[key])}
      hint={s(help)}
      checked={draft[key]}
      onChange={(event) => set(key, event.target.checked)}
    />
  );
  const share = (percent: number, of: number) =>
    formatAmount(Math.round((of * (100 - Math.min(100, Math.max(0, percent)))) / 100));

  return (
    <form onSubmit={submit} className="flex flex-col gap-6" aria-label={s("settings.form")} noValidate>
      <fieldset className={fieldset}>
        <legend className={legend}>{s("settings.switches")}</legend>
        {switchOf("offlineMode", "settings.offlineMode.help")}
        {switchOf("quickCheckout", "settings.quickCheckout.help")}
        {switchOf("donatedAdFreeMode", "settings.donatedAdFreeMode.help")}
        <Checkbox
          id={`${switchId}-showAds`}
          label={s(SETTING_NAMES.showAds)}
          hint={s("settings.showAds.help")}
          checked={draft.showAds.portfolio}
          onChange={(event) => set("showAds", { portfolio: event.target.checked })}
        />
      </fieldset>

      <fieldset className={fieldset} aria-describedby={`${switchId}-ads-help`}>
        <legend className={legend}>{s("settings.ads")}</legend>
        <p id={`${switchId}-ads-help`} className="text-sm text-muted">
          {s("settings.ads.help")}
        </p>
        <div className="overflow-x-auto">
          <table className="text-sm">
            <caption className="sr-only">{s("settings.ads.caption")}</caption>
            <thead>
              <tr className="text-left align-bottom">
                <th scope="col" className="pr-2 pb-1">
                  {s("settings.ads.type")}
                </th>
                <th scope="col" className="pr-2 pb-1">
                  {s("settings.ads.totalCost")}
                </th>
                <th scope="col" className="pr-2 pb-1">
                  {s("settings.ads.spendPerDay")}
                </th>
                <th scope="col" className="pb-1">
                  {s("settings.ads.cpm")}
                </th>
              </tr>
            </thead>
            <tbody>
              {AD_TYPES.map((type) => (
                <tr key={type}>
                  <th scope="row" className="pr-2 text-left whitespace-nowrap">
                    {s("settings.ads.typeN", { type })}
                  </th>
                  {MINIMUM_FIELDS.map(({ field, label }) => (
                    <td key={field} className="py-1 pr-2">
                      <Input
                        aria-label={s(label, { type })}
                        type="number"
                        inputMode="numeric"
                        min="1"
                        className="min-w-20"
                        value={draft.adMinimums[type][field]}
                        onChange={(event) =>
                          set("adMinimums", {
                            ...draft.adMinimums,
                            [type]: { ...draft.adMinimums[type], [field]: Number(event.target.value) },
                          })
                        }
                      />
                    </td>
                  ))}
                  <td className="py-1">
                    <Input
                      aria-label={s("settings.ads.cpmOf", { type })}
                      type="number"
                      inputMode="decimal"
                      step="0.01"
                      min="0.01"
                      className="min-w-20"
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
        </div>
        {problemAt("adMinimums") || problemAt("adCpmCents") ? (
          <p role="alert" className="text-sm text-danger">
            {problemAt("adMinimums") ?? problemAt("adCpmCents")}
          </p>
        ) : null}
      </fieldset>

      <fieldset className={`${fieldset} sm:grid sm:grid-cols-2`}>
        <legend className={legend}>{s("settings.money")}</legend>
        {number(
          "salesFeePercent",
          s("settings.salesFeePercent.help", {
            percent: String(draft.salesFeePercent),
            kept: share(draft.salesFeePercent, 1000),
          }),
        )}
        {number(
          "tipFeePercent",
          s("settings.tipFeePercent.help", {
            percent: String(draft.tipFeePercent),
            kept: share(draft.tipFeePercent, 500),
          }),
        )}
        {number("payoutHoldDays", s("settings.payoutHoldDays.help"))}
        {money("payoutMinimumCents", s("settings.payoutMinimumCents.help"))}
        {money("featurePricePerDayCents", s("settings.featurePricePerDayCents.help"))}
        <Setting
          name={SETTING_NAMES.timeZone}
          help={s("settings.timeZone.help")}
          error={problemAt("timeZone")}
        >
          {(bindings) => (
            <Input
              {...bindings}
              value={draft.timeZone}
              onChange={(event) => set("timeZone", event.target.value)}
            />
          )}
        </Setting>
      </fieldset>

      <fieldset className={`${fieldset} sm:grid sm:grid-cols-2`}>
        <legend className={legend}>{s("settings.limits")}</legend>
        {number("maxCombinedFileSize", s("settings.maxCombinedFileSize.help"))}
        {number("favoritesLimit", s("settings.favoritesLimit.help"))}
        {number(
          "idleTimeoutSeconds",
          s("settings.idleTimeoutSeconds.help", { duration: describeSeconds(s, draft.idleTimeoutSeconds) }),
        )}
        {number("passwordMaxAgeDays", s("settings.passwordMaxAgeDays.help"))}
      </fieldset>

      <fieldset className={fieldset} aria-describedby={`${switchId}-words-help`}>
        <legend className={legend}>{s(SETTING_NAMES.restrictedWords)}</legend>
        <p id={`${switchId}-words-help`} className="text-sm text-muted">
          {s("settings.restrictedWords.help")}
        </p>
        <ul className="flex flex-col gap-2">
          {draft.restrictedWords.map((word, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no identity of their own
              key={index}
              className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 sm:grid-cols-[minmax(0,16rem)_auto_minmax(0,16rem)_auto]"
            >
              <Input
                aria-label={s("settings.restrictedWords.pattern", { n: String(index + 1) })}
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
              <Input
                aria-label={s("settings.restrictedWords.replacement", { n: String(index + 1) })}
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
                className="col-span-3 justify-self-start sm:col-span-1"
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

      <Setting
        name={SETTING_NAMES.cssOverride}
        help={s("settings.cssOverride.help")}
        error={problemAt("cssOverride")}
      >
        {(bindings) => (
          <Textarea
            {...bindings}
            rows={6}
            className="font-mono text-sm"
            value={draft.cssOverride}
            onChange={(event) => set("cssOverride", event.target.value)}
          />
        )}
      </Setting>

      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          type="submit"
          busy={save.isPending}
          disabled={!checked.success || changedKeys.length === 0}
        >
          {save.isPending ? a("common.saving") : s("settings.save")}
        </Button>
        <span className="text-sm text-muted">
          {changedKeys.length === 0
            ? s("settings.noChanges")
            : s("settings.changed", { names: changedKeys.map((key) => s(SETTING_NAMES[key])).join(", ") })}
        </span>
        {message ? <span role="status">{message}</span> : null}
      </div>
    </form>
  );
}
