import {
  AD_TYPES,
  additionalSeatCents,
  formatAmount,
  SITE_SETTING_KEYS,
  type SiteSettings,
  type SiteSettingsPatch,
  siteSettingsPatchSchema,
} from "@market/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useState } from "react";
import { type FieldErrors, type Path, useFieldArray } from "react-hook-form";
import { ApiError, api } from "../../api/client.ts";
import { useDomainForm } from "../../components/ui/form.ts";
import {
  Button,
  Checkbox,
  type ControlBindings,
  Field,
  Input,
  TableHead,
  Textarea,
} from "../../components/ui/index.ts";
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

/** The schema's own rules (custom issues carry a code) in an admin's words; the server names the same. */
const RULE_TEXTS: Record<string, SettingsTextKey> = {
  unknown_time_zone: "problem.timeZone",
  duplicate_pattern: "problem.duplicateWord",
  spend_per_day_above_total: "problem.perDayAboveTotal",
};

/**
 * A problem in words: a rule's code in the settings' words; a broken limit is already in the shared words
 * ("At least 30"); a zod code the server names ("too_small", without its limit) only as not usable.
 */
function problemText(s: SettingsTexts, message: string | undefined, fromServer: boolean): string | undefined {
  if (!message) return undefined;
  const rule = RULE_TEXTS[message];
  if (rule) return s(rule);
  return fromServer ? s("problem.invalid") : message;
}

/** The first problem at or under a path of the form's errors (a row of a table, a list of words). */
function firstProblem(node: unknown): { message: string; type: string } | undefined {
  if (!node || typeof node !== "object") return undefined;
  const { message, type } = node as { message?: unknown; type?: unknown };
  if (typeof message === "string" && message) return { message, type: String(type) };
  for (const [key, child] of Object.entries(node)) {
    if (key === "ref") continue;
    const found = firstProblem(child);
    if (found) return found;
  }
  return undefined;
}

const SETTING_KEYS = new Set<string>(SITE_SETTING_KEYS);

/** A percent as typed, within 0 to 100, for the examples the help texts give while it is typed. */
const clampPercent = (percent: number) => Math.min(100, Math.max(0, percent || 0));

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
  // The form edits what is stored, so it waits for it rather than starting from the defaults.
  const stored = useQuery(siteQueries.settings).data;
  if (!stored) return <p aria-busy="true">{a("common.loading")}</p>;
  return <SettingsEditor stored={stored} />;
}

type NumberKey = {
  [K in keyof SiteSettings]: SiteSettings[K] extends number ? K : never;
}[keyof SiteSettings];

