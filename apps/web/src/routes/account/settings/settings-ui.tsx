import type { SelfUser } from "@market/domain";
import {
  type BaseSyntheticEvent,
  type ComponentPropsWithoutRef,
  forwardRef,
  type ReactNode,
  useId,
  useState,
} from "react";
import type { ErrorOption, FieldValues, UseFormProps } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "../../../api/client.ts";
import { useDomainForm } from "../../../components/ui/form.ts";
import { Button } from "../../../components/ui/index.ts";
import type { useAccountTexts } from "../account-texts.ts";
import { Field } from "../account-ui.tsx";

export type T = ReturnType<typeof useAccountTexts>;

/** What every section of the settings page is given. */
export interface SaveContext {
  t: T;
  user: SelfUser;
  /** Stores the updated user everywhere and announces the saved toast. */
  saved: (user: SelfUser | null, message?: string) => void;
}

/** One save of a section, form or button: its busy flag and 'Could not save changes' on failure. */
export function useSave(t: T) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  /** Runs the save; answers what went wrong, or null. */
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailed(false);
    try {
      await work();
    } catch (error) {
      setFailed(true);
      return error;
    } finally {
      setBusy(false);
    }
    return null;
  };
  const failure = failed ? (
    <p role="alert" className="text-sm font-medium text-danger">
      {t("save.failed")}
    </p>
  ) : null;
  return { busy, run, failure };
}

export type Save = ReturnType<typeof useSave>;

/**
 * A section's form: react-hook-form checked by the body schema of the endpoint it calls, with its save.
 * Problems show as typed; the submit button waits until the schema accepts what is typed (`accepted`),
 * and while a save runs (`busy`), so a second press sends nothing.
 */
export function useSectionForm<S extends z.ZodType<FieldValues, FieldValues>>(
  t: T,
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver"> = {},
) {
  const form = useDomainForm(schema, { mode: "onChange", ...options });
  const save = useSave(t);
  const accepted = schema.safeParse(form.watch()).success;
  return { ...form, save, accepted, busy: form.formState.isSubmitting || save.busy };
}

/** What the shell of a section's form uses of useSectionForm. */
interface SectionForm<O> {
  handleSubmit: (onValid: (values: O) => Promise<void>) => (event?: BaseSyntheticEvent) => Promise<void>;
  save: Save;
  accepted: boolean;
  busy: boolean;
}

/** The current password's field error when the server refused it (403 invalid_credentials), else null. */
export function passwordRefusal(failure: unknown, t: T): ErrorOption | null {
  return failure instanceof ApiError && failure.status === 403 && failure.code === "invalid_credentials"
    ? { type: "server", message: t("settings.wrongPassword") }
    : null;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-ui border border-line p-4">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-3 flex flex-col gap-3">{children}</div>
    </section>
  );
}

interface SaveFormProps<O> {
  form: SectionForm<O>;
  /** Sends what the schema let through (trimmed, as the endpoint takes it). */
  onValid: (values: O) => Promise<void>;
  /** The submit button's words. */
  submit: string;
  /** What else must hold before sending, beyond the schema (a change to save); true unless given. */
  ready?: boolean;
  variant?: "primary" | "danger";
  /** Buttons beside the submit one (remove, cancel); given, even as null, the buttons stand in a row. */
  more?: ReactNode;
  children: ReactNode;
}

/** A section's form: its fields, the save failure, then its submit button and any beside it. */
export function SaveForm<O>({
  form,
  onValid,
  submit,
  ready = true,
  variant = "primary",
  more,
  children,
}: SaveFormProps<O>) {
  const button = (
    <Button variant={variant} type="submit" disabled={form.busy || !form.accepted || !ready}>
      {submit}
    </Button>
  );
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} className="flex flex-col gap-3">
      {children}
      {form.save.failure}
      {more === undefined ? (
        <div>{button}</div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {button}
          {more}
        </div>
      )}
    </form>
  );
}

/** The account's current password, asked again before a change that needs it. */
export const CurrentPasswordField = forwardRef<HTMLInputElement, ComponentPropsWithoutRef<typeof Field>>(
  function CurrentPasswordField(props, ref) {
    return <Field ref={ref} type="password" autoComplete="current-password" {...props} />;
  },
);
