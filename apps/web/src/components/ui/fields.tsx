import {
  type ForwardRefExoticComponent,
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type RefAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { useTexts } from "../../state/site-config.ts";

/** The one look of a text box, a list box and a text area. */
export const CONTROL_CLASS =
  "block w-full rounded-ui border border-line bg-paper px-3 py-2 text-base text-ink placeholder:text-muted " +
  "aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger disabled:bg-wash disabled:text-muted";

/** What a control needs to be tied to its label and messages. */
export interface ControlBindings {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
}

export interface FieldMessages {
  label: ReactNode;
  /** The rule, shown before it is broken ("3 to 20 letters, digits or _"). */
  hint?: ReactNode;
  /** What is wrong now, in words (the server's or the domain's message). */
  error?: ReactNode;
  /**
   * A live count against a limit: "41 of 32 characters" turns red when over. With `min`, the range is
   * shown ("120 of 340 to 380 characters"); being under it is the rule still to meet, not an error.
   */
  count?: { used: number; max: number; min?: number };
  /** A positive note beside the control (a username is free), announced politely. */
  note?: ReactNode;
  /** Marks a field that may be left empty ("(optional)" after its label). */
  optional?: boolean;
}

/**
 * A label, one control and its messages, all tied together for screen readers (the hint, the count and
 * the error describe the control; the error marks it invalid). Every form field of the app is one.
 */
export function Field({
  id,
  label,
  hint,
  error,
  count,
  note,
  optional = false,
  className = "",
  children,
}: FieldMessages & { id: string; className?: string; children: (bindings: ControlBindings) => ReactNode }) {
  const t = useTexts();
  const over = count !== undefined && count.used > count.max;
  const described = [
    hint ? `${id}-hint` : null,
    count ? `${id}-count` : null,
    error ? `${id}-error` : null,
    note ? `${id}-note` : null,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="font-medium">
          {label}
          {optional ? (
            <span className="ml-1 text-sm font-normal text-muted">{t("field.optional")}</span>
          ) : null}
        </label>
        {count ? (
          <span
            id={`${id}-count`}
            className={`shrink-0 text-sm tabular-nums ${over ? "font-semibold text-danger" : "text-muted"}`}
          >
            {count.min === undefined
              ? t("field.count", { used: String(count.used), max: String(count.max) })
              : t("field.countRange", {
                  used: String(count.used),
                  min: String(count.min),
                  max: String(count.max),
                })}
          </span>
        ) : null}
      </div>
      {children({
        id,
        "aria-describedby": described || undefined,
        "aria-invalid": error || over ? true : undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      {note ? (
        <p id={`${id}-note`} className="text-sm" aria-live="polite">
          {note}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A bare text box in the app's look (inside a Field, or labelled some other way). */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { className = "", ...rest },
  ref,
) {
  return <input ref={ref} className={`${CONTROL_CLASS} ${className}`} {...rest} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className = "", ...rest }, ref) {
    return <textarea ref={ref} className={`${CONTROL_CLASS} ${className}`} {...rest} />;
  },
);

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className = "", ...rest },
  ref,
) {
  return <select ref={ref} className={`${CONTROL_CLASS} ${className}`} {...rest} />;
});

type FieldProps = FieldMessages & { id: string; className?: string };

/**
 * A control inside its Field: the label, messages and layout props go to the Field, the rest to the control,
 * which is tied to the label and messages.
 */
function fieldWith<E extends HTMLElement, P extends object>(
  name: string,
  Control: ForwardRefExoticComponent<P & RefAttributes<E>>,
) {
  const Labelled = forwardRef<E, FieldProps & P>(function Labelled(
    { id, label, hint, error, count, note, optional, className, ...control },
    ref,
  ) {
    return (
      <Field {...{ id, label, hint, error, count, note, optional, className }}>
        {(bindings) => <Control ref={ref} {...bindings} {...(control as P)} />}
      </Field>
    );
  });
  Labelled.displayName = name;
  return Labelled;
}

/** A labelled text box with its rule, count and error: the common case of Field. */
export const TextField = fieldWith("TextField", Input);
export const TextAreaField = fieldWith("TextAreaField", Textarea);
export const SelectField = fieldWith("SelectField", Select);

/** A checkbox with its label beside it and an optional hint under it. */
export const Checkbox = forwardRef<
  HTMLInputElement,
  Omit<InputProps, "type"> & { id: string; label: ReactNode; hint?: ReactNode }
>(function Checkbox({ id, label, hint, className = "", ...input }, ref) {
  return (
    <div className={`flex items-start gap-2 ${className}`}>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 size-4 shrink-0 accent-accent"
        {...input}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
});
