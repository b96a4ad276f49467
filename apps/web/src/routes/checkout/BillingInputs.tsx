import { BILLING_LIMITS } from "@market/domain";
import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";
import { TextAreaField, TextField } from "../../components/ui/index.ts";
import { useReceiptTexts } from "./receipt-texts.ts";

export type BillingPart = "organisation" | "address" | "taxId";
export type BillingDraft = Record<BillingPart, string>;

/** A text box's bindings: react-hook-form's `register(...)`, or a controlled value and its onChange. */
type Bindings = InputHTMLAttributes<HTMLInputElement> & TextareaHTMLAttributes<HTMLTextAreaElement>;

/**
 * The three billing details, each with its limit counted as it is typed and kept by the browser
 * (BILLING_LIMITS, which the server applies): the settings page and the checkout draw the same fields.
 */
export function BillingInputs({
  idPrefix,
  values,
  bind,
  errors = {},
}: {
  idPrefix: string;
  values: BillingDraft;
  bind: (part: BillingPart) => Bindings;
  errors?: Partial<Record<BillingPart, string>>;
}) {
  const t = useReceiptTexts();
  return (
    <div className="flex flex-col gap-3">
      <TextField
        id={`${idPrefix}-organisation`}
        label={t("billing.organisation")}
        optional
        autoComplete="organization"
        count={{ used: values.organisation.length, max: BILLING_LIMITS.organisationMax }}
        error={errors.organisation}
        maxLength={BILLING_LIMITS.organisationMax}
        {...bind("organisation")}
      />
      <TextAreaField
        id={`${idPrefix}-address`}
        label={t("billing.address")}
        optional
        rows={3}
        autoComplete="street-address"
        hint={t("billing.addressHint")}
        count={{ used: values.address.length, max: BILLING_LIMITS.addressMax }}
        error={errors.address}
        maxLength={BILLING_LIMITS.addressMax}
        {...bind("address")}
      />
      <TextField
        id={`${idPrefix}-tax-id`}
        label={t("billing.taxId")}
        optional
        count={{ used: values.taxId.length, max: BILLING_LIMITS.taxIdMax }}
        error={errors.taxId}
        maxLength={BILLING_LIMITS.taxIdMax}
        {...bind("taxId")}
      />
    </div>
  );
}

/** An account's or a payment's details as the fields hold them (none as ""). */
export function billingDraftOf(
  billing: { organisation: string | null; address: string | null; taxId: string | null } | undefined,
): BillingDraft {
  return {
    organisation: billing?.organisation ?? "",
    address: billing?.address ?? "",
    taxId: billing?.taxId ?? "",
  };
}
