import {
  checkResourceText,
  countCharacters,
  explainResourceText,
  GRADES,
  RESOURCE_TEXT_LIMITS,
  RESOURCE_TYPES,
  type ResourceEditStep,
  type ResourceTextFields,
  resourceTextLimit,
  STEP_FIELDS,
  SUBJECT_AREAS,
  splitTextList,
} from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import type { PublishingResource } from "../../api/types.ts";
import { Button, SelectField, TextAreaField, TextField } from "../../components/ui/index.ts";
import type { PublishingTextKey, PublishingTexts } from "./publishing-texts.ts";
import { useWizardDraft } from "./wizard-drafts.ts";
import type { StepProps } from "./wizard-step.ts";
import { editQueryKey } from "./wizard-step.ts";

type TextKey = keyof ResourceTextFields;
type Values = Record<TextKey | "type", string>;
type ListKey = "skills" | "standards" | "keywords";

const LIST_FIELDS: ReadonlySet<TextKey> = new Set<TextKey>(["skills", "standards", "keywords"]);

function valuesOf(resource: PublishingResource | null): Values {
  return {
    title: resource?.title ?? "",
    display: resource?.display ?? "",
    subtitle: resource?.subtitle ?? "",
    subject_area: resource?.subject_area ?? "",
    description: resource?.description ?? "",
    grade: resource?.grade ?? "",
    reading_levels: resource?.reading_levels ?? "",
    skills: resource?.skillsArray.join(", ") ?? "",
    standards: resource?.standardsArray.join(", ") ?? "",
    keywords: resource?.keywordsArray.join(", ") ?? "",
    type: resource?.type ?? "Other",
  };
}

/** The form's strings as the domain's fields, so the wizard checks exactly what the server will. */
function fieldsOf(values: Values, keys: readonly TextKey[]): ResourceTextFields {
  const fields: Record<string, unknown> = {};
  for (const key of keys) {
    fields[key] = LIST_FIELDS.has(key) ? splitTextList(values[key]) : values[key].trim();
  }
  return fields as ResourceTextFields;
}

/**
 * A refusal in the creator's words, with the reason and the limit ("Too long: 41 of 32 characters").
 * `code` is the domain's or the server's; the count comes from what the form holds. When the server
 * refused what the form let through (its restricted words changed the length), the limit alone is said.
 */
export function refusalText(
  t: PublishingTexts,
  field: TextKey,
  code: string | undefined,
  fields: ResourceTextFields,
): string | null {
  if (!code) return null;
  const explained = explainResourceText(field, fields);
  if (explained && explained.problem === code) {
    return t(`problem.${explained.problem}`, {
      used: String(explained.used),
      min: String(explained.min),
      max: String(explained.max ?? ""),
      item: explained.item ?? "",
    });
  }
  const { min, max } = resourceTextLimit(field, fields);
  const key = `problem.${code}.limit` as PublishingTextKey;
  const text = t(key, { min: String(min), max: String(max ?? "") });
  if (text !== key) return text;
  const plain = `problem.${code}` as PublishingTextKey;
  return t(plain) === plain ? t("problem.unknown") : t(plain, { used: "", min: String(min), max: "" });
}

