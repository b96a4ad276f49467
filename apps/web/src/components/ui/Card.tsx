import type { HTMLAttributes, ReactNode } from "react";

/** A surface that groups one thing: a price box, a form section, a summary. */
export function Card({
  as: Tag = "div",
  padded = true,
  className = "",
  children,
  ...rest
}: HTMLAttributes<HTMLElement> & {
  as?: "div" | "section" | "aside" | "article";
  padded?: boolean;
  children: ReactNode;
}) {
  return (
    <Tag
      className={`rounded-card border border-line bg-paper shadow-sm ${padded ? "p-4 sm:p-5" : ""} ${className}`}
      {...rest}
    >
      {children}
    </Tag>
  );
}
