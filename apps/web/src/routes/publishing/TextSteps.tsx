import {
  checkResourceText,
  GRADES,
  RESOURCE_TEXT_LIMITS,
  RESOURCE_TYPES,
  type ResourceEditStep,
  type ResourceTextFields,
  STEP_FIELDS,
  SUBJECT_AREAS,
  splitTextList,
} from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import type { PublishingResource } from "../../api/types.ts";
import { Button } from "../../components/ui/index.ts";
import type { PublishingTexts } from "./publishing-texts.ts";
import type { StepProps } from "./ResourceWizard.tsx";
import { editQueryKey } from "./ResourceWizard.tsx";

type TextKey = keyof ResourceTextFields;
type Values = Record<TextKey | "type", string>;

const LIST_FIELDS: ReadonlySet<TextKey> = new Set(["skills", "standards", "keywords"]);
const input = "w-full rounded-ui border border-line bg-paper px-3 py-2";

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

function problemText(t: PublishingTexts, code: string | undefined) {
  if (!code) return null;
  const key = `problem.${code}` as Parameters<PublishingTexts>[0];
  const text = t(key);
  return text === key ? code : text;
}

function Field({
  label,
  hint,
  problem,
  children,
}: {
  label: string;
  hint?: string;
  problem: string | null;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", problem ? `${id}-problem` : ""].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children(id, describedBy || undefined)}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
    </div>
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
  const text = (key: TextKey, label: string, hint?: string) => (
    <Field key={key} label={label} hint={hint} problem={problemText(t, problems[key])}>
      {(id, describedBy) => (
        <input
          id={id}
          className={input}
          value={values[key]}
          aria-describedby={describedBy}
          aria-invalid={problems[key] ? true : undefined}
          onChange={(e) => setValue(key, e.target.value)}
        />
      )}
    </Field>
  );
  const select = (key: keyof Values, label: string, options: readonly string[]) => (
    <Field key={key} label={label} problem={problemText(t, problems[key])}>
      {(id, describedBy) => (
        <select
          id={id}
          className={input}
          value={values[key]}
          aria-describedby={describedBy}
          onChange={(e) => setValue(key, e.target.value)}
        >
          <option value="">—</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  switch (step) {
    case "title":
      return (
        <>
          {text("title", t("field.title"), t("field.displayHint"))}
          {text("display", t("field.display"))}
          {text("subtitle", t("field.subtitle"))}
          {select("type", t("field.type"), RESOURCE_TYPES)}
        </>
      );
    case "categories":
      return select("subject_area", t("field.subject"), SUBJECT_AREAS);
    case "description": {
      const { min, max } = RESOURCE_TEXT_LIMITS.description;
      return (
        <Field
          label={t("field.description")}
          hint={t("wizard.chars", {
            count: String(values.description.trim().length),
            min: String(min),
            max: String(max),
          })}
          problem={problemText(t, problems.description)}
        >
          {(id, describedBy) => (
            <textarea
              id={id}
              rows={8}
              className={input}
              value={values.description}
              aria-describedby={describedBy}
              onChange={(e) => setValue("description", e.target.value)}
            />
          )}
        </Field>
      );
    }
    case "grade":
      return select("grade", t("field.grade"), GRADES);
    case "skills":
      return text("skills", t("field.skills"), t("field.listHint"));
    case "standards":
      return text("standards", t("field.standards"), t("field.listHint"));
    case "reading-level":
      return text("reading_levels", t("field.readingLevel"));
    case "keywords":
      return text("keywords", t("field.keywords"), t("field.listHint"));
    default:
      return null;
  }
}

function useStepForm(initial: Values) {
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const setValue = (key: keyof Values, value: string) => setValues((v) => ({ ...v, [key]: value }));
  return { values, setValue, problems, setProblems, busy, setBusy };
}

function SubmitRow({ t, busy, formProblem }: { t: PublishingTexts; busy: boolean; formProblem?: string }) {
  return (
    <div className="flex flex-col items-start gap-2">
      {formProblem ? (
        <p role="alert" className="font-medium text-danger">
          {formProblem === "save" ? t("wizard.saveFailed") : formProblem}
        </p>
      ) : null}
      <Button variant="primary" type="submit" disabled={busy}>
        {busy ? t("wizard.saving") : t("wizard.next")}
      </Button>
    </div>
  );
}

/** One text step of an existing resource: checked with the domain's rules, then saved (and checked again). */
export function TextStep({ step, resource, t, save }: StepProps & { step: ResourceEditStep }) {
  const form = useStepForm(valuesOf(resource));
  const keys = STEP_FIELDS[step] ?? [];

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
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex max-w-xl flex-col gap-4">
      <StepInputs step={step} values={form.values} setValue={form.setValue} problems={form.problems} t={t} />
      <SubmitRow t={t} busy={form.busy} formProblem={form.problems.form} />
    </form>
  );
}

/** The title step of a new resource: saving it creates the resource (POST /resources), then the wizard goes on. */
export function NewTitleStep({ t }: { t: PublishingTexts }) {
  const form = useStepForm(valuesOf(null));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const keys = STEP_FIELDS.title ?? [];

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
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex max-w-xl flex-col gap-4">
      <StepInputs step="title" values={form.values} setValue={form.setValue} problems={form.problems} t={t} />
      <SubmitRow t={t} busy={form.busy} formProblem={form.problems.form} />
    </form>
  );
}
