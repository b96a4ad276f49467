import { checkPaymentForm, dayInZone, type PaymentForm as PaymentFormValues } from "@market/domain";
import { useId, useState } from "react";
import { useHoldIdleRedirect } from "../../state/idle.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import type { CheckoutTexts } from "./checkout-texts.ts";

type Field = keyof Omit<PaymentFormValues, "paymentSource">;

const CARD_FIELDS: [Field, string, string][] = [
  ["cardName", "pay.cardName", "cc-name"],
  ["cardNumber", "pay.cardNumber", "cc-number"],
  ["cardExp", "pay.cardExp", "cc-exp"],
  ["cardCvv", "pay.cardCvv", "cc-csc"],
];
const BILLING_FIELDS: [Field, string, string][] = [
  ["billingStreetAddress", "pay.street", "address-line1"],
  ["billingCity", "pay.city", "address-level2"],
  ["billingState", "pay.state", "address-level1"],
  ["billingZipCode", "pay.zip", "postal-code"],
];

export const EMPTY_PAYMENT: PaymentFormValues = {
  paymentSource: "credit-card",
  cardName: "",
  cardNumber: "",
  cardExp: "",
  cardCvv: "",
  billingStreetAddress: "",
  billingCity: "",
  billingState: "",
  billingZipCode: "",
};

/**
 * The payment form of spec 3 with the card rules of spec 5, shared by every checkout. Problems show once
 * a field was left or a payment tried; billing fields are skipped when quickCheckout is on.
 */
export function usePaymentForm() {
  const settings = useSiteSettings();
  // Every checkout uses this form: idle never sends a buyer away from a payment (issue 18).
  useHoldIdleRedirect();
  const quickCheckout = settings.quickCheckout;
  const [values, setValues] = useState<PaymentFormValues>(EMPTY_PAYMENT);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  const problems = checkPaymentForm(values, {
    quickCheckout,
    today: dayInZone(new Date(), settings.timeZone),
  });
  const body = () => {
    const { paymentSource, ...fields } = values;
    if (quickCheckout) {
      for (const [name] of BILLING_FIELDS) delete fields[name];
    }
    return { paymentSource, ...fields };
  };
  return {
    values,
    quickCheckout,
    problems,
    touched,
    serverProblems,
    setServerProblems,
    isValid: Object.keys(problems).length === 0,
    set: (field: Field, value: string) => {
      setValues((v) => ({ ...v, [field]: value }));
      setServerProblems((p) => {
        const { [field]: _gone, card: _card, ...rest } = p;
        return rest;
      });
    },
    touch: (field: Field) => setTouched((t) => ({ ...t, [field]: true })),
    touchAll: () =>
      setTouched(
        Object.fromEntries([...CARD_FIELDS, ...BILLING_FIELDS].map(([f]) => [f, true])) as Record<
          Field,
          boolean
        >,
      ),
    body,
  };
}

export type PaymentFormState = ReturnType<typeof usePaymentForm>;

export function PaymentFields({ form, t }: { form: PaymentFormState; t: CheckoutTexts }) {
  const id = useId();
  const field = ([name, label, autoComplete]: [Field, string, string]) => {
    const problem = form.serverProblems[name] ?? (form.touched[name] ? form.problems[name] : undefined);
    const problemText = problem ? t(`pay.problem.${problem}` as "pay.problem.required") : null;
    return (
      <div key={name} className="flex flex-col gap-1">
        <label htmlFor={`${id}-${name}`} className="font-medium">
          {t(label as "pay.cardName")}
        </label>
        <input
          id={`${id}-${name}`}
          autoComplete={autoComplete}
          inputMode={name === "cardNumber" || name === "cardCvv" ? "numeric" : undefined}
          className="rounded-ui border border-line bg-paper px-3 py-2"
          value={form.values[name] ?? ""}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-${name}-problem` : undefined}
          onChange={(e) => form.set(name, e.target.value)}
          onBlur={() => form.touch(name)}
        />
        {problemText ? (
          <p id={`${id}-${name}-problem`} className="text-sm font-medium text-danger">
            {problemText === `pay.problem.${problem}` ? problem : problemText}
          </p>
        ) : null}
      </div>
    );
  };
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
