import {
  AD_IMAGE_FILL_MAX_CROP,
  AD_IMAGE_RULES,
  type Ad,
  type AdEditStep,
  type AdImageFit,
  adEditSteps,
  adImageCropShare,
  adTextLimit,
  canOpenAdStep,
  checkAdSpend,
  checkAdText,
  formatMoney,
  GRADES,
  isIdentityComplete,
  isTargetingComplete,
  nextAdStep,
  parseDollars,
  resolveAdStep,
} from "@market/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, type MouseEvent, useEffect, useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError, api, fileUrl } from "../../api/client.ts";
import { uploadWithProgress } from "../../api/upload.ts";
import { Button, buttonClass, EmptyState, LinkButton } from "../../components/ui/index.ts";
import { useHoldIdleRedirect } from "../../state/idle.ts";
import { useSession } from "../../state/session.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { CheckoutFailure, useCheckoutAttempt } from "../checkout/checkout-attempt.tsx";
import { useCheckoutTexts } from "../checkout/checkout-texts.ts";
import { PaymentFields, usePaymentForm } from "../checkout/PaymentForm.tsx";
import { AdPreview, previewIsWide } from "./AdPreview.tsx";
import { AdReviewPanel } from "./AdReviewPanel.tsx";
import {
  type AdvertisingTextKey,
  type AdvertisingTexts,
  adFormatName,
  adStatusText,
  inSentence,
  useAdvertisingTexts,
} from "./advertising-texts.ts";

export const adKey = (id: string) => ["ads", "own", id] as const;
const STEP_LABEL: Record<string, AdvertisingTextKey> = {
  image: "ads.step.image",
  url: "ads.step.url",
  title: "ads.step.title",
  description: "ads.step.description",
  button: "ads.step.button",
  subtitle: "ads.step.subtitle",
  subject: "ads.step.subject",
  statement: "ads.step.statement",
  targeting: "ads.step.targeting",
  "ad-spend": "ads.step.adSpend",
  payment: "ads.step.payment",
  status: "ads.step.status",
  styling: "ads.step.styling",
  code: "ads.step.code",
  "discount-code": "ads.step.discountCode",
  "title-description": "ads.step.titleDescription",
  identity: "ads.step.identity",
  review: "ads.step.review",
  delete: "ads.step.delete",
};
const stepLabel = (t: AdvertisingTexts, step: string) => {
  const key = STEP_LABEL[step];
  return key ? t(key) : step;
};
const TEXT_STEPS = [
  "url",
  "title",
  "description",
  "button",
  "subtitle",
  "subject",
  "statement",
  "code",
  "discount-code",
] as const;
type TextStep = (typeof TEXT_STEPS)[number];
/** Fields an ad may leave empty: the admin's code, and the discount code that puts an ad on the offers page. */
const OPTIONAL_FIELDS = ["code", "discount_code"];
const FIELD_OF: Record<
  TextStep,
  | "click_url"
  | "title"
  | "description"
  | "button"
  | "subtitle"
  | "subject"
  | "statement"
  | "code"
  | "discount_code"
> = {
  url: "click_url",
  title: "title",
  description: "description",
  button: "button",
  subtitle: "subtitle",
  subject: "subject",
  statement: "statement",
  code: "code",
  "discount-code": "discount_code",
};
const PROBLEM: Record<string, AdvertisingTextKey> = {
  required: "ads.problem.required",
  too_short: "ads.problem.too_short",
  too_long: "ads.problem.too_long",
  invalid_url: "ads.problem.invalid_url",
};
/** A text check's problem code in words; a code the wizard does not know is shown as it is. */
const problemText = (t: AdvertisingTexts, code: string) => {
  const key = PROBLEM[code];
  return key ? t(key) : code;
};

/**
 * /advertising/{id}/edit[/:step]: the ad wizard (spec 2 and 4). Each step saves as the advertiser goes on
 * (the ad was created on the first save); the text limits are the type's (spec 5), checked here with the
 * domain's rules and again by the server. Beside every step, the ad in its real slot, with what the step
 * has changed and not saved yet (AdPreview).
 */
