import {
  DEFAULT_TIP_INDEX,
  formatMoney,
  paymentFormSchema,
  TIP_AMOUNTS_DOLLARS,
  TIP_NOTE_MAX,
  tipRequestSchema,
} from "@market/domain";
import { z } from "@market/domain/zod";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { Button, Field, Input, TextAreaField } from "../../components/ui/index.ts";
import { useSession } from "../../state/session.ts";
import { useTexts } from "../../state/site-config.ts";
import { resourceDetailQuery } from "../resources/resource-query.ts";
import { otherTipDollarsSchema, tipCents } from "./amount-fields.ts";
import { CheckoutFailure, useCheckoutAttempt } from "./checkout-attempt.tsx";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { PaymentFields, usePaymentForm } from "./PaymentForm.tsx";
import { TipModal } from "./TipModal.tsx";

interface Recipient {
  id: string;
  username: string;
  first_name: string;
}

/**
 * The tip's body as typed (POST /transactions/tip/purchase/{id} and /tip/multiple): the payment form, the
 * preset chosen, another amount in dollars (which wins when typed) and the note, with the domain's limit.
 */
const tipFormSchema = paymentFormSchema.extend({
  tipIndex: z.number().int(),
  custom: otherTipDollarsSchema,
  tipNote: tipRequestSchema.shape.tipNote,
});

/** A user by id or by @username. */
const summaryQuery = (ref: string) => ({
  queryKey: ["users", "summary", ref.toLowerCase()],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call("GET /users/:id/summary", { params: { id: ref }, signal }),
});

/**
 * Who the tip is for: the resource's creator, a profile's owner, a user id (/tip/{id}), or several user ids
 * (/tip/{id},{id}..., picked on the following page), which one payment thanks together and which end on
 * /tip/completed (spec 2: /tip/{id?}/completed).
 */
function useRecipients(): { recipients: Recipient[] | null; failed: boolean; donePath: string } {
  const { id, handle } = useParams();
  const location = useLocation();
  const onResource = location.pathname.startsWith("/resources/");
  const username = handle ? decodeURIComponent(handle).replace(/^@/, "") : null;
  // Each creator once, as the server counts them: a link naming one twice must not show a doubled total.
  const ids = onResource || username ? [] : [...new Set((id ?? "").split(",").filter(Boolean))];
  const resource = useQuery({ ...resourceDetailQuery(id ?? ""), enabled: onResource && id !== undefined });
  const keys = username ? [`@${username}`] : ids;
  const users = useQueries({ queries: keys.map((key) => summaryQuery(key)) });
  if (onResource) {
    const creator = resource.data?.users_model;
    return {
      recipients: creator
        ? [{ id: creator.id, username: creator.username, first_name: creator.first_name }]
        : null,
      failed: resource.isError,
      donePath: `/resources/${encodeURIComponent(id ?? "")}/leave-tip/completed`,
    };
  }
  const loaded = users.every((u) => u.data);
  return {
    recipients: loaded
      ? users.map((u) => {
          const user = u.data!.user;
          return { id: user.id, username: user.username, first_name: user.first_name };
        })
      : null,
    failed: keys.length === 0 || users.some((u) => u.isError),
    donePath: handle
      ? "/profile/tip-completed"
      : ids.length > 1
        ? "/tip/completed"
        : `/tip/${encodeURIComponent(id ?? "")}/completed`,
  };
}

/**
 * Leave a tip (spec 5 Tips): 1, 2, 3, 4, 5, 10, 25, 50 or 100 dollars, $5 chosen at first, or another
 * amount; an optional note; the payment form. Once a day per creator, which the server enforces.
 */
