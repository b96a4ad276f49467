import {
  checkResourceText,
  countCharacters,
  explainResourceText,
  GRADES,
  type PublishingResource,
  RESOURCE_TEXT_LIMITS,
  RESOURCE_TYPES,
  type ResourceCreate,
  type ResourceEditStep,
  type ResourcePatch,
  type ResourceTextFields,
  resourceCreateSchema,
  resourcePatchSchema,
  resourceTextLimit,
  STEP_FIELDS,
  SUBJECT_AREAS,
  splitTextList,
} from "@market/domain";
import { z } from "@market/domain/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useNavigate } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { useDomainForm } from "../../components/ui/form.ts";
import { Button, SelectField, TextAreaField, TextField } from "../../components/ui/index.ts";
import { WizardProblem } from "../../components/wizard/WizardProblem.tsx";
import type { PublishingTextKey, PublishingTexts } from "./publishing-texts.ts";
import { clearDraft, readDraft, writeDraft } from "./wizard-drafts.ts";
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
  register,
  errors,
  t,
}: {
  step: ResourceEditStep;
  /** What the boxes hold now, for the live counts. */
  values: Values;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  t: PublishingTexts;
}) {
  const id = useId();
  const fields = fieldsOf(values, ["display"]);
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
        error={errors[key]?.message}
        count={max === null ? undefined : { used: countCharacters(values[key]), max }}
        // The title's limit depends on the display title: changing it re-checks the title.
        {...register(key, key === "display" ? { deps: ["title"] } : undefined)}
      />
    );
  };
  const list = (key: ListKey, label: string) => (
    <div key={key} className="flex flex-col gap-2">
      <TextField
        id={`${id}-${key}`}
        label={label}
        hint={t("field.listHint", { max: String(RESOURCE_TEXT_LIMITS.listItem.max) })}
        error={errors[key]?.message}
        {...register(key)}
      />
      <ListItems items={splitTextList(values[key])} label={t("field.listItems", { name: label })} t={t} />
    </div>
  );
  const select = (key: keyof Values, label: string, options: readonly string[]) => (
    <SelectField key={key} id={`${id}-${key}`} label={label} error={errors[key]?.message} {...register(key)}>
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
          error={errors.description?.message}
          count={{ used: countCharacters(values.description), min, max: max ?? 0 }}
          rows={8}
          {...register("description")}
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

/** The select offers the domain's types only; anything else (nothing chosen) is "Other". */
const typeOf = (values: Values) => RESOURCE_TYPES.find((type) => type === values.type) ?? "Other";

/**
 * A text step's boxes as typed, checked with the domain's text rules for the step's fields (each refusal
 * in the creator's words, with its count and limit), then turned into the body of the call that saves
 * them and checked with that call's own schema.
 */
function checkedTexts(t: PublishingTexts, keys: readonly TextKey[]) {
  return z.custom<Values>().superRefine((values, ctx) => {
    const fields = fieldsOf(values, keys);
    for (const [key, code] of Object.entries(checkResourceText(fields, keys))) {
      const message = refusalText(t, key as TextKey, code, fields) ?? code;
      ctx.addIssue({ code: "custom", path: [key], message });
    }
  });
}

/** PATCH /resources/{id}: the step's fields, an empty optional text as null. */
function patchSchema(t: PublishingTexts, step: ResourceEditStep, keys: readonly TextKey[]) {
  return checkedTexts(t, keys)
    .transform((values): ResourcePatch => {
      const fields = fieldsOf(values, keys);
      if (step === "title") {
        return {
          ...fields,
          display: fields.display || null,
          subtitle: fields.subtitle || null,
          type: typeOf(values),
        };
      }
      if (step === "reading-level") return { ...fields, reading_levels: fields.reading_levels || null };
      return fields;
    })
    .pipe(resourcePatchSchema);
}

/** POST /resources: the title step of a new resource. */
function createSchema(t: PublishingTexts, keys: readonly TextKey[]) {
  return checkedTexts(t, keys)
    .transform((values): ResourceCreate => {
      const fields = fieldsOf(values, keys);
      return {
        title: fields.title ?? "",
        display: fields.display || null,
        subtitle: fields.subtitle || null,
        type: typeOf(values),
      };
    })
    .pipe(resourceCreateSchema);
}

type StepSchema = ReturnType<typeof patchSchema> | ReturnType<typeof createSchema>;

/**
 * A text step's form, checked with `schema`: refusals show once "Save and continue" is pressed (the first
 * field to fix gets the focus, so a screen reader reads its label, count and refusal), then follow the
 * field as it changes. The values are kept as a draft while the creator visits other steps.
 */
function useStepForm<S extends StepSchema>(
  schema: S,
  draftKey: string | null,
  initial: Values,
  keys: readonly TextKey[],
  t: PublishingTexts,
) {
  const baseline = JSON.stringify(keys.map((key) => initial[key]).concat(initial.type));
  const kept = () => (draftKey === null ? null : readDraft<Values>(draftKey, baseline)) ?? initial;
  const [defaultValues] = useState(kept);
  const form = useDomainForm(schema as StepSchema, { mode: "onSubmit", defaultValues });
  const { watch, reset, clearErrors, setError, getValues } = form;

  // Every change is kept as the draft, and makes a failed save's message stale.
  useEffect(() => {
    const watching = watch((values, { type }) => {
      if (type !== "change") return;
      if (draftKey !== null) writeDraft(draftKey, baseline, values);
      clearErrors("root");
    });
    return () => watching.unsubscribe();
  }, [watch, clearErrors, draftKey, baseline]);

  // The saved data changed underneath (a save, a refresh after a refused save): start again from them.
  const shownBaseline = useRef(baseline);
  useEffect(() => {
    if (shownBaseline.current === baseline) return;
    shownBaseline.current = baseline;
    reset(kept());
  });

  /** The server's refusals (field -> code) beside their fields, the first focused; a failure below. */
  const showProblems = (problems: Record<string, string>) => {
    const fields = fieldsOf(getValues(), keys);
    let shown = false;
    for (const [key, code] of Object.entries(problems)) {
      if (key === "form") {
        setError("root.server", { message: code === "save" ? t("wizard.saveFailed") : code });
        shown = true;
      } else if ((keys as readonly string[]).includes(key)) {
        const message = refusalText(t, key as TextKey, code, fields) ?? code;
        setError(key as TextKey, { type: "server", message }, { shouldFocus: !shown });
        shown = true;
      }
    }
    if (!shown) setError("root.server", { message: t("problem.unknown") });
  };
  const discard = () => {
    if (draftKey !== null) clearDraft(draftKey);
  };
  return { ...form, showProblems, discard };
}

function SubmitRow({ t, busy, formProblem }: { t: PublishingTexts; busy: boolean; formProblem?: string }) {
  return (
    <div className="flex flex-col items-start gap-2">
      <WizardProblem text={formProblem} />
      <Button variant="primary" type="submit" busy={busy}>
        {busy ? t("wizard.saving") : t("wizard.next")}
      </Button>
    </div>
  );
}

/** One text step of an existing resource: checked with the domain's rules, then saved (and checked again). */
export function TextStep({ step, resource, t, save }: StepProps & { step: ResourceEditStep }) {
  const keys = STEP_FIELDS[step] ?? [];
  const schema = useMemo(() => patchSchema(t, step, keys), [t, step, keys]);
  const form = useStepForm(schema, `${resource.id}:${step}`, valuesOf(resource), keys, t);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (patch) => {
    const serverProblems = await save(patch as Record<string, unknown>);
    if (serverProblems) form.showProblems(serverProblems);
    else form.discard();
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex max-w-xl flex-col gap-5">
      <StepInputs step={step} values={form.watch()} register={form.register} errors={errors} t={t} />
      <SubmitRow t={t} busy={isSubmitting} formProblem={errors.root?.server?.message} />
    </form>
  );
}

/** The title step of a new resource: saving it creates the resource (POST /resources), then the wizard goes on. */
export function NewTitleStep({ t }: { t: PublishingTexts }) {
  const keys = STEP_FIELDS.title ?? [];
  const schema = useMemo(() => createSchema(t, keys), [t, keys]);
  const form = useStepForm(schema, null, valuesOf(null), keys, t);
  const { errors, isSubmitting } = form.formState;
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const created = await api.call("POST /resources", { body: body as ResourceCreate });
      queryClient.setQueryData(editQueryKey(created.id), created);
      navigate(`/resources/${created.id}/edit/categories`, { replace: true });
    } catch (error) {
      form.showProblems(error instanceof ApiError && error.fields ? error.fields : { form: "save" });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex max-w-xl flex-col gap-5">
      <StepInputs step="title" values={form.watch()} register={form.register} errors={errors} t={t} />
      <SubmitRow t={t} busy={isSubmitting} formProblem={errors.root?.server?.message} />
    </form>
  );
}
