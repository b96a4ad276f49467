import {
  CUSTOM_TIP_UNSET,
  DEFAULT_TIP_INDEX,
  formatMoney,
  TIP_AMOUNTS_DOLLARS,
  TIP_NOTE_MAX,
  type TipResponse,
  tipAmountCents,
} from "@market/domain";
import { useQueries, useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import type { UserSummaryResponse } from "../../api/types.ts";
import { Button } from "../../components/ui/index.ts";
import { useSession } from "../../state/session.ts";
import { resourceDetailQuery } from "../resources/resource-query.ts";
import { CheckoutFailure, useCheckoutAttempt } from "./checkout-attempt.tsx";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { PaymentFields, usePaymentForm } from "./PaymentForm.tsx";
import { TipModal } from "./TipModal.tsx";

interface Recipient {
  id: string;
  username: string;
  first_name: string;
}

const summaryQuery = (key: string) => ({
  queryKey: ["users", "summary", key.toLowerCase()],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<UserSummaryResponse>(`/users/${key}/summary`, { signal }),
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
  const keys = username ? [`@${encodeURIComponent(username)}`] : ids.map(encodeURIComponent);
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
  const id = useId();
  const navigate = useNavigate();
  const session = useSession();
  const { recipients, failed, donePath } = useRecipients();
  const form = usePaymentForm();
  const [tipIndex, setTipIndex] = useState<number>(DEFAULT_TIP_INDEX);
  const [custom, setCustom] = useState("");
  const [note, setNote] = useState("");
  const attempt = useCheckoutAttempt(form);

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
  const customDollars = custom.trim() === "" ? CUSTOM_TIP_UNSET : Number(custom);
  const amount = tipAmountCents(tipIndex, Number.isFinite(customDollars) ? customDollars : Number.NaN);
  const several = recipients.length > 1;
  const names = recipients.map((r) => r.first_name).join(", ");
  const isSelf = recipients.some((r) => r.id === session?.claims.sub);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (amount === null) {
      attempt.setFailure(t("tip.chooseAmount"));
      return;
    }
    if (!form.isValid || isSelf) return;
    const tipNote = note.trim() || undefined;
    const answer = await attempt.pay(
      (headers) =>
        several
          ? api.post<TipResponse>(
              "/transactions/tip/multiple",
              { recipientIds: recipients.map((r) => r.id), amount, tipNote, ...form.body() },
              { headers },
            )
          : api.post<TipResponse>(
              `/transactions/tip/purchase/${encodeURIComponent(recipients[0]!.id)}`,
              { amount, tipNote, ...form.body() },
              { headers },
            ),
      (error) =>
        error instanceof ApiError && error.code === "tip_already_sent_today"
          ? several
            ? t("tip.alreadyTodaySome")
            : t("tip.alreadyToday", { name: names })
          : null,
    );
    if (answer) navigate(donePath, { state: { amount: answer.total, name: names } });
  };

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
                  setTipIndex(index);
                  setCustom("");
                }}
              >
                ${dollars}
              </Button>
            ))}
          </div>
          <label htmlFor={`${id}-custom`} className="font-medium">
            {t("tip.custom")}
          </label>
          <input
            id={`${id}-custom`}
            inputMode="decimal"
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
            className="w-40 rounded-ui border border-line bg-paper px-3 py-2"
          />
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-note`} className="font-medium">
            {t("tip.note")}
          </label>
          <textarea
            id={`${id}-note`}
            rows={3}
            maxLength={TIP_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            className="rounded-ui border border-line bg-paper px-3 py-2"
          />
        </div>
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
