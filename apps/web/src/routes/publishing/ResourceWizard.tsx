import type { PublishingResource } from "@market/domain";
import {
  canOpenEditStep,
  editStepIndex,
  nextEditStep,
  previousEditStep,
  RESOURCE_EDIT_STEPS,
  type ResourceEditStep,
  resolveEditStep,
} from "@market/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { Button } from "../../components/ui/index.ts";
import { useStepNavigation, useWizardRoute } from "../../components/wizard/use-wizard.ts";
import { WizardShell } from "../../components/wizard/WizardShell.tsx";
import { FilesStep } from "./FilesStep.tsx";
import { ImagesStep } from "./ImagesStep.tsx";
import { PriceStep } from "./PriceStep.tsx";
import { PUBLISHING_KEY } from "./PublishingPage.tsx";
import { type PublishingTexts, usePublishingTexts } from "./publishing-texts.ts";
import { ReviewPanel } from "./ReviewPanel.tsx";
import { DeleteStep, StatusStep } from "./StatusSteps.tsx";
import { NewTitleStep, TextStep } from "./TextSteps.tsx";
import { editQueryKey, type StepProps } from "./wizard-step.ts";

/** The steps a viewer walks through, in the spec's order (the review step for admins). */
function visibleSteps(isAdmin: boolean): ResourceEditStep[] {
  return RESOURCE_EDIT_STEPS.filter((step) => step !== "delete" && canOpenEditStep(step, isAdmin));
}

/**
 * /resources/edit[/:step] and /resources/{id}/edit[/:step]: the wizard. Each step saves as the creator
 * advances and remembers the step, so leaving and coming back opens the same step with nothing lost.
 */
export default function ResourceWizard() {
  const t = usePublishingTexts();
  const { id, stepName, isAdmin } = useWizardRoute();
  const navigate = useNavigate();
  const step = stepName === undefined ? null : resolveEditStep(stepName);

  const resource = useQuery({
    queryKey: editQueryKey(id ?? ""),
    queryFn: ({ signal }) => api.call("GET /resources/:id/edit", { params: { id: id ?? "" }, signal }),
    enabled: id !== undefined,
  });

  // Without a step in the URL, open the remembered one (or the first).
  useEffect(() => {
    if (stepName !== undefined) return;
    if (id === undefined) navigate("/resources/edit/pre-check", { replace: true });
    else if (resource.data) {
      const remembered = resolveEditStep(resource.data.step) ?? "pre-check";
      navigate(`/resources/${encodeURIComponent(id)}/edit/${remembered}`, { replace: true });
    }
  }, [id, stepName, resource.data, navigate]);

  // A step no one may open here: unknown, an admin's, or past the title before the resource exists.
  const unknownStep =
    (stepName !== undefined && (step === null || !canOpenEditStep(step, isAdmin))) ||
    (id === undefined && step !== null && step !== "pre-check" && step !== "title");
  if (unknownStep) {
    return (
      <WizardFrame t={t} title={t("wizard.title.new")}>
        {t("problem.unknown_step")}
      </WizardFrame>
    );
  }
  if (id === undefined) {
    return (
      <WizardFrame t={t} title={t("wizard.title.new")} step={step ?? "pre-check"} isAdmin={isAdmin}>
        {step === "title" ? (
          <NewTitleStep t={t} />
        ) : (
          <PreCheck t={t} onStart={() => navigate("/resources/edit/title")} />
        )}
      </WizardFrame>
    );
  }
  if (resource.isError) {
    const gone = resource.error instanceof ApiError && resource.error.status === 404;
    return (
      <WizardFrame t={t} title={t("wizard.title.new")}>
        <p role="alert">{gone ? t("problem.unknown_step") : t("wizard.loadFailed")}</p>
      </WizardFrame>
    );
  }
  if (!resource.data || step === null) return <p role="status">{t("publishing.loading")}</p>;
  return <ExistingResourceWizard resource={resource.data} step={step} isAdmin={isAdmin} />;
}

