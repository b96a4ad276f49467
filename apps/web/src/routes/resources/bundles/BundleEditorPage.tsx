import {
  BUNDLE_LIMITS,
  BUNDLE_TEXT_LIMITS,
  type Bundle,
  type BundleChoice,
  bundleCreateSchema,
  countCharacters,
  formatAmount,
  PRICE_RULES,
} from "@market/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { useParams } from "react-router";
import { ApiError, api } from "../../../api/client.ts";
import { isNumberedGrade } from "../../../components/format.ts";
import { useDomainForm } from "../../../components/ui/form.ts";
import {
  Button,
  Card,
  Checkbox,
  EmptyState,
  FormFailure,
  Input,
  LinkButton,
  LoadingPlaceholder,
  Price,
  Skeleton,
  TextAreaField,
  TextField,
} from "../../../components/ui/index.ts";
import { useSession } from "../../../state/session.ts";
import { useTexts } from "../../../state/site-config.ts";
import { SeatPriceField, seatPriceCents, seatPriceText } from "../../publishing/SeatPriceField.tsx";
import { centsToDollarText, editorSummary, matchingChoices } from "./bundle-editor.ts";
import { type BundleTextKey, type BundleTexts, useBundleTexts } from "./bundle-texts.ts";

/** The texts the form checks with the endpoint's own schema; the picks and the price are checked live. */
const textsSchema = bundleCreateSchema.pick({ title: true, description: true });

/**
 * /bundles/new and /bundles/{id}/edit (issue 22): a creator picks 2 to 50 of their published resources
 * from a list they can search, names and prices the bundle, and sees what the resources cost one by one
 * and what teachers save, as they go. A new bundle is sent for review; a change saves at once.
 */
export default function BundleEditorPage() {
  const t = useBundleTexts();
  const { id } = useParams();
  const session = useSession();
  const viewer = session?.claims.sub ?? "";
  const choices = useQuery({
    queryKey: ["bundle-choices", viewer],
    queryFn: ({ signal }) => api.call("GET /bundles/choices", { signal }),
  });
  const bundle = useQuery({
    queryKey: ["bundle", id],
    queryFn: ({ signal }) => api.call("GET /bundles/:id", { params: { id: id ?? "" }, signal }),
    enabled: id !== undefined,
  });
  const title = t(id ? "editor.editTitle" : "editor.newTitle");
  const failed = choices.isError || bundle.isError;

  let body: React.ReactNode;
  if (failed) {
    body = (
      <EmptyState
        tone="error"
        title={t("editor.loadFailed")}
        action={
          <Button
            variant="secondary"
            onClick={() => {
              void choices.refetch();
              if (id) void bundle.refetch();
            }}
          >
            {t("editor.retry")}
          </Button>
        }
      />
    );
  } else if (!choices.data || (id && !bundle.data)) {
    body = (
      <LoadingPlaceholder label={t("editor.loading")} className="flex flex-col gap-4">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </LoadingPlaceholder>
    );
  } else if (choices.data.resources.length < BUNDLE_LIMITS.minResources && !id) {
    body = (
      <EmptyState
        title={t("editor.notEnough")}
        body={t("editor.notEnoughBody")}
        action={
          <LinkButton to="/resources/edit" variant="primary">
            {t("editor.publish")}
          </LinkButton>
        }
      />
    );
  } else {
    body = <BundleForm choices={choices.data.resources} bundle={bundle.data ?? null} />;
  }

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        <p className="max-w-prose text-muted">{t("editor.intro")}</p>
      </header>
      {body}
    </section>
  );
}

/** A server's refusal of the picks or the price, in the editor's words. */
function serverProblem(t: BundleTexts, error: ApiError): string | null {
  const code = error.fields?.resourceIds ?? error.fields?.price;
  if (!code) return null;
  const key = `editor.problem.${code}` as BundleTextKey;
  const text = t(key);
  return text === key ? null : text;
}

