import {
  checkPaymentForm,
  checkPaymentFormFields,
  dayInZone,
  type PaymentFormProblem,
  type PaymentForm as PaymentFormValues,
  paymentFormSchema,
} from "@market/domain";
import { useId } from "react";
import type { DefaultValues, FieldErrors, FieldValues, Path, UseFormRegisterReturn } from "react-hook-form";
import type { z } from "zod";
import { useDomainForm } from "../../components/ui/form.ts";
import { TextField } from "../../components/ui/index.ts";
import { useHoldIdleRedirect } from "../../state/idle.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import type { CheckoutTextKey, CheckoutTexts } from "./checkout-texts.ts";

type Field = Exclude<keyof PaymentFormValues, "paymentSource">;

const CARD_FIELDS: [Field, CheckoutTextKey, string][] = [
  ["cardName", "pay.cardName", "cc-name"],
  ["cardNumber", "pay.cardNumber", "cc-number"],
  ["cardExp", "pay.cardExp", "cc-exp"],
  ["cardCvv", "pay.cardCvv", "cc-csc"],
];
const BILLING_FIELDS: [Field, CheckoutTextKey, string][] = [
  ["billingStreetAddress", "pay.street", "address-line1"],
  ["billingCity", "pay.city", "address-level2"],
  ["billingState", "pay.state", "address-level1"],
  ["billingZipCode", "pay.zip", "postal-code"],
];
const FIELD_NAMES = new Set<string>([...CARD_FIELDS, ...BILLING_FIELDS].map(([name]) => name));

const PROBLEM_TEXTS: Record<PaymentFormProblem, CheckoutTextKey> = {
  required: "pay.problem.required",
  too_short: "pay.problem.too_short",
  wrong_length: "pay.problem.wrong_length",
  invalid_card_number: "pay.problem.invalid_card_number",
  expired: "pay.problem.expired",
  invalid_expiry: "pay.problem.invalid_expiry",
};

export const EMPTY_PAYMENT = {
  paymentSource: "credit-card",
  cardName: "",
  cardNumber: "",
  cardExp: "",
  cardCvv: "",
  billingStreetAddress: "",
  billingCity: "",
  billingState: "",
  billingZipCode: "",
} as const satisfies PaymentFormValues;

/**
 * What the checkout adds to the payment form's schema (spec 5 Payment): the schema refuses a malformed
 * field wherever it is sent; which fields are required (billing is skipped with quickCheckout) and whether
 * the card has expired on the site's day need the site, so they are checked here, with the same domain
 * function the server's checkout runs. Only the problems the schema has not stated already are added.
 */
function checkoutRules(site: { quickCheckout: boolean; today: string }) {
  return (form: PaymentFormValues, ctx: z.RefinementCtx) => {
    const stated = checkPaymentFormFields(form);
    for (const [path, problem] of Object.entries(checkPaymentForm(form, site))) {
      if (stated[path as Field] !== problem) ctx.addIssue({ code: "custom", path: [path], message: problem });
    }
  };
}

/** With quickCheckout on, the billing fields are not asked for, so they are not sent either. */
function withoutBilling<T extends PaymentFormValues>(values: T): T {
  const kept = { ...values };
  for (const [name] of BILLING_FIELDS) delete kept[name];
  return kept;
}

type PaymentSchema = z.ZodType<PaymentFormValues & FieldValues, PaymentFormValues & FieldValues>;

/**
 * A payment screen's form (spec 3 Payment form), shared by every checkout: react-hook-form checked by
 * the domain's paymentFormSchema, or by a screen's extension of it with its own fields
 * (`paymentFormSchema.extend({ amount })`, as the endpoint's body schema extends it), plus the checkout's
 * rules. Problems show once a field was left or a payment tried; the submit handler gets the body to send.
 */
export function usePaymentForm<S extends PaymentSchema = typeof paymentFormSchema>(
  schema: S = paymentFormSchema as unknown as S,
  defaultValues: Omit<z.input<S>, keyof PaymentFormValues> = {} as Omit<z.input<S>, keyof PaymentFormValues>,
) {
  const settings = useSiteSettings();
  // Every checkout uses this form: idle never sends a buyer away from a payment (issue 18).
  useHoldIdleRedirect();
  const quickCheckout = settings.quickCheckout;
  const site = { quickCheckout, today: dayInZone(new Date(), settings.timeZone) };
  // Typed as the screen's schema: the refinement adds problems and the transform only drops fields.
  const checked = schema
    .superRefine(checkoutRules(site))
    .transform((values) => (quickCheckout ? withoutBilling(values) : values)) as unknown as S;
  const form = useDomainForm(checked, {
    defaultValues: { ...EMPTY_PAYMENT, ...defaultValues } as DefaultValues<z.input<S>>,
  });
  return {
    ...form,
    quickCheckout,
    /** The server's field problems (`fields: { cardNumber: "invalid_card_number" }`) on their fields. */
    setServerProblems: (fields: Record<string, string>) => {
      for (const [name, problem] of Object.entries(fields)) {
        if (FIELD_NAMES.has(name))
          form.setError(name as Path<z.input<S>>, { type: "server", message: problem });
      }
    },
  };
}

/** What the payment fields and a checkout attempt use of a payment screen's form. */
export interface PaymentFormState {
  quickCheckout: boolean;
  register: (name: Field) => UseFormRegisterReturn;
  formState: { errors: FieldErrors<PaymentFormValues> };
  setServerProblems: (fields: Record<string, string>) => void;
}

/** A problem in words: a domain code in the checkout's words, anything else (a broken limit) as said. */
function problemText(message: string | undefined, t: CheckoutTexts): string | undefined {
  if (!message) return undefined;
  return Object.hasOwn(PROBLEM_TEXTS, message) ? t(PROBLEM_TEXTS[message as PaymentFormProblem]) : message;
}

export function PaymentFields({ form, t }: { form: PaymentFormState; t: CheckoutTexts }) {
  const id = useId();
  const { errors } = form.formState;
  const field = ([name, label, autoComplete]: [Field, CheckoutTextKey, string]) => (
    <TextField
      key={name}
      id={`${id}-${name}`}
      label={t(label)}
      autoComplete={autoComplete}
      inputMode={name === "cardNumber" || name === "cardCvv" ? "numeric" : undefined}
      error={problemText(errors[name]?.message, t)}
      {...form.register(name)}
    />
  );
  return (
    <div className="flex flex-col gap-4">
      <p className="rounded-ui bg-wash p-3 text-sm">{t("pay.testMode")}</p>
      <div className="grid gap-4 sm:grid-cols-2">{CARD_FIELDS.map(field)}</div>
      {form.quickCheckout ? null : (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 font-semibold">{t("pay.billing")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">{BILLING_FIELDS.map(field)}</div>
        </fieldset>
      )}
      <p className="text-sm text-muted">{t("pay.secure")}</p>
    </div>
  );
}