/** Each item of a list as it will be saved, with its own count against the 20-character limit. */
function ListItems({ items, label, t }: { items: readonly string[]; label: string; t: PublishingTexts }) {
  if (items.length === 0) return null;
  const { max } = RESOURCE_TEXT_LIMITS.listItem;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {items.map((item) => {
        const used = countCharacters(item);
        const over = used > max;
        return (
          <li
            key={item}
            className={`flex max-w-full items-baseline gap-2 rounded-ui border px-2 py-1 text-sm ${over ? "border-danger" : "border-line"}`}
          >
            <span className="min-w-0 truncate">{item}</span>
            <span className={`shrink-0 tabular-nums ${over ? "font-semibold text-danger" : "text-muted"}`}>
              {t("field.itemCount", { used: String(used), max: String(max) })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The inputs of one text step (spec 4 order: title, categories, description, grade, skills, ...). */
function StepInputs({
  step,
  values,
  setValue,
  problems,
  t,
}: {
  step: ResourceEditStep;
  values: Values;
  setValue: (key: keyof Values, value: string) => void;
  problems: Record<string, string>;
  t: PublishingTexts;
}) {
  const id = useId();
  const fields = fieldsOf(values, ["title", "display", "subtitle", "description", "reading_levels"]);
  const error = (key: TextKey) =>
    refusalText(t, key, problems[key], LIST_FIELDS.has(key) ? fieldsOf(values, [key]) : fields);
  /** A limited one-line text with its live count. */
  const text = (key: TextKey, label: string, hint?: string, optional = false) => {
    const { max } = resourceTextLimit(key, fields);
    return (
      <TextField
        key={key}
        id={`${id}-${key}`}
        label={label}
        hint={hint}
        optional={optional}
        error={error(key)}
        count={max === null ? undefined : { used: countCharacters(values[key]), max }}
        value={values[key]}
        onChange={(e) => setValue(key, e.target.value)}
      />
    );
  };
  const list = (key: ListKey, label: string) => (
    <div key={key} className="flex flex-col gap-2">
      <TextField
        id={`${id}-${key}`}
        label={label}
        hint={t("field.listHint", { max: String(RESOURCE_TEXT_LIMITS.listItem.max) })}
        error={error(key)}
        value={values[key]}
        onChange={(e) => setValue(key, e.target.value)}
      />
      <ListItems items={splitTextList(values[key])} label={t("field.listItems", { name: label })} t={t} />
    </div>
  );
  const select = (key: keyof Values, label: string, options: readonly string[]) => (
    <SelectField
      key={key}
      id={`${id}-${key}`}
      label={label}
      error={key === "type" ? null : error(key)}
      value={values[key]}
      onChange={(e) => setValue(key, e.target.value)}
    >
      <option value="">{t("field.choose")}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </SelectField>
  );
  switch (step) {
    case "title":
      return (
        <>
          {text(
            "title",
            t("field.title"),
            t("field.displayHint", { max: String(RESOURCE_TEXT_LIMITS.title.maxWithDisplay) }),
          )}
          {text("display", t("field.display"), undefined, true)}
          {text("subtitle", t("field.subtitle"), undefined, true)}
          {select("type", t("field.type"), RESOURCE_TYPES)}
        </>
      );
    case "categories":
      return select("subject_area", t("field.subject"), SUBJECT_AREAS);
    case "description": {
      const { min, max } = resourceTextLimit("description");
      return (
        <TextAreaField
          id={`${id}-description`}
          label={t("field.description")}
          error={error("description")}
          count={{ used: countCharacters(values.description), min, max: max ?? 0 }}
          rows={8}
          value={values.description}
          onChange={(e) => setValue("description", e.target.value)}
        />
      );
    }
    case "grade":
      return select("grade", t("field.grade"), GRADES);
    case "skills":
      return list("skills", t("field.skills"));
    case "standards":
      return list("standards", t("field.standards"));
    case "reading-level":
      return text("reading_levels", t("field.readingLevel"));
    case "keywords":
      return list("keywords", t("field.keywords"));
    default:
      return null;
  }
}

/**
 * A text step's form: the values (kept as a draft while the creator visits other steps), and the
 * refusals, each re-checked as its field changes so a fixed one goes away and a changed count shows.
 */
function useStepForm(draftKey: string | null, initial: Values, keys: readonly TextKey[]) {
  const baseline = JSON.stringify(keys.map((key) => initial[key]).concat(initial.type));
  const [values, setValues, discard] = useWizardDraft(draftKey, baseline, () => initial);
  const [problems, setProblemsNow] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  // A refused "Save and continue" takes the creator to the first field to fix, whose label, count and
  // refusal a screen reader then reads.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [refusals]);
  const setProblems = (next: Record<string, string>) => {
    setProblemsNow(next);
    if (Object.keys(next).some((key) => key !== "form")) setRefusals((n) => n + 1);
  };
  const [busy, setBusy] = useState(false);
  const setValue = (key: keyof Values, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    setProblemsNow((current) => {
      // The title's limit depends on the display title: changing one re-checks the other.
      const touched = key === "display" ? ["display", "title"] : [key];
      const stale = touched.filter((k) => current[k] !== undefined);
      if (stale.length === 0 && !current.form) return current;
      const updated = { ...current };
      delete updated.form;
      const rechecked = checkResourceText(fieldsOf(next, keys), keys) as Record<string, string>;
      for (const k of stale) {
        if (rechecked[k]) updated[k] = rechecked[k];
        else delete updated[k];
      }
      return updated;
    });
  };
  return { values, setValue, problems, setProblems, busy, setBusy, discard, formRef };
}

function SubmitRow({ t, busy, formProblem }: { t: PublishingTexts; busy: boolean; formProblem?: string }) {
  return (
    <div className="flex flex-col items-start gap-2">
      {formProblem ? (
        <p role="alert" className="font-medium text-danger">
          {formProblem === "save" ? t("wizard.saveFailed") : formProblem}
        </p>
      ) : null}
      <Button variant="primary" type="submit" busy={busy}>
        {busy ? t("wizard.saving") : t("wizard.next")}
      </Button>
    </div>
  );
}

/** One text step of an existing resource: checked with the domain's rules, then saved (and checked again). */
export function TextStep({ step, resource, t, save }: StepProps & { step: ResourceEditStep }) {
  const keys = STEP_FIELDS[step] ?? [];
  const form = useStepForm(`${resource.id}:${step}`, valuesOf(resource), keys);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = fieldsOf(form.values, keys);
    const problems = checkResourceText(fields, keys);
    form.setProblems(problems);
    if (Object.keys(problems).length > 0) return;
    form.setBusy(true);
    const patch: Record<string, unknown> = { ...fields };
    if (step === "title") {
      patch.display = fields.display || null;
      patch.subtitle = fields.subtitle || null;
      patch.type = form.values.type || "Other";
    }
    if (step === "reading-level") patch.reading_levels = fields.reading_levels || null;
    const serverProblems = await save(patch);
    form.setBusy(false);
    if (serverProblems) form.setProblems(serverProblems);
    else form.discard();
  };

  return (
    <form
      ref={form.formRef}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="flex max-w-xl flex-col gap-5"
    >
      <StepInputs step={step} values={form.values} setValue={form.setValue} problems={form.problems} t={t} />
      <SubmitRow t={t} busy={form.busy} formProblem={form.problems.form} />
    </form>
  );
}

/** The title step of a new resource: saving it creates the resource (POST /resources), then the wizard goes on. */
export function NewTitleStep({ t }: { t: PublishingTexts }) {
  const keys = STEP_FIELDS.title ?? [];
  const form = useStepForm(null, valuesOf(null), keys);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = fieldsOf(form.values, keys);
    const problems = checkResourceText(fields, keys);
    form.setProblems(problems);
    if (Object.keys(problems).length > 0) return;
    form.setBusy(true);
    try {
      const created = await api.post<PublishingResource>("/resources", {
        title: fields.title,
        display: fields.display || null,
        subtitle: fields.subtitle || null,
        type: form.values.type || "Other",
      });
      queryClient.setQueryData(editQueryKey(created.id), created);
      navigate(`/resources/${created.id}/edit/categories`, { replace: true });
    } catch (error) {
      form.setProblems(error instanceof ApiError && error.fields ? error.fields : { form: "save" });
      form.setBusy(false);
    }
  };

  return (
    <form
      ref={form.formRef}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="flex max-w-xl flex-col gap-5"
    >
      <StepInputs step="title" values={form.values} setValue={form.setValue} problems={form.problems} t={t} />
      <SubmitRow t={t} busy={form.busy} formProblem={form.problems.form} />
    </form>
  );
}