export function BundleForm({ choices, bundle }: { choices: readonly BundleChoice[]; bundle: Bundle | null }) {
  const t = useBundleTexts();
  const id = useId();
  const queryClient = useQueryClient();
  const form = useDomainForm(textsSchema, {
    defaultValues: { title: bundle?.title ?? "", description: bundle?.description ?? "" },
  });
  const { register, handleSubmit, formState, watch, setError } = form;
  const [picked, setPicked] = useState<string[]>(
    bundle ? bundle.contents.resources.map((card) => card.id) : [],
  );
  const [priceText, setPriceText] = useState(bundle ? centsToDollarText(bundle.price) : "");
  // Issue 23: each extra seat's price, empty for the site's percent of the bundle's price.
  const [seatText, setSeatText] = useState(seatPriceText(bundle?.seatPrice ?? null));
  const seatPrice = seatPriceCents(seatText, PRICE_RULES.maxCents);
  const [q, setQ] = useState("");
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<Bundle | null>(null);
  // A bundle's resources no longer published are not offered; they leave it when it is saved.
  const summary = editorSummary(choices, picked, priceText);
  const shown = useMemo(() => matchingChoices(choices, q), [choices, q]);
  const pickedSet = new Set(picked);
  const texts = useTexts();
  const gradeText = (grade: string) => (isNumberedGrade(grade) ? texts("tile.grade", { grade }) : grade);

  const toggle = (choiceId: string) =>
    setPicked((now) => (now.includes(choiceId) ? now.filter((x) => x !== choiceId) : [...now, choiceId]));

  const submit = handleSubmit(async (texts) => {
    setTried(true);
    setFailure(null);
    if (summary.countProblem || summary.priceProblem || summary.priceCents === null) return;
    if (seatPrice === "invalid") return;
    const resourceIds = picked.filter((p) => choices.some((c) => c.id === p));
    const body = { ...texts, resourceIds, price: summary.priceCents, seatPrice };
    try {
      const answer = bundle
        ? await api.call("PATCH /bundles/:id", { params: { id: bundle.id }, body })
        : await api.call("POST /bundles", { body });
      setSaved(answer);
      void queryClient.invalidateQueries({ queryKey: ["resource"] });
      void queryClient.invalidateQueries({ queryKey: ["bundle", answer.id] });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of ["title", "description"] as const) {
          if (error.fields?.[field]) setError(field, { type: "server", message: error.message });
        }
        setFailure(serverProblem(t, error) ?? (error.fields ? null : error.message));
        return;
      }
      setFailure(t("editor.failed"));
    }
  });

  if (saved) {
    const waiting = saved.approval_status === "awaiting_approval";
    return (
      <Card className="flex flex-col items-start gap-3" role="status">
        <h2 className="text-xl font-semibold">{t(bundle ? "editor.saved" : "editor.sent")}</h2>
        {!bundle ? (
          <p className="text-muted">{t("editor.sentBody")}</p>
        ) : waiting ? (
          <p className="text-muted">{t("editor.savedReview")}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <LinkButton to={`/resources/${encodeURIComponent(saved.name)}`} variant="primary">
            {t("editor.see")}
          </LinkButton>
          <LinkButton to="/profile/resources" variant="secondary">
            {t("editor.back")}
          </LinkButton>
        </div>
      </Card>
    );
  }

  const titleValue = watch("title") ?? "";
  const descriptionValue = watch("description") ?? "";
  const countText =
    summary.countProblem === "tooFew"
      ? t("editor.tooFew", { min: String(BUNDLE_LIMITS.minResources) })
      : summary.countProblem === "tooMany"
        ? t("editor.tooMany", { max: String(BUNDLE_LIMITS.maxResources) })
        : null;
  const priceError =
    summary.priceProblem === "priceNotBelow"
      ? t("editor.priceNotBelow", { sum: formatAmount(summary.sumCents) })
      : summary.priceProblem === "priceInvalid" && (tried || priceText.trim() !== "")
        ? t("editor.priceInvalid")
        : null;

  return (
    <form onSubmit={submit} noValidate className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-5">
        <TextField
          id={`${id}-title`}
          label={t("editor.title")}
          error={formState.errors.title?.message}
          count={{ used: countCharacters(titleValue), max: BUNDLE_TEXT_LIMITS.title.max }}
          {...register("title")}
        />
        <TextAreaField
          id={`${id}-description`}
          label={t("editor.description")}
          hint={t("editor.descriptionHint")}
          rows={4}
          error={formState.errors.description?.message}
          count={{
            used: countCharacters(descriptionValue),
            min: BUNDLE_TEXT_LIMITS.description.min,
            max: BUNDLE_TEXT_LIMITS.description.max,
          }}
          {...register("description")}
        />
        <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-pick-hint`}>
          <legend className="font-medium">{t("editor.pick")}</legend>
          <p id={`${id}-pick-hint`} className="text-sm text-muted">
            {t("editor.pickHint")}
          </p>
          <Input
            type="search"
            aria-label={t("editor.search")}
            placeholder={t("editor.search")}
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
          {shown.length === 0 ? (
            <p className="text-sm text-muted">{t("editor.noMatch", { q })}</p>
          ) : (
            <ul className="flex max-h-[28rem] flex-col divide-y divide-line overflow-y-auto rounded-card border border-line bg-paper">
              {shown.map((choice) => (
                <li key={choice.id} className="flex items-center justify-between gap-3 px-3 py-2">
                  <Checkbox
                    id={`${id}-pick-${choice.id}`}
                    label={choice.title}
                    hint={`${gradeText(choice.grade)} · ${choice.subject_area}`}
                    checked={pickedSet.has(choice.id)}
                    onChange={() => toggle(choice.id)}
                  />
                  <Price cents={choice.price} size="sm" className="shrink-0" />
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      </div>

      <div>
        <Card as="aside" aria-label={t("editor.summary")} className="flex flex-col gap-4 md:sticky md:top-20">
          <p className="font-medium" aria-live="polite">
            {t("editor.chosen", {
              count: String(summary.count),
              max: String(BUNDLE_LIMITS.maxResources),
            })}
          </p>
          {tried && countText ? (
            <p role="alert" className="-mt-2 text-sm font-medium text-danger">
              {countText}
            </p>
          ) : null}
          <TextField
            id={`${id}-price`}
            label={t("editor.price")}
            hint={t("editor.priceHint")}
            inputMode="decimal"
            value={priceText}
            onChange={(event) => setPriceText(event.target.value)}
            error={priceError}
          />
          <SeatPriceField
            id={`${id}-seat-price`}
            priceCents={summary.priceCents}
            error={seatPrice === "invalid" ? t("editor.seatPriceInvalid") : undefined}
            input={{ value: seatText, onChange: (event) => setSeatText(event.target.value) }}
          />
          <dl className="flex flex-col gap-1 text-sm" aria-live="polite">
            <div className="flex justify-between gap-3">
              <dt className="text-muted">{t("editor.sum")}</dt>
              <dd className="tabular-nums">{summary.count === 0 ? "—" : formatAmount(summary.sumCents)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted">{t("editor.bundlePrice")}</dt>
              <dd className="tabular-nums">
                {summary.priceCents === null ? "—" : formatAmount(summary.priceCents)}
              </dd>
            </div>
            <div className="flex justify-between gap-3 text-base font-semibold">
              <dt>{t("editor.saving")}</dt>
              <dd className="tabular-nums text-success-text">
                {summary.priceCents === null || summary.count === 0 ? "—" : formatAmount(summary.savingCents)}
              </dd>
            </div>
          </dl>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
          <Button type="submit" variant="primary" block disabled={formState.isSubmitting}>
            {formState.isSubmitting
              ? t("editor.saving.busy")
              : t(bundle ? "editor.submitEdit" : "editor.submitNew")}
          </Button>
        </Card>
      </div>
    </form>
  );
}
