import type { ReactNode } from "react";

/** A grey block shaped like the content that is on its way (a card, a line of text). */
export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-ui bg-wash ${className}`} />;
}

/**
 * What a list or a screen shows instead of its content: nothing there yet (with the next step to take), or
 * a failure (with a way to try again). `tone` error is announced as an alert.
 */
export function EmptyState({
  title,
  body,
  action,
  tone = "empty",
  icon,
}: {
  title: ReactNode;
  body?: ReactNode;
  action?: ReactNode;
  tone?: "empty" | "error";
  icon?: ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : undefined}
      className="flex flex-col items-center gap-3 rounded-card border border-dashed border-line px-6 py-12 text-center"
    >
      {icon ? <div className="text-muted">{icon}</div> : null}
      <p className="text-lg font-semibold">{title}</p>
      {body ? <p className="max-w-prose text-muted">{body}</p> : null}
      {action ? <div className="mt-1">{action}</div> : null}
    </div>
  );
}

/**
 * A whole screen that could not load: its heading (where a screen reader lands; the failure is the page's
 * subject now) and the failure with the way on, a retry or a link.
 */
export function ScreenFailure({ title, action }: { title: string; action: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl py-8">
      <h1 className="sr-only">{title}</h1>
      <EmptyState tone="error" title={title} action={action} />
    </div>
  );
}