export default function AdWizard() {
  const { id = "", step: stepName } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const t = useAdvertisingTexts();
  useHoldIdleRedirect();
  const query = useQuery({
    queryKey: adKey(id),
    queryFn: ({ signal }) => api.get<Ad>(`/advertisements/${encodeURIComponent(id)}`, { signal }),
  });
  const resolved = resolveAdStep(stepName);
  const step: AdEditStep = resolved && canOpenAdStep(resolved, isAdmin) ? resolved : "image";
  // The open step's changes not saved yet, shown in the preview; another step starts from the saved ad.
  const [draft, setDraft] = useState<{ step: AdEditStep; ad: string; changes: Partial<Ad> }>({
    step,
    ad: id,
    changes: {},
  });
  const changes = draft.step === step && draft.ad === id ? draft.changes : {};
  const onDraft = (patch: Partial<Ad>) =>
    setDraft((current) => ({
      step,
      ad: id,
      changes: { ...(current.step === step && current.ad === id ? current.changes : {}), ...patch },
    }));
  if (query.isError) return <AdLoadFailure error={query.error} retry={() => void query.refetch()} />;
  const ad = query.data;
  if (!ad) return <p role="status">{t("ads.loading")}</p>;
  const steps = adEditSteps(ad.ad_type, isAdmin);
  const base = `/advertising/${ad.id}/edit`;
  const next = nextAdStep(step, ad.ad_type, isAdmin);
  const goNext = () => navigate(`${base}/${next ?? "status"}`);
  const locked = !ad.editable && !["status", "review", "payment", "delete"].includes(step);
  const position = steps.indexOf(step);
  const wide = previewIsWide(ad.ad_type);

  return (
    <section className="grid gap-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
      <nav aria-label={t("ads.wizard.steps")} className="hidden lg:block">
        <ol className="flex flex-col gap-1 text-sm">
          {steps.map((s) => (
            <li key={s}>
              <Link
                to={`${base}/${s}`}
                aria-current={s === step ? "step" : undefined}
                className={`block rounded-ui px-3 py-1.5 ${s === step ? "bg-wash font-semibold" : "text-muted"}`}
              >
                {stepLabel(t, s)}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex min-w-0 flex-col gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">
            {t("ads.wizard.title", { format: inSentence(adFormatName(t, ad.ad_type)) })}
          </h1>
          {position >= 0 ? (
            <p className="text-sm text-muted lg:hidden">
              {t("ads.wizard.position", { step: String(position + 1), total: String(steps.length) })}
            </p>
          ) : null}
        </div>
        <div
          className={
            wide ? "flex flex-col gap-8" : "grid gap-8 xl:grid-cols-[minmax(0,1fr)_auto] xl:items-start"
          }
        >
          <div className="flex max-w-2xl min-w-0 flex-col gap-4">
            <h2 className="text-xl font-semibold">{stepLabel(t, step)}</h2>
            {locked ? (
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
          </div>
          <div className={wide ? "" : "xl:w-96"}>
            <AdPreview ad={{ ...ad, ...changes }} />
          </div>
        </div>
      </div>
    </section>
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

/** What every saving step receives: the ad, the save of a patch (PATCH /advertisements/{id}), the way on. */
interface StepProps {
  ad: Ad;
  save: (patch: Record<string, unknown>) => Promise<void>;
  goNext: () => void;
  /** Shows a change in the preview before it is saved. */
  onDraft: (patch: Partial<Ad>) => void;
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
  const save = async (patch: Record<string, unknown>) => {
    const updated = await api.patch<Ad>(`/advertisements/${ad.id}`, patch);
    queryClient.setQueryData(adKey(ad.id), updated);
    void queryClient.invalidateQueries({ queryKey: ["ads", "own"], exact: false, refetchType: "none" });
  };
  const props = { ad, save, goNext, onDraft };
  if ((TEXT_STEPS as readonly string[]).includes(step))
    return <TextField key={step} {...props} step={step as TextStep} />;
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

function TextField({ ad, step, save, goNext, onDraft }: StepProps & { step: TextStep }) {
  const t = useAdvertisingTexts();
  const id = useId();
  const field = FIELD_OF[step];
  const [value, setValue] = useState(ad[field] ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const limit = adTextLimit(field, ad.ad_type);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = checkAdText(field, value, ad.ad_type);
    if (local && !(local === "required" && OPTIONAL_FIELDS.includes(field))) {
      setProblem(problemText(t, local));
      return;
    }
    setBusy(true);
    try {
      await save({ [field]: value.trim() || null });
      goNext();
    } catch (error) {
      const code = error instanceof ApiError ? error.fields?.[field] : undefined;
      setProblem(code ? problemText(t, code) : t("ads.wizard.saveFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
      <label htmlFor={id} className="font-medium">
        {stepLabel(t, step)}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          onDraft({ [field]: e.target.value });
        }}
        className="rounded-ui border border-line bg-paper px-3 py-2"
        aria-describedby={field === "code" ? `${id}-hint ${id}-code` : `${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t("ads.wizard.text.count", {
          count: String(value.trim().length),
          min: String(limit.min),
          max: String(limit.max),
        })}
      </p>
      {field === "code" ? (
        <p id={`${id}-code`} className="text-sm text-muted">
          {t("ads.wizard.code.hint")}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
      <Button variant="primary" className="self-start" type="submit" disabled={busy}>
        {t("ads.wizard.saveAndContinue")}
      </Button>
    </form>
  );
}

/** Uploads the ad's image or business image (PUT, multipart field file), checked first against the 1 MB limit. */
function useAdImageUpload(ad: Ad, kind: "image" | "business-image") {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > AD_IMAGE_RULES.maxBytes) {
      setProblem(AD_IMAGE_RULES.tooLargeMessage);
      return;
    }
    setBusy(true);
    setProblem(null);
    const form = new FormData();
    form.append("file", file, file.name);
    try {
      const updated = await uploadWithProgress<Ad>(`/advertisements/${ad.id}/${kind}`, form, {
        method: "PUT",
      });
      queryClient.setQueryData(adKey(ad.id), updated);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return { upload, problem, busy };
}

function Problem({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="font-medium text-danger">
      {text}
    </p>
  ) : null;
}

/** Removes the ad's image or business image (DELETE /advertisements/{id}/image and /business-image). */
function useAdImageRemoval(ad: Ad, kind: "image" | "business-image") {
  const t = useAdvertisingTexts();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const updated = await api.delete<Ad>(`/advertisements/${ad.id}/${kind}`);
      queryClient.setQueryData(adKey(ad.id), updated);
    } catch {
      setProblem(t("ads.wizard.image.removeFailed"));
    } finally {
      setBusy(false);
    }
  };
  return { remove, problem, busy };
}

/**
 * The image, and how it fills the format's space: the whole image, or filling it around the part the
 * advertiser keeps in view (two sliders, or a click on the image). The preview shows the choice at once;
 * Continue saves it with the ad (image_fit, image_focus_x, image_focus_y), and the page's slots draw it so.
 */
function ImageStep({ ad, save, goNext, onDraft }: StepProps) {
  const t = useAdvertisingTexts();
  const id = useId();
  const { upload, problem, busy } = useAdImageUpload(ad, "image");
  const removal = useAdImageRemoval(ad, "image");
  const min = AD_IMAGE_RULES.minimum[ad.ad_type];
  const [fit, setFit] = useState<AdImageFit>(ad.image_fit);
  const [focusX, setFocusX] = useState(ad.image_focus_x);
  const [focusY, setFocusY] = useState(ad.image_focus_y);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  // A new upload comes back placed as its proportions suggest: start from that.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new image or a new saved choice resets
  useEffect(() => {
    setFit(ad.image_fit);
    setFocusX(ad.image_focus_x);
    setFocusY(ad.image_focus_y);
    onDraft({ image_fit: ad.image_fit, image_focus_x: ad.image_focus_x, image_focus_y: ad.image_focus_y });
  }, [ad.image_url, ad.image_fit, ad.image_focus_x, ad.image_focus_y]);
  const place = (patch: Partial<Pick<Ad, "image_fit" | "image_focus_x" | "image_focus_y">>) => {
    if (patch.image_fit) setFit(patch.image_fit);
    if (patch.image_focus_x !== undefined) setFocusX(patch.image_focus_x);
    if (patch.image_focus_y !== undefined) setFocusY(patch.image_focus_y);
    onDraft(patch);
  };
  const pickFocus = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const percent = (offset: number, size: number) =>
      Math.min(100, Math.max(0, Math.round((offset / size) * 100)));
    place({
      image_focus_x: percent(event.clientX - box.left, box.width),
      image_focus_y: percent(event.clientY - box.top, box.height),
    });
  };
  const crop = natural ? adImageCropShare(natural, ad.ad_type) : 0;
  const changed = fit !== ad.image_fit || focusX !== ad.image_focus_x || focusY !== ad.image_focus_y;
  const next = async () => {
    setSaveProblem(null);
    try {
      if (changed) await save({ image_fit: fit, image_focus_x: focusX, image_focus_y: focusY });
      goNext();
    } catch {
      setSaveProblem(t("ads.wizard.saveFailed"));
    }
  };
  const image = ad.image_url ? (
    <img
      src={fileUrl(ad.image_url)}
      alt={t("ads.wizard.image.alt")}
      onLoad={(event) =>
        setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
      }
      className="block w-full rounded-ui"
    />
  ) : null;
  return (
    <div className="flex flex-col gap-4">
      <p>{t("ads.wizard.image.rules", { width: String(min.width), height: String(min.height) })}</p>
      {image ? (
        fit === "fill" ? (
          // The sliders below are the keyboard's way to the same choice; a click is a shortcut for a pointer.
          // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut, the sliders are the control
          // biome-ignore lint/a11y/useKeyWithClickEvents: the sliders below take the keyboard
          <div
            onClick={pickFocus}
            title={t("ads.wizard.image.focusPick")}
            className="relative max-w-sm cursor-crosshair"
          >
            {image}
            <span
              aria-hidden="true"
              className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-paper bg-accent shadow-lg"
              style={{ left: `${focusX}%`, top: `${focusY}%` }}
            />
          </div>
        ) : (
          <div className="max-w-sm">{image}</div>
        )
      ) : null}
      <div className="flex flex-wrap gap-3">
        <label className={buttonClass("secondary", "md", "cursor-pointer")}>
          {busy
            ? t("ads.wizard.uploading")
            : ad.image_url
              ? t("ads.wizard.image.replace")
              : t("ads.wizard.image.choose")}
          <input type="file" accept="image/*" className="sr-only" onChange={(e) => void upload(e)} />
        </label>
        {ad.image_url ? (
          <Button variant="ghost" disabled={removal.busy} onClick={() => void removal.remove()}>
            {t("ads.wizard.image.remove")}
          </Button>
        ) : null}
      </div>
      <Problem text={problem ?? removal.problem} />
      {ad.image_url ? (
        <fieldset className="flex flex-col gap-3 rounded-card border border-line p-4">
          <legend className="px-1 font-medium">{t("ads.wizard.image.fitLegend")}</legend>
          {(["fill", "fit"] as const).map((choice) => (
            <div key={choice} className="flex items-start gap-2">
              <input
                id={`${id}-${choice}`}
                type="radio"
                name={`${id}-fit`}
                checked={fit === choice}
                onChange={() => place({ image_fit: choice })}
                aria-describedby={`${id}-${choice}-hint`}
                className="mt-1 size-4 accent-accent"
              />
              <div>
                <label htmlFor={`${id}-${choice}`} className="font-medium">
                  {t(choice === "fill" ? "ads.wizard.image.fill" : "ads.wizard.image.fit")}
                </label>
                <p id={`${id}-${choice}-hint`} className="text-sm text-muted">
                  {t(choice === "fill" ? "ads.wizard.image.fillHint" : "ads.wizard.image.fitHint")}
                </p>
              </div>
            </div>
          ))}
          {fit === "fill" ? (
            <>
              {crop > AD_IMAGE_FILL_MAX_CROP ? (
                <p className="rounded-ui bg-info p-3 text-sm text-info-text">
                  {t("ads.wizard.image.cropWarning", { percent: String(Math.round(crop * 100)) })}
                </p>
              ) : null}
              {(
                [
                  ["x", focusX, "ads.wizard.image.focusX"],
                  ["y", focusY, "ads.wizard.image.focusY"],
                ] as const
              ).map(([axis, value, label]) => (
                <div key={axis} className="flex flex-col gap-1">
                  <label htmlFor={`${id}-${axis}`} className="text-sm font-medium">
                    {t(label)}
                  </label>
                  <input
                    id={`${id}-${axis}`}
                    type="range"
                    min={0}
                    max={100}
                    step={1}
                    value={value}
                    aria-valuetext={`${value}%`}
                    onChange={(e) =>
                      place(
                        axis === "x"
                          ? { image_focus_x: Number(e.target.value) }
                          : { image_focus_y: Number(e.target.value) },
                      )
                    }
                    className="w-full max-w-sm accent-accent"
                  />
                </div>
              ))}
              <p className="text-sm text-muted">{t("ads.wizard.image.focusHint")}</p>
            </>
          ) : null}
        </fieldset>
      ) : null}
      <Problem text={saveProblem} />
      <Button variant="primary" className="self-start" disabled={!ad.image_url} onClick={() => void next()}>
        {t("ads.wizard.continue")}
      </Button>
    </div>
  );
}

/** The alternate title-description step: both texts on one page, each within the type's limits (spec 5). */
function TitleDescriptionStep({ ad, save, goNext, onDraft }: StepProps) {
  const t = useAdvertisingTexts();
  const id = useId();
  const [title, setTitle] = useState(ad.title ?? "");
  const [description, setDescription] = useState(ad.description ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const titleProblem = checkAdText("title", title, ad.ad_type);
    const descriptionProblem = checkAdText("description", description, ad.ad_type);
    if (titleProblem || descriptionProblem) {
      setProblem(
        [
          titleProblem
            ? t("ads.wizard.titleDescription.titleProblem", { problem: problemText(t, titleProblem) })
            : null,
          descriptionProblem
            ? t("ads.wizard.titleDescription.descriptionProblem", {
                problem: problemText(t, descriptionProblem),
              })
            : null,
        ]
          .filter(Boolean)
          .join(". "),
      );
      return;
    }
    try {
      await save({ title: title.trim(), description: description.trim() });
      goNext();
    } catch {
      setProblem(t("ads.wizard.saveFailed"));
    }
  };
  const titleLimit = adTextLimit("title", ad.ad_type);
  const descriptionLimit = adTextLimit("description", ad.ad_type);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
      <label htmlFor={`${id}-title`} className="font-medium">
        {t("ads.wizard.titleDescription.title", {
          min: String(titleLimit.min),
          max: String(titleLimit.max),
        })}
      </label>
      <input
        id={`${id}-title`}
        value={title}
        onChange={(e) => {
          setTitle(e.target.value);
          onDraft({ title: e.target.value });
        }}
        className="rounded-ui border border-line bg-paper px-3 py-2"
      />
      <label htmlFor={`${id}-description`} className="font-medium">
        {t("ads.wizard.titleDescription.description", {
          min: String(descriptionLimit.min),
          max: String(descriptionLimit.max),
        })}
      </label>
      <textarea
        id={`${id}-description`}
        rows={3}
        value={description}
        onChange={(e) => {
          setDescription(e.target.value);
          onDraft({ description: e.target.value });
        }}
        className="rounded-ui border border-line bg-paper px-3 py-2"
      />
      <Problem text={problem} />
      <Button variant="primary" className="self-start" type="submit">
        {t("ads.wizard.saveAndContinue")}
      </Button>
    </form>
  );
}

/**
 * The identity step: the business behind the ad, complete with a business name and a business image of
 * at least 50 by 50 pixels (spec 5).
 */
function IdentityStep({ ad, save, goNext, onDraft }: StepProps) {
  const t = useAdvertisingTexts();
  const id = useId();
  const { upload, problem: imageProblem, busy } = useAdImageUpload(ad, "business-image");
  const removal = useAdImageRemoval(ad, "business-image");
  const [name, setName] = useState(ad.business_name ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const limit = adTextLimit("business_name", ad.ad_type);
  const complete = isIdentityComplete({ business_name: name, business_image: ad.business_image });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = checkAdText("business_name", name, ad.ad_type);
    if (local) {
      setProblem(problemText(t, local));
      return;
    }
    try {
      await save({ business_name: name.trim() });
      goNext();
    } catch {
      setProblem(t("ads.wizard.saveFailed"));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
      <label htmlFor={id} className="font-medium">
        {t("ads.wizard.identity.name", { min: String(limit.min), max: String(limit.max) })}
      </label>
      <input
        id={id}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          onDraft({ business_name: e.target.value });
        }}
        className="rounded-ui border border-line bg-paper px-3 py-2"
      />
      <Problem text={problem} />
      <p>
        {t("ads.wizard.identity.imageRules", {
          width: String(AD_IMAGE_RULES.business.width),
          height: String(AD_IMAGE_RULES.business.height),
        })}
      </p>
      {ad.business_image ? (
        <img
          src={fileUrl(ad.business_image)}
          alt={t("ads.wizard.identity.alt")}
          className="h-16 w-16 rounded-ui"
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <label className={buttonClass("secondary", "md", "cursor-pointer")}>
          {busy
            ? t("ads.wizard.uploading")
            : ad.business_image
              ? t("ads.wizard.identity.replace")
              : t("ads.wizard.identity.choose")}
          <input type="file" accept="image/*" className="sr-only" onChange={(e) => void upload(e)} />
        </label>
        {ad.business_image ? (
          <Button variant="ghost" disabled={removal.busy} onClick={() => void removal.remove()}>
            {t("ads.wizard.identity.remove")}
          </Button>
        ) : null}
      </div>
      <Problem text={imageProblem ?? removal.problem} />
      <p className="text-sm text-muted">
        {complete ? t("ads.wizard.identity.complete") : t("ads.wizard.identity.incomplete")}
      </p>
      <Button variant="primary" className="self-start" type="submit">
        {t("ads.wizard.saveAndContinue")}
      </Button>
    </form>
  );
}

function TargetingStep({ ad, save, goNext }: StepProps) {
  const t = useAdvertisingTexts();
  const [grades, setGrades] = useState<string[]>(ad.gradesArray);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    if (ad.ad_type === "2" && !isTargetingComplete({ gradesArray: grades })) {
      setProblem(t("ads.wizard.targeting.none"));
      return;
    }
    await save({ gradesArray: grades });
    goNext();
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2">{t("ads.wizard.targeting.legend")}</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {GRADES.map((grade) => (
          <label key={grade} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={grades.includes(grade)}
              onChange={(e) =>
                setGrades((g) => (e.target.checked ? [...g, grade] : g.filter((x) => x !== grade)))
              }
            />
            {grade}
          </label>
        ))}
      </div>
      {problem ? (
        <p role="alert" className="font-medium text-danger">
          {problem}
        </p>
      ) : null}
      <Button variant="primary" className="self-start" onClick={() => void submit()}>
        {t("ads.wizard.saveAndContinue")}
      </Button>
    </fieldset>
  );
}

function SpendStep({
  ad,
  save,
  goNext,
  isAdmin,
}: StepProps & {
  isAdmin: boolean;
}) {
  const t = useAdvertisingTexts();
  const id = useId();
  const settings = useSiteSettings();
  const [perDay, setPerDay] = useState((ad.spend_per_day / 100).toFixed(2));
  const [days, setDays] = useState(String(ad.run_days_total));
  const [problem, setProblem] = useState<string | null>(null);
  const cents = parseDollars(perDay) ?? 0;
  const runDays = Number(days) || 0;
  const minimums = settings.adMinimums[ad.ad_type];
  const check = checkAdSpend({ spendPerDayCents: cents, runDaysTotal: runDays, minimums, isAdmin });
  const estimate = useQuery({
    queryKey: ["ads", "estimate", ad.ad_type, cents, runDays],
    queryFn: ({ signal }) =>
      api.get<{ impressions: number; clicks: number; share: number }>("/advertisements/estimate", {
        query: { spend_per_day: cents, run_days_total: runDays, ad_type: ad.ad_type },
        signal,
      }),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (check.problems.length > 0) {
      setProblem(
        t("ads.wizard.spend.minimum", {
          total: formatMoney(minimums.totalCost * 100),
          perDay: formatMoney(minimums.spendPerDay * 100),
        }),
      );
      return;
    }
    try {
      await save({ spend_per_day: cents, run_days_total: runDays });
      goNext();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
      <label htmlFor={`${id}-day`} className="font-medium">
        {t("ads.wizard.spend.perDay")}
      </label>
      <input
        id={`${id}-day`}
        value={perDay}
        onChange={(e) => setPerDay(e.target.value)}
        className="w-40 rounded-ui border border-line px-3 py-2"
      />
      <label htmlFor={`${id}-days`} className="font-medium">
        {t("ads.wizard.spend.days")}
      </label>
      <input
        id={`${id}-days`}
        value={days}
        onChange={(e) => setDays(e.target.value)}
        className="w-40 rounded-ui border border-line px-3 py-2"
      />
      <p>
        {t("ads.wizard.spend.total")} <strong>{formatMoney(check.totalCostCents || 0)}</strong>
        {estimate.data
          ? ` ${t("ads.wizard.spend.estimate", {
              views: estimate.data.impressions.toLocaleString("en-US"),
              clicks: estimate.data.clicks.toLocaleString("en-US"),
            })}`
          : ""}
      </p>
      {problem ? (
        <p role="alert" className="font-medium text-danger">
          {problem}
        </p>
      ) : null}
      <Button variant="primary" className="self-start" type="submit">
        {t("ads.wizard.saveAndContinue")}
      </Button>
    </form>
  );
}

function PaymentStep({ ad, isAdmin }: { ad: Ad; isAdmin: boolean }) {
  const t = useCheckoutTexts();
  const ads = useAdvertisingTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = usePaymentForm();
  const attempt = useCheckoutAttempt(form);
  const total = ad.spend_per_day * ad.run_days_total;
  const free = isAdmin && ad.isAdminAd;
  if (!["creating", "rejected"].includes(ad.approval_status)) return <p>{ads("ads.wizard.payment.done")}</p>;
  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!free) {
      form.touchAll();
      if (!form.isValid) return;
    }
    const updated = await attempt.pay(
      (headers) =>
        api.post<Ad>(`/advertisements/${ad.id}/payment`, free ? {} : { amount: total, ...form.body() }, {
          headers,
        }),
      (error) => {
        const missing = Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {})
          .filter(([, code]) => code === "required")
          .map(([field]) => field);
        return missing.length > 0 ? ads("ads.wizard.payment.missing", { fields: missing.join(", ") }) : null;
      },
    );
    if (!updated) return;
    queryClient.setQueryData(adKey(ad.id), updated);
    navigate(`/advertising/${ad.id}/submitted`);
  };
  return (
    <form onSubmit={(e) => void pay(e)} noValidate className="flex flex-col gap-4">
      <p>
        {ads("ads.wizard.payment.total", { days: String(ad.run_days_total) })}{" "}
        <strong>{formatMoney(total)}</strong>
      </p>
      {free ? null : <PaymentFields form={form} t={t} />}
      <CheckoutFailure message={attempt.failure} />
      <Button variant="primary" className="self-start" type="submit" disabled={attempt.busy}>
        {free
          ? ads("ads.wizard.payment.submit")
          : attempt.busy
            ? t("pay.paying")
            : ads("ads.wizard.payment.pay", { amount: formatMoney(total) })}
      </Button>
    </form>
  );
}

/**
 * The admin's styling (css_override): applied to this ad's own box only, in the preview as typed and on
 * every page that shows the ad (AdView scopes it).
 */
function StylingStep({ ad, save, goNext, onDraft }: StepProps) {
  const t = useAdvertisingTexts();
  const id = useId();
  const [css, setCss] = useState(ad.css_override ?? "");
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={id} className="font-medium">
        {t("ads.wizard.styling.css")}
      </label>
      <textarea
        id={id}
        rows={6}
        value={css}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          setCss(e.target.value);
          onDraft({ css_override: e.target.value });
        }}
        className="rounded-ui border border-line px-3 py-2 font-mono"
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t("ads.wizard.styling.hint")}
      </p>
      <Button
        variant="primary"
        className="self-start"
        onClick={() => void save({ css_override: css || null }).then(goNext)}
      >
        {t("ads.wizard.saveAndContinue")}
      </Button>
    </div>
  );
}

/** The alternate steps, offered from the status step: none is required, each adds to the ad. */
const EXTRA_STEPS = [
  ["discount-code", "ads.wizard.extra.discountCode"],
  ["identity", "ads.wizard.extra.identity"],
  ["title-description", "ads.wizard.extra.titleDescription"],
] as const;

function StatusStep({ ad, isAdmin }: { ad: Ad; isAdmin: boolean }) {
  const t = useAdvertisingTexts();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const act = async (action: "stop" | "resume") => {
    try {
      const updated = await api.post<Ad>(`/advertisements/${ad.id}/${action}`, undefined);
      queryClient.setQueryData(adKey(ad.id), updated);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-lg font-semibold">
        {t("ads.wizard.status.current", { status: adStatusText(t, ad.derivedStatus) })}
      </p>
      {ad.review_comment ? (
        <p className="rounded-ui bg-wash p-3">
          {t("ads.wizard.status.reviewer", { comment: ad.review_comment })}
        </p>
      ) : null}
      {ad.missing.length > 0 ? (
        <p>{t("ads.wizard.status.missing", { fields: ad.missing.join(", ") })}</p>
      ) : null}
      <p>
        {t("ads.wizard.status.stats", {
          views: String(ad.stats.impressions),
          clicks: String(ad.stats.clicks),
          spend: formatMoney(ad.stats.spend || 0).replace("Free", "$0.00"),
        })}
      </p>
      {ad.derivedStatus === "running" ? (
        <Button variant="primary" className="self-start" onClick={() => void act("stop")}>
          {t("ads.wizard.status.stop")}
        </Button>
      ) : null}
      {ad.derivedStatus === "stopped" ? (
        <Button variant="primary" className="self-start" onClick={() => void act("resume")}>
          {t("ads.wizard.status.resume")}
        </Button>
      ) : null}
      {failure ? <p role="alert">{failure}</p> : null}
      {ad.editable ? (
        <ul className="flex flex-col gap-1">
          {EXTRA_STEPS.filter(([step]) => step !== "title-description" || ad.ad_type !== "2").map(
            ([step, label]) => (
              <li key={step}>
                <Link to={`/advertising/${ad.id}/edit/${step}`} className="underline">
                  {t(label)}
                </Link>
              </li>
            ),
          )}
        </ul>
      ) : null}
      {isAdmin ? <FreeUserOnlyToggle ad={ad} /> : null}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <Link to="/advertising/manage" className="underline">
          {t("ads.wizard.status.all")}
        </Link>
        {ad.deletable ? (
          <Link to={`/advertising/${ad.id}/edit/delete`} className="font-medium text-danger underline">
            {t("ads.wizard.status.delete")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The delete step (spec 2: "There is also delete"): it names what deleting loses (the ad and its words,
 * its images, its results) and asks once. A paid ad, or one running or in review, cannot be deleted: the
 * step says why and leads to its status, where it can be stopped. Deleted, the ad's list says so.
 */
function DeleteStep({ ad }: { ad: Ad }) {
  const t = useAdvertisingTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const title =
    ad.title?.trim() || t("ads.manage.untitled", { format: inSentence(adFormatName(t, ad.ad_type)) });
  const status = `/advertising/${ad.id}/edit/status`;
  if (!ad.deletable) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert">{ad.editable ? t("ads.delete.paid") : t("ads.delete.busy")}</p>
        <LinkButton variant="primary" to={status}>
          {t("ads.delete.status")}
        </LinkButton>
      </div>
    );
  }
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await api.delete(`/advertisements/${ad.id}`);
      queryClient.removeQueries({ queryKey: adKey(ad.id) });
      void queryClient.invalidateQueries({ queryKey: ["ads", "own"] });
      navigate("/advertising/manage", { replace: true, state: { deletedAd: title } });
    } catch {
      setFailure(t("ads.delete.failed"));
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <p>{t("ads.delete.intro")}</p>
      <ul className="flex list-disc flex-col gap-1 pl-6">
        <li>{t("ads.delete.item.ad", { title })}</li>
        {ad.image_url ? <li>{t("ads.delete.item.image")}</li> : null}
        {ad.business_image ? <li>{t("ads.delete.item.businessImage")}</li> : null}
        <li>
          {t("ads.delete.item.results", {
            views: ad.stats.impressions.toLocaleString("en-US"),
            clicks: ad.stats.clicks.toLocaleString("en-US"),
          })}
        </li>
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="danger" disabled={busy} onClick={() => void remove()}>
          {busy ? t("ads.delete.deleting") : t("ads.delete.confirm")}
        </Button>
        <LinkButton variant="secondary" to={status}>
          {t("ads.delete.keep")}
        </LinkButton>
      </div>
      <Problem text={failure} />
    </div>
  );
}

/** Admins only (PATCH /advertisements/{id}/is_free_user_only): show this ad only to users who never paid. */
function FreeUserOnlyToggle({ ad }: { ad: Ad }) {
  const t = useAdvertisingTexts();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = async (value: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      const updated = await api.patch<Ad>(`/advertisements/${ad.id}/is_free_user_only`, {
        is_free_user_only: value,
      });
      queryClient.setQueryData(adKey(ad.id), updated);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-1 rounded-ui border border-line p-3">
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          checked={ad.is_free_user_only}
          disabled={busy}
          onChange={(e) => void toggle(e.target.checked)}
        />
        {t("ads.wizard.freeUserOnly")}
      </label>
      <Problem text={failure} />
    </div>
  );
}
