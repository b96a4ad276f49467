import {
  type Ad,
  type AdEditStep,
  type AdPatch,
  adEditSteps,
  canOpenAdStep,
  nextAdStep,
  resolveAdStep,
} from "@market/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { Button, EmptyState, LinkButton } from "../../components/ui/index.ts";
import { useStepNavigation, useWizardRoute } from "../../components/wizard/use-wizard.ts";
import { WizardShell } from "../../components/wizard/WizardShell.tsx";
import { AdPreview, previewIsWide } from "./AdPreview.tsx";
import { AdReviewPanel } from "./AdReviewPanel.tsx";
import { adFormatName, inSentence, useAdvertisingTexts } from "./advertising-texts.ts";
import { IdentityStep, TitleDescriptionStep } from "./steps/AlternateSteps.tsx";
import { adKey, stepLabel } from "./steps/ad-step.ts";
import { isAdStepLocked, isTextStep } from "./steps/ad-step-rules.ts";
import { DeleteStep } from "./steps/DeleteStep.tsx";
import { ImageStep } from "./steps/ImageStep.tsx";
import { PaymentStep } from "./steps/PaymentStep.tsx";
import { SpendStep } from "./steps/SpendStep.tsx";
import { StatusStep } from "./steps/StatusStep.tsx";
import { StylingStep } from "./steps/StylingStep.tsx";
import { TargetingStep } from "./steps/TargetingStep.tsx";
import { TextFieldStep } from "./steps/TextFieldStep.tsx";

/**
 * /advertising/{id}/edit[/:step]: the ad wizard (spec 2 and 4). Each step saves as the advertiser goes on
 * (the ad was created on the first save); the text limits are the type's (spec 5), checked here with the
 * domain's rules and again by the server. Beside every step, the ad in its real slot, with what the step
 * has changed and not saved yet (AdPreview).
 */
export default function AdWizard() {
  const { id = "", stepName, isAdmin } = useWizardRoute();
  const t = useAdvertisingTexts();
  const query = useQuery({
    queryKey: adKey(id),
    queryFn: ({ signal }) => api.call("GET /advertisements/:id", { params: { id }, signal }),
  });
  if (query.isError) return <AdLoadFailure error={query.error} retry={() => void query.refetch()} />;
  if (!query.data) return <p role="status">{t("ads.loading")}</p>;
  const resolved = resolveAdStep(stepName);
  const step: AdEditStep = resolved && canOpenAdStep(resolved, isAdmin) ? resolved : "image";
  return <AdWizardStep ad={query.data} step={step} isAdmin={isAdmin} />;
}

/** The loaded ad at one step, in the wizards' shell, with the ad's live preview beside the step. */
function AdWizardStep({ ad, step, isAdmin }: { ad: Ad; step: AdEditStep; isAdmin: boolean }) {
  const t = useAdvertisingTexts();
  // The open step's changes not saved yet, shown in the preview; another step starts from the saved ad.
  const [draft, setDraft] = useState<{ step: AdEditStep; ad: string; changes: Partial<Ad> }>({
    step,
    ad: ad.id,
    changes: {},
  });
  const changes = draft.step === step && draft.ad === ad.id ? draft.changes : {};
  const onDraft = (patch: Partial<Ad>) =>
    setDraft((current) => ({
      step,
      ad: ad.id,
      changes: { ...(current.step === step && current.ad === ad.id ? current.changes : {}), ...patch },
    }));
  const steps = adEditSteps(ad.ad_type, isAdmin);
  const base = `/advertising/${ad.id}/edit`;
  const { goNext, stepHref } = useStepNavigation(base, nextAdStep(step, ad.ad_type, isAdmin));
  const position = steps.indexOf(step);

  return (
    <WizardShell
      stepsLabel={t("ads.wizard.steps")}
      steps={steps}
      current={step}
      stepLabel={(s) => stepLabel(t, s)}
      stepHref={stepHref}
      title={t("ads.wizard.title", { format: inSentence(adFormatName(t, ad.ad_type)) })}
      progress={
        position >= 0
          ? t("ads.wizard.position", { step: String(position + 1), total: String(steps.length) })
          : undefined
      }
      heading={stepLabel(t, step)}
      beside={<AdPreview ad={{ ...ad, ...changes }} />}
      besideWide={previewIsWide(ad.ad_type)}
    >
      {isAdStepLocked(ad, step) ? (
        <p role="alert">
          {t("ads.wizard.locked")}{" "}
          <Link to={`${base}/status`} className="underline">
            {t("ads.wizard.lockedStatus")}
          </Link>
        </p>
      ) : (
        <StepBody
          key={`${ad.id}:${step}`}
          ad={ad}
          step={step}
          goNext={goNext}
          isAdmin={isAdmin}
          onDraft={onDraft}
        />
      )}
    </WizardShell>
  );
}

/** The ad could not be loaded: an unknown or deleted one says so with the ways on; a failure offers a retry. */
function AdLoadFailure({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useAdvertisingTexts();
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  const title = missing ? t("ads.wizard.notFound") : t("ads.wizard.loadFailed");
  return (
    <div className="mx-auto max-w-xl py-8">
      <h1 className="sr-only">{title}</h1>
      <EmptyState
        tone="error"
        title={title}
        body={missing ? t("ads.wizard.notFoundBody") : undefined}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            {missing ? null : (
              <Button variant="primary" onClick={retry}>
                {t("ads.wizard.retry")}
              </Button>
            )}
            <LinkButton variant={missing ? "primary" : "secondary"} to="/advertising/manage">
              {t("ads.wizard.yourAds")}
            </LinkButton>
            <LinkButton variant="secondary" to="/advertising/create">
              {t("ads.wizard.createAd")}
            </LinkButton>
          </div>
        }
      />
    </div>
  );
}

function StepBody({
  ad,
  step,
  goNext,
  isAdmin,
  onDraft,
}: {
  ad: Ad;
  step: AdEditStep;
  goNext: () => void;
  isAdmin: boolean;
  onDraft: (patch: Partial<Ad>) => void;
}) {
  const queryClient = useQueryClient();
  const save = async (patch: AdPatch) => {
    const updated = await api.call("PATCH /advertisements/:id", { params: { id: ad.id }, body: patch });
    queryClient.setQueryData(adKey(ad.id), updated);
    void queryClient.invalidateQueries({ queryKey: ["ads", "own"], exact: false, refetchType: "none" });
  };
  const props = { ad, save, goNext, onDraft };
  if (isTextStep(step)) return <TextFieldStep key={step} {...props} step={step} />;
  switch (step) {
    case "image":
      return <ImageStep {...props} />;
    case "title-description":
      return <TitleDescriptionStep {...props} />;
    case "identity":
      return <IdentityStep {...props} />;
    case "targeting":
      return <TargetingStep {...props} />;
    case "ad-spend":
      return <SpendStep {...props} isAdmin={isAdmin} />;
    case "payment":
      return <PaymentStep ad={ad} isAdmin={isAdmin} />;
    case "styling":
      return <StylingStep {...props} />;
    case "review":
      return <AdReviewPanel ad={ad} />;
    case "delete":
      return <DeleteStep ad={ad} />;
    default:
      return <StatusStep ad={ad} isAdmin={isAdmin} />;
  }
}