function SettingsEditor({ stored }: { stored: SiteSettings }) {
  const a = useAdminTexts();
  const s = useSettingsTexts();
  const queryClient = useQueryClient();
  const switchId = useId();
  // PATCH /site-settings' body schema; every setting is in the form, and only the changed ones are sent.
  const { register, control, handleSubmit, watch, setValue, reset, setError, formState } = useDomainForm(
    siteSettingsPatchSchema,
    { mode: "onChange", defaultValues: stored },
  );
  const words = useFieldArray({ control, name: "restrictedWords" });
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    // A change after a save makes its message stale; a reset (the save itself) names no field.
    const watching = watch((_, { name }) => {
      if (name) setMessage(null);
    });
    return () => watching.unsubscribe();
  }, [watch]);

  const save = useMutation({
    mutationFn: (patch: SiteSettingsPatch) => api.call("PATCH /site-settings", { body: patch }),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(siteQueries.settings.queryKey, settings);
      queryClient.setQueryData(siteQueries.offlineMode.queryKey, settings.offlineMode);
      queryClient.setQueryData(siteQueries.cssOverride.queryKey, settings.cssOverride);
      void queryClient.invalidateQueries({ queryKey: ["admin", "setting-changes"] });
      reset(settings);
      setMessage(a("common.saved"));
    },
    onError: (error) => {
      // The server names a refused value by its path ("adMinimums.a.spendPerDay") and its code.
      for (const [path, code] of Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {})) {
        if (SETTING_KEYS.has(path.split(".")[0] ?? ""))
          setError(path as Path<SiteSettings>, { type: "server", message: code });
      }
      setMessage(a("common.failed", { message: errorMessage(error) }));
    },
  });

  const draft = watch() as SiteSettings;
  const patch = changedSettings(stored, draft);
  const changedKeys = Object.keys(patch) as (keyof SiteSettings)[];
  // What is sent must pass the schema; the button waits for it, as the problems show beside each value.
  const accepted = siteSettingsPatchSchema.safeParse(patch).success;
  const busy = formState.isSubmitting || save.isPending;
  const errors = formState.errors as FieldErrors<SiteSettings>;
  const problemAt = (key: keyof SiteSettings) => {
    const found = firstProblem(errors[key]);
    return problemText(s, found?.message, found?.type === "server");
  };
  // Awaited, so the form stays submitting (and its button pressed once) until the server answers.
  const onValid = async (values: SiteSettingsPatch) => {
    const changed = changedSettings(stored, values as SiteSettings);
    if (Object.keys(changed).length > 0) await save.mutateAsync(changed).catch(() => undefined);
  };
  /** A value kept in cents but typed in dollars: the box shows dollars, the form holds cents. */
  const setCents = (path: Path<SiteSettings>, dollars: string) =>
    setValue(path, toCents(dollars), { shouldDirty: true, shouldValidate: true });
  const number = (key: NumberKey, help: ReactNode) => (
    <Setting name={SETTING_NAMES[key]} help={help} error={problemAt(key)}>
      {(bindings) => (
        <Input {...bindings} type="number" inputMode="numeric" {...register(key, { valueAsNumber: true })} />
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
          defaultValue={toDollars(stored[key])}
          onChange={(event) => setCents(key, event.target.value)}
        />
      )}
    </Setting>
  );
  const switchOf = (key: "offlineMode" | "quickCheckout" | "donatedAdFreeMode", help: SettingsTextKey) => (
    <Checkbox id={`${switchId}-${key}`} label={s(SETTING_NAMES[key])} hint={s(help)} {...register(key)} />
  );
  const share = (percent: number, of: number) =>
    formatAmount(Math.round((of * (100 - clampPercent(percent))) / 100));

  return (
    <form
      onSubmit={handleSubmit(onValid)}
      className="flex flex-col gap-6"
      aria-label={s("settings.form")}
      noValidate
    >
      <fieldset className={fieldset}>
        <legend className={legend}>{s("settings.switches")}</legend>
        {switchOf("offlineMode", "settings.offlineMode.help")}
        {switchOf("quickCheckout", "settings.quickCheckout.help")}
        {switchOf("donatedAdFreeMode", "settings.donatedAdFreeMode.help")}
        <Checkbox
          id={`${switchId}-showAds`}
          label={s(SETTING_NAMES.showAds)}
          hint={s("settings.showAds.help")}
          {...register("showAds.portfolio")}
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
            <TableHead
              pad="pb-1"
              gap="pr-2"
              className="text-left align-bottom"
              columns={(["type", "totalCost", "spendPerDay", "cpm"] as const).map((key) => ({
                key,
                label: s(`settings.ads.${key}`),
              }))}
            />
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
                        {...register(`adMinimums.${type}.${field}`, {
                          valueAsNumber: true,
                          // A day's least is judged against the run's: either change checks both.
                          deps: [`adMinimums.${type}`],
                        })}
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
                      defaultValue={toDollars(stored.adCpmCents[type])}
                      onChange={(event) => setCents(`adCpmCents.${type}`, event.target.value)}
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
        {number("refundWindowDays", s("settings.refundWindowDays.help"))}
        {number(
          "additionalSeatPercent",
          s("settings.additionalSeatPercent.help", {
            percent: String(draft.additionalSeatPercent),
            seat: formatAmount(additionalSeatCents(1000, null, clampPercent(draft.additionalSeatPercent))),
          }),
        )}
        {money("payoutMinimumCents", s("settings.payoutMinimumCents.help"))}
        {money("featurePricePerDayCents", s("settings.featurePricePerDayCents.help"))}
        <Setting
          name={SETTING_NAMES.timeZone}
          help={s("settings.timeZone.help")}
          error={problemAt("timeZone")}
        >
          {(bindings) => <Input {...bindings} {...register("timeZone")} />}
        </Setting>
      </fieldset>

      <fieldset className={`${fieldset} sm:grid sm:grid-cols-2`}>
        <legend className={legend}>{s("settings.limits")}</legend>
        {number("maxCombinedFileSize", s("settings.maxCombinedFileSize.help"))}
        {number("favoritesLimit", s("settings.favoritesLimit.help"))}
        {number(
          "idleTimeoutSeconds",
          s("settings.idleTimeoutSeconds.help", {
            duration: describeSeconds(s, draft.idleTimeoutSeconds || 0),
          }),
        )}
        {number("passwordMaxAgeDays", s("settings.passwordMaxAgeDays.help"))}
      </fieldset>

      <fieldset className={fieldset} aria-describedby={`${switchId}-words-help`}>
        <legend className={legend}>{s(SETTING_NAMES.restrictedWords)}</legend>
        <p id={`${switchId}-words-help`} className="text-sm text-muted">
          {s("settings.restrictedWords.help")}
        </p>
        <ul className="flex flex-col gap-2">
          {words.fields.map((word, index) => (
            <li
              key={word.id}
              className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 sm:grid-cols-[minmax(0,16rem)_auto_minmax(0,16rem)_auto]"
            >
              <Input
                aria-label={s("settings.restrictedWords.pattern", { n: String(index + 1) })}
                // A word listed twice is a problem of the list: any word's change checks it again.
                {...register(`restrictedWords.${index}.pattern`, { deps: ["restrictedWords"] })}
              />
              <span aria-hidden="true">→</span>
              <Input
                aria-label={s("settings.restrictedWords.replacement", { n: String(index + 1) })}
                {...register(`restrictedWords.${index}.replacement`)}
              />
              <Button
                variant="secondary"
                size="sm"
                className="col-span-3 justify-self-start sm:col-span-1"
                onClick={() => words.remove(index)}
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
          onClick={() => words.append({ pattern: "", replacement: "" }, { shouldFocus: true })}
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
          <Textarea {...bindings} rows={6} className="font-mono text-sm" {...register("cssOverride")} />
        )}
      </Setting>

      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          type="submit"
          busy={busy}
          disabled={busy || !accepted || changedKeys.length === 0}
        >
          {busy ? a("common.saving") : s("settings.save")}
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
