import { type ButtonHTMLAttributes, forwardRef } from "react";
import { type ButtonSize, type ButtonVariant, buttonClass } from "./button.ts";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Spans the width of its container (a phone's primary action). */
  block?: boolean;
  /** Working: the button stays in place, says so to screen readers, and takes no second press. */
  busy?: boolean;
}

/** A button; `type="button"` unless it submits its form. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant,
    size,
    block = false,
    busy = false,
    className = "",
    type = "button",
    disabled,
    children,
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClass(variant, size, `${block ? "w-full" : ""} ${className}`.trim())}
      {...rest}
    >
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
});

/** A small circling mark for work under way; hidden from screen readers, which hear aria-busy. */
export function Spinner({ className = "size-4" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`animate-spin ${className}`} fill="none">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
