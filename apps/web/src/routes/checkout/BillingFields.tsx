import type { BillingDetailsInput } from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Checkbox } from "../../components/ui/index.ts";
import { useOwnAccount } from "../account/use-own-account.ts";
import { type BillingDraft, BillingInputs, billingDraftOf } from "./BillingInputs.tsx";
import { useReceiptTexts } from "./receipt-texts.ts";

/** What the purchase call is sent of the billing details (issue 22: `billing` and `saveBilling`). */
export interface BillingRequest {
  billing?: BillingDetailsInput;
  saveBilling?: boolean;
}

/**
 * The checkout's billing details: the account's saved ones until the buyer types (so a school that gave
 * them once in the settings has them on every receipt without opening anything), and "Save for next time".
 */
export function useBillingDraft() {
  const { user } = useOwnAccount(60_000);
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState<BillingDraft | null>(null);
  const [open, setOpen] = useState(false);
  const [save, setSave] = useState(false);
  const draft = typed ?? billingDraftOf(user?.billing);
  const given = Object.values(draft).some((v) => v.trim() !== "");
  return {
    draft,
    open,
    save,
    setOpen,
    setSave,
    change: (part: keyof BillingDraft, value: string) => setTyped({ ...draft, [part]: value }),
    /** The purchase's part: the details when any is given, or when saving (emptied ones clear the settings). */
    request: (): BillingRequest => ({
      ...(given || save ? { billing: draft } : {}),
      ...(save ? { saveBilling: true } : {}),
    }),
    /** After a purchase that saved them: the account's copy is read again. */
    paid: () => {
      if (save) void queryClient.invalidateQueries({ queryKey: ["users", "self"] });
    },
  };
}

export type BillingDraftState = ReturnType<typeof useBillingDraft>;

/**
 * "Buying for a school? Add billing details for the receipt": a disclosure, closed at first, over the
 * organisation, billing address and tax id fields; once details are given it says whom the receipt bills.
 */
export function BillingFields({ billing }: { billing: BillingDraftState }) {
  const t = useReceiptTexts();
  const panel = useId();
  const { draft, open } = billing;
  const organisation = draft.organisation.trim();
  return (
    <section className="rounded-card border border-line">
      <h2 className="text-base">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => billing.setOpen(!open)}
          className="flex w-full items-center justify-between gap-3 rounded-card px-4 py-3 text-left font-medium"
        >
          <span className="flex flex-col">
            <span>{t("billing.disclosure")}</span>
            {!open && organisation ? (
              <span className="text-sm font-normal text-muted">{t("billing.given", { organisation })}</span>
            ) : null}
          </span>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={`size-5 shrink-0 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
            fill="none"
            stroke="currentColor"
          >
            <path d="M5 8l5 5 5-5" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </h2>
      <div id={panel} hidden={!open} className="flex flex-col gap-4 border-t border-line px-4 py-4">
        <p className="text-sm text-muted">{t("billing.checkoutIntro")}</p>
        <BillingInputs
          idPrefix="checkout-billing"
          values={draft}
          bind={(part) => ({
            value: draft[part],
            onChange: (event) => billing.change(part, event.currentTarget.value),
          })}
        />
        <Checkbox
          id="checkout-billing-save"
          label={t("billing.saveForNext")}
          hint={t("billing.saveForNextHint")}
          checked={billing.save}
          onChange={(event) => billing.setSave(event.currentTarget.checked)}
        />
      </div>
    </section>
  );
}
