import type { PublishingResource } from "@market/domain";
import {
  RESOURCE_TEXT_FIELDS,
  type ResourceStatusAction,
  type ResourceTextFields,
  resourceStatusActions,
} from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ApiError } from "../../api/client.ts";
import { Button, LinkButton } from "../../components/ui/index.ts";
import { WizardProblem } from "../../components/wizard/WizardProblem.tsx";
import { useSiteSettings } from "../../state/site-config.ts";
import { ListingPreview } from "./ListingPreview.tsx";
import { PUBLISHING_KEY, runStatusAction } from "./PublishingPage.tsx";
import type { PublishingTextKey, PublishingTexts } from "./publishing-texts.ts";
import { refusalText } from "./TextSteps.tsx";
import type { StepProps } from "./wizard-step.ts";

const TEXT_FIELDS: ReadonlySet<string> = new Set(RESOURCE_TEXT_FIELDS);

/** Field problems of a refused submission, in the creator's words, with the count and the limit. */
function missingTexts(
  fields: Record<string, string>,
  resource: PublishingResource,
  t: PublishingTexts,
  maxMb: number,
) {
  const saved: ResourceTextFields = {
    title: resource.title,
    display: resource.display,
    subtitle: resource.subtitle,
    subject_area: resource.subject_area,
    description: resource.description,
    grade: resource.grade,
    reading_levels: resource.reading_levels,
    skills: resource.skillsArray,
    standards: resource.standardsArray,
    keywords: resource.keywordsArray,
  };
  return Object.entries(fields).map(([field, code]) => {
    if (TEXT_FIELDS.has(field)) {
      const step = t(`step.${stepOf(field)}` as PublishingTextKey);
      return t("status.missingField", {
        step,
        problem: refusalText(t, field as keyof ResourceTextFields, code, saved) ?? "",
      });
    }
    const key = (
      field === "files" || field === "images" ? `${field}.${code}` : `price.${code}`
    ) as PublishingTextKey;
    const text = t(key, { max: String(maxMb) });
    return text === key ? t("problem.unknown") : text;
  });
}

function stepOf(field: string): string {
  const steps: Record<string, string> = {
    title: "title",
    display: "title",
    subtitle: "title",
    subject_area: "categories",
    description: "description",
    grade: "grade",
    skills: "skills",
    standards: "standards",
    reading_levels: "reading-level",
    keywords: "keywords",
  };
  return steps[field] ?? "status";
}

/**
 * The status step: the derived status, the reviewer's reason after a rejection, and the actions the
 * status allows (spec 4). A refused submission lists what is missing.
 */
export function StatusStep({ resource, t, refresh }: StepProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const maxMb = useSiteSettings().maxCombinedFileSize;
  const [missing, setMissing] = useState<string[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const actions = resourceStatusActions(resource.derivedStatus).filter(
    (a): a is Exclude<ResourceStatusAction, "edit" | "view" | "delete"> =>
      a !== "edit" && a !== "view" && a !== "delete",
  );

  const run = async (action: ResourceStatusAction) => {
    setBusy(true);
    setMissing([]);
    setFailed(null);
    try {
      await runStatusAction(resource.id, action);
      void queryClient.invalidateQueries({ queryKey: PUBLISHING_KEY });
      if (action === "submit") navigate(`/resources/${encodeURIComponent(resource.id)}/completed`);
      else await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.fields)
        setMissing(missingTexts(error.fields, resource, t, maxMb));
      else setFailed(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4 [&>*:not(section)]:max-w-2xl">
      <p>{t("status.intro")}</p>
      <p className="text-lg font-semibold" role="status">
        {t("status.current", { status: t(`status.${resource.derivedStatus}`) })}
      </p>
      {resource.derivedStatus === "rejected" && resource.rejection_reason ? (
        <p className="rounded-ui border border-line bg-wash p-3">
          {t("status.rejectedBecause", { reason: resource.rejection_reason })}
        </p>
      ) : null}
      {actions.includes("submit") ? (
        <ListingPreview resourceId={resource.id} name={resource.name} t={t} />
      ) : null}
      <div className="flex flex-wrap gap-3">
        {/* Submitting is what this step is for: the one primary action, first. */}
        {[...actions]
          .sort((a, b) => Number(b === "submit") - Number(a === "submit"))
          .map((action) => (
            <Button
              variant={action === "submit" ? "primary" : "secondary"}
              key={action}
              disabled={busy}
              onClick={() => void run(action)}
            >
              {t(`action.${action}`)}
            </Button>
          ))}
      </div>
      {missing.length > 0 ? (
        <div role="alert" className="rounded-ui border border-danger p-3">
          <p className="font-medium">{t("status.missing")}</p>
          <ul className="mt-2 list-disc pl-5">
            {missing.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <WizardProblem text={failed} />
      {resourceStatusActions(resource.derivedStatus).includes("delete") ? (
        <Link
          to={`/resources/${encodeURIComponent(resource.id)}/edit/delete`}
          className="self-start text-sm font-medium text-danger underline"
        >
          {t("status.deleteLink")}
        </Link>
      ) : null}
    </div>
  );
}

/** The delete step: deleting removes the resource and its stored files; the wizard then says so (step 14). */
export function DeleteStep({ resource, t }: StepProps) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<"idle" | "busy" | "done" | string>("idle");
  const remove = async () => {
    setState("busy");
    try {
      await runStatusAction(resource.id, "delete");
      queryClient.removeQueries({ queryKey: [...PUBLISHING_KEY, "edit", resource.id] });
      void queryClient.invalidateQueries({ queryKey: PUBLISHING_KEY });
      setState("done");
    } catch (error) {
      setState(
        error instanceof ApiError && error.code === "resource_has_sales"
          ? t("delete.hasSales")
          : error instanceof Error
            ? error.message
            : String(error),
      );
    }
  };
  if (state === "done") {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="status">{t("delete.done")}</p>
        <LinkButton variant="secondary" to="/publishing">
          {t("completed.back")}
        </LinkButton>
      </div>
    );
  }
  return (
    <div className="flex max-w-xl flex-col items-start gap-4">
      <p>{t("delete.body")}</p>
      <Button
        variant="danger"
        disabled={state === "busy" || !resourceStatusActions(resource.derivedStatus).includes("delete")}
        onClick={() => void remove()}
      >
        {t("delete.confirm")}
      </Button>
      <WizardProblem text={state !== "idle" && state !== "busy" ? state : null} />
    </div>
  );
}
