/**
 * The look of every button and button-like link, in one place: screens ask for a variant and a size and
 * never write the class string again (it was copied into 47 files).
 */
export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "xs" | "sm" | "md" | "lg";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-ui font-semibold whitespace-nowrap transition-colors " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-accent text-accent-text shadow-sm hover:brightness-110",
  secondary: "border border-line bg-paper text-ink hover:bg-wash",
  ghost: "text-ink hover:bg-wash",
  danger: "bg-danger text-danger-text shadow-sm hover:brightness-110",
};

const SIZES: Record<ButtonSize, string> = {
  /** Small actions repeated on every item of a list (a preview's Move, Hide, Delete): still 32 px tall. */
  xs: "min-h-8 px-2 py-1 text-xs",
  sm: "min-h-9 px-3 py-1.5 text-sm",
  md: "min-h-11 px-4 py-2 text-base",
  lg: "min-h-12 px-6 py-3 text-lg",
};

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = ""): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}${extra ? ` ${extra}` : ""}`;
}
