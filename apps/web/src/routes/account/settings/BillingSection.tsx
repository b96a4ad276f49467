import { updateSelfSchema } from "@market/domain";
import type { z } from "zod";
import { api } from "../../../api/client.ts";
import { BillingInputs, billingDraftOf } from "../../checkout/BillingInputs.tsx";
import { useReceiptTexts } from "../../checkout/receipt-texts.ts";
import { type SaveContext, SaveForm, Section, useSectionForm } from "./settings-ui.tsx";

type UpdateSelf = z.output<typeof updateSelfSchema>;

/**
 * "Billing details for receipts" (issue 22): the organisation, billing address and tax id that receipts
 * and yearly statements show, given once here (or at checkout with "Save for next time").
 */
export function BillingSection({ t, user, saved }: SaveContext) {
  const r = useReceiptTexts();
  const form = useSectionForm(t, updateSelfSchema, {
    defaultValues: { billing: billingDraftOf(user.billing) },
  });
  const values = billingDraftOf(form.watch("billing"));
  const errors = form.formState.errors.billing;
  const onValid = async ({ billing }: UpdateSelf) => {
    await form.save.run(async () => {
      saved(await api.call("PATCH /users/self", { body: { billing } }));
    });
  };
  return (
    <Section title={r("billing.section")}>
      <p className="text-sm text-muted">{r("billing.sectionIntro")}</p>
      <SaveForm form={form} onValid={onValid} submit={r("billing.save")}>
        <BillingInputs
          idPrefix="settings-billing"
          values={values}
          bind={(part) => form.register(`billing.${part}`)}
          errors={{
            organisation: errors?.organisation?.message,
            address: errors?.address?.message,
            taxId: errors?.taxId?.message,
          }}
        />
      </SaveForm>
    </Section>
  );
}