export default function TipPage() {
  const t = useCheckoutTexts();
  const shared = useTexts();
  const id = useId();
  const navigate = useNavigate();
  const session = useSession();
  const { recipients, failed, donePath } = useRecipients();
  const form = usePaymentForm(tipFormSchema, { tipIndex: DEFAULT_TIP_INDEX, custom: "", tipNote: "" });
  const attempt = useCheckoutAttempt(form);
  const { errors } = form.formState;
  const [tipIndex, custom, note = ""] = form.watch(["tipIndex", "custom", "tipNote"]);

  if (failed)
    return (
      <TipModal title={t("tip.titlePlain")}>
        <p role="alert">{t("tip.loadFailed")}</p>
      </TipModal>
    );
  if (!recipients)
    return (
      <TipModal title={t("tip.titlePlain")}>
        <p role="status">…</p>
      </TipModal>
    );
  const amount = tipCents(tipIndex, custom);
  const several = recipients.length > 1;
  const names = recipients.map((r) => r.first_name).join(", ");
  const isSelf = recipients.some((r) => r.id === session?.claims.sub);
  const customError = errors.custom ? t("tip.chooseAmount") : undefined;
  // The note's one rule is its length (checkTipNote, in characters as the server counts them).
  const noteError = errors.tipNote
    ? shared("field.tooLong", { used: String(Array.from(note).length), max: String(TIP_NOTE_MAX) })
    : undefined;

  const send = form.handleSubmit(async ({ tipIndex, custom, tipNote, ...payment }) => {
    if (isSelf) return;
    // The schema let only an amount the domain accepts through.
    const body = { amount: tipCents(tipIndex, custom)!, tipNote: tipNote?.trim() || undefined, ...payment };
    const answer = await attempt.pay(
      (headers) =>
        several
          ? api.call("POST /transactions/tip/multiple", {
              body: { recipientIds: recipients.map((r) => r.id), ...body },
              headers,
            })
          : api.call("POST /transactions/tip/purchase/:recipientId", {
              params: { recipientId: recipients[0]!.id },
              body,
              headers,
            }),
      (error) =>
        error instanceof ApiError && error.code === "tip_already_sent_today"
          ? several
            ? t("tip.alreadyTodaySome")
            : t("tip.alreadyToday", { name: names })
          : null,
    );
    if (answer) navigate(donePath, { state: { amount: answer.total, name: names } });
  });

  return (
    <TipModal title={t("tip.title", { name: names })}>
      <form onSubmit={(e) => void send(e)} noValidate className="flex flex-col gap-6">
        <p>
          {isSelf
            ? t("tip.self")
            : several
              ? t("tip.introSeveral", { count: String(recipients.length) })
              : t("tip.intro", { name: names })}
        </p>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-semibold">{t("tip.amounts")}</legend>
          <div className="flex flex-wrap gap-2">
            {TIP_AMOUNTS_DOLLARS.map((dollars, index) => (
              <Button
                variant={custom === "" && tipIndex === index ? "primary" : "secondary"}
                key={dollars}
                aria-pressed={custom === "" && tipIndex === index}
                onClick={() => {
                  form.setValue("tipIndex", index);
                  form.setValue("custom", "", { shouldValidate: form.formState.isSubmitted });
                }}
              >
                ${dollars}
              </Button>
            ))}
          </div>
          <Field id={`${id}-custom`} label={t("tip.custom")} error={customError}>
            {(bindings) => (
              <Input {...bindings} inputMode="decimal" className="max-w-40" {...form.register("custom")} />
            )}
          </Field>
        </fieldset>
        <TextAreaField
          id={`${id}-note`}
          label={t("tip.note")}
          rows={3}
          maxLength={TIP_NOTE_MAX}
          error={noteError}
          {...form.register("tipNote")}
        />
        <PaymentFields form={form} t={t} />
        <CheckoutFailure message={attempt.failure} />
        <Button
          variant="primary"
          size="lg"
          className="self-start"
          type="submit"
          disabled={attempt.busy || isSelf}
        >
          {attempt.busy
            ? t("pay.paying")
            : several && amount !== null
              ? t("tip.sendSeveral", {
                  amount: formatMoney(amount),
                  count: String(recipients.length),
                  total: formatMoney(amount * recipients.length),
                })
              : t("tip.send", { amount: amount === null ? "" : formatMoney(amount) })}
        </Button>
      </form>
    </TipModal>
  );
}
