import { forwardRef } from "react";
import { Link, type LinkProps } from "react-router";
import { type ButtonSize, type ButtonVariant, buttonClass } from "./button.ts";

export interface LinkButtonProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** A link that looks like a button: navigation stays a real `<a href>` (new tabs, crawlers). */
export const LinkButton = forwardRef<HTMLAnchorElement, LinkButtonProps>(function LinkButton(
  { variant, size, block = false, className = "", ...rest },
  ref,
) {
  return (
    <Link
      ref={ref}
      className={buttonClass(variant, size, `${block ? "w-full" : ""} ${className}`.trim())}
      {...rest}
    />
  );
});
