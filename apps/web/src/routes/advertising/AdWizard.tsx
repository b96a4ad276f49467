import {
  AD_IMAGE_RULES,
  type Ad,
  type AdEditStep,
  adEditSteps,
  adTextLimit,
  checkAdSpend,
  checkAdText,
  formatMoney,
  GRADES,
  isIdentityComplete,
  nextAdStep,
  parseDollars,
  resolveAdStep,
} from "@market/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError, api, fileUrl } from "../../api/client.ts";
import { uploadWithProgress } from "../../api/upload.ts";
import { Button, buttonClass } from "../../components/ui/index.ts";
import { useSession } from "../../state/session.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { CheckoutFailure, useCheckoutAttempt } from "../checkout/checkout-attempt.tsx";
import { useCheckoutTexts } from "../checkout/checkout-texts.ts";
import { PaymentFields, usePaymentForm } from "../checkout/PaymentForm.tsx";
import { AdReviewPanel } from "./AdReviewPanel.tsx";
import {
  type AdvertisingTextKey,
  type AdvertisingTexts,
  adStatusText,
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
 * domain's rules and again by the server.
 */
export default function AdWizard() {
  const { id = "", step: stepName } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const t = useAdvertisingTexts();
  const query = useQuery({
    queryKey: adKey(id),
    queryFn: ({ signal }) => api.get<Ad>(`/advertisements/${encodeURIComponent(id)}`, { signal }),
  });
  if (query.isError) return <p role="alert">{t("ads.wizard.loadFailed")}</p>;
  const ad = query.data;
  if (!ad) return <p role="status">{t("ads.loading")}</p>;
  const steps = adEditSteps(ad.ad_type, isAdmin);
  const step = resolveAdStep(stepName) ?? "image";
  const base = `/advertising/${ad.id}/edit`;
  const next = nextAdStep(step, ad.ad_type, isAdmin);
  const goNext = () => navigate(`${base}/${next ?? "status"}`);
  const locked = !ad.editable && !["status", "review", "payment"].includes(step);

  return (
    <section className="grid gap-6 lg:grid-cols-[12rem_1fr]">
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
      <div className="flex max-w-2xl flex-col gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("ads.wizard.title", { type: ad.ad_type })}</h1>
        <h2 className="text-xl font-semibold">{stepLabel(t, step)}</h2>
        {locked ? (
          <p role="alert">
            {t("ads.wizard.locked")}{" "}
            <Link to={`${base}/status`} className="underline">
              {t("ads.wizard.lockedStatus")}
            </Link>
          </p>
        ) : (
          <StepBody ad={ad} step={step} goNext={goNext} isAdmin={isAdmin} />
        )}
      </div>
    </section>
  );
}

/** What every saving step receives: the ad, the save of a patch (PATCH /advertisements/{id}), the way on. */
interface StepProps {
  ad: Ad;
  save: (patch: Record<string, unknown>) => Promise<void>;
  goNext: () => void;
}

function StepBody({
  ad,
  step,
  goNext,
  isAdmin,
}: {
  ad: Ad;
  step: AdEditStep;
  goNext: () => void;
  isAdmin: boolean;
}) {
  const queryClient = useQueryClient();
  const save = async (patch: Record<string, unknown>) => {
    const updated = await api.patch<Ad>(`/advertisements/${ad.id}`, patch);
    queryClient.setQueryData(adKey(ad.id), updated);
    void queryClient.invalidateQueries({ queryKey: ["ads", "own"], exact: false, refetchType: "none" });
  };
  if ((TEXT_STEPS as readonly string[]).includes(step))
    return <TextField key={step} ad={ad} step={step as TextStep} save={save} goNext={goNext} />;
  switch (step) {
    case "image":
      return <ImageStep ad={ad} goNext={goNext} />;
    case "title-description":
      return <TitleDescriptionStep ad={ad} save={save} goNext={goNext} />;
    case "identity":
      return <IdentityStep ad={ad} save={save} goNext={goNext} />;
    case "targeting":
      return <TargetingStep ad={ad} save={save} goNext={goNext} />;
    case "ad-spend":
      return <SpendStep ad={ad} save={save} goNext={goNext} isAdmin={isAdmin} />;
    case "payment":
      return <PaymentStep ad={ad} isAdmin={isAdmin} />;
    case "styling":
      return <StylingStep ad={ad} save={save} goNext={goNext} />;
    case "review":
      return <AdReviewPanel ad={ad} />;
    default:
      return <StatusStep ad={ad} isAdmin={isAdmin} />;
  }
}

function TextField({ ad, step, save, goNext }: StepProps & { step: TextStep }) {
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
        onChange={(e) => setValue(e.target.value)}
        className="rounded-ui border border-line bg-paper px-3 py-2"
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t("ads.wizard.text.count", {
          count: String(value.trim().length),
          min: String(limit.min),
          max: String(limit.max),
        })}
      </p>
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

function ImageStep({ ad, goNext }: { ad: Ad; goNext: () => void }) {
  const t = useAdvertisingTexts();
  const { upload, problem, busy } = useAdImageUpload(ad, "image");
  const min = AD_IMAGE_RULES.minimum[ad.ad_type];
  return (
    <div className="flex flex-col gap-4">
      <p>{t("ads.wizard.image.rules", { width: String(min.width), height: String(min.height) })}</p>
      {ad.image_url ? (
        <img src={fileUrl(ad.image_url)} alt={t("ads.wizard.image.alt")} className="max-w-sm rounded-ui" />
      ) : null}
      <label className={buttonClass("secondary", "md", "self-start cursor-pointer")}>
        {busy
          ? t("ads.wizard.uploading")
          : ad.image_url
            ? t("ads.wizard.image.replace")
            : t("ads.wizard.image.choose")}
        <input type="file" accept="image/*" className="sr-only" onChange={(e) => void upload(e)} />
      </label>
      <Problem text={problem} />
      <Button variant="primary" className="self-start" disabled={!ad.image_url} onClick={goNext}>
        {t("ads.wizard.continue")}
      </Button>
    </div>
  );
}

/** The alternate title-description step: both texts on one page, each within the type's limits (spec 5). */
function TitleDescriptionStep({ ad, save, goNext }: StepProps) {
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
        onChange={(e) => setTitle(e.target.value)}
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
        onChange={(e) => setDescription(e.target.value)}
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
function IdentityStep({ ad, save, goNext }: StepProps) {
  const t = useAdvertisingTexts();
  const id = useId();
  const { upload, problem: imageProblem, busy } = useAdImageUpload(ad, "business-image");
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
        onChange={(e) => setName(e.target.value)}
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
      <label className={buttonClass("secondary", "md", "self-start cursor-pointer")}>
        {busy
          ? t("ads.wizard.uploading")
          : ad.business_image
            ? t("ads.wizard.identity.replace")
            : t("ads.wizard.identity.choose")}
        <input type="file" accept="image/*" className="sr-only" onChange={(e) => void upload(e)} />
      </label>
      <Problem text={imageProblem} />
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
    if (ad.ad_type === "2" && grades.length === 0) {
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
  const minimums = settings?.adMinimums[ad.ad_type] ?? { totalCost: 20, spendPerDay: 1 };
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

function StylingStep({ ad, save, goNext }: StepProps) {
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
        onChange={(e) => setCss(e.target.value)}
        className="rounded-ui border border-line px-3 py-2 font-mono"
      />
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
      <Link to="/advertising/manage" className="underline">
        {t("ads.wizard.status.all")}
      </Link>
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