function ExistingResourceWizard({
  resource,
  step,
  isAdmin,
}: {
  resource: PublishingResource;
  step: ResourceEditStep;
  isAdmin: boolean;
}) {
  const t = usePublishingTexts();
  const queryClient = useQueryClient();
  const base = `/resources/${encodeURIComponent(resource.id)}/edit`;
  const next = nextEditStep(step, isAdmin);
  const { goNext, stepHref } = useStepNavigation(base, next);

  const save: StepProps["save"] = async (patch) => {
    try {
      const updated = await api.call("PATCH /resources/:id", {
        params: { id: resource.id },
        body: { ...patch, step: next ?? step },
      });
      queryClient.setQueryData(editQueryKey(resource.id), updated);
      void queryClient.invalidateQueries({ queryKey: PUBLISHING_KEY, exact: false, refetchType: "none" });
      goNext();
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.fields) return error.fields;
      return {
        form: error instanceof ApiError && error.code === "resource_not_editable" ? error.message : "save",
      };
    }
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: editQueryKey(resource.id) });
  const props: StepProps = { resource, t, save, goNext, refresh, isAdmin };
  const locked =
    !resource.editable && !isAdmin && !["pre-check", "status", "review", "delete"].includes(step);

  let body: ReactNode;
  if (locked) {
    body = (
      <p role="alert" className="rounded-ui border border-line p-4">
        {t("wizard.notEditable", { status: t(`status.${resource.derivedStatus}`).toLowerCase() })}{" "}
        <Link to={`${base}/status`} className="font-medium underline">
          {t("step.status")}
        </Link>
      </p>
    );
  } else {
    switch (step) {
      case "pre-check":
        body = <PreCheck t={t} onStart={goNext} />;
        break;
      case "files":
        body = <FilesStep {...props} />;
        break;
      case "images":
        body = <ImagesStep {...props} />;
        break;
      case "price":
        body = <PriceStep {...props} />;
        break;
      case "status":
        body = <StatusStep {...props} />;
        break;
      case "review":
        body = <ReviewPanel resource={resource} t={t} onDone={refresh} />;
        break;
      case "delete":
        body = <DeleteStep {...props} />;
        break;
      default:
        body = <TextStep key={step} step={step} {...props} />;
    }
  }
  const previous = previousEditStep(step, isAdmin);
  return (
    <WizardFrame
      t={t}
      title={t("wizard.title.edit", { title: resource.title })}
      step={step}
      isAdmin={isAdmin}
      stepLink={stepHref}
      back={previous && step !== "delete" ? `${base}/${previous}` : undefined}
    >
      {body}
    </WizardFrame>
  );
}

function PreCheck({ t, onStart }: { t: PublishingTexts; onStart: () => void }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="max-w-prose">{t("precheck.body")}</p>
      <Button variant="primary" onClick={onStart}>
        {t("precheck.start")}
      </Button>
    </div>
  );
}

function WizardFrame({
  t,
  title,
  step,
  isAdmin = false,
  stepLink,
  back,
  children,
}: {
  t: PublishingTexts;
  title: string;
  step?: ResourceEditStep;
  isAdmin?: boolean;
  stepLink?: (step: ResourceEditStep) => string;
  back?: string;
  children: ReactNode;
}) {
  const steps = visibleSteps(isAdmin);
  return (
    <WizardShell
      stepsLabel={t("wizard.steps")}
      steps={steps}
      current={step}
      stepLabel={(s) => t(`step.${s}`)}
      stepHref={stepLink}
      title={title}
      progress={
        step
          ? t("wizard.progress", {
              index: String(Math.min(editStepIndex(step), steps.length - 1) + 1),
              count: String(steps.length),
              name: t(`step.${step}`),
            })
          : undefined
      }
      heading={step ? t(`step.${step}`) : null}
      back={back ? { to: back, label: t("wizard.back") } : undefined}
    >
      {children}
    </WizardShell>
  );
}
