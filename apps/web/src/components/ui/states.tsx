import type { ReactNode } from "react";
import type { To } from "react-router";
import { Button } from "./Button.tsx";
import { LinkButton } from "./LinkButton.tsx";

/** Why a form's last send failed, announced, beside its buttons; nothing while there is no failure. */
export function FormFailure({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="text-sm font-medium text-danger">
      {children}
    </p>
  );
}

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

/** Where a screen's failure leads: a retry, or, when what it shows is gone for good, a link away. */
export interface FailureWayOn {
  retry: { label: string; onRetry: () => void };
  /** Given when trying again cannot help (the thing does not exist): the link replaces the retry. */
  leave?: { label: string; to: To } | undefined;
}

/**
 * A whole screen that could not load: its heading (where a screen reader lands; the failure is the page's
 * subject now) and the failure with the way on, a retry or a link.
 */
export function ScreenFailure({ title, retry, leave }: { title: string } & FailureWayOn) {
  return (
    <div className="mx-auto max-w-xl py-8">
      <h1 className="sr-only">{title}</h1>
      <EmptyState
        tone="error"
        title={title}
        action={
          leave ? (
            <LinkButton to={leave.to} variant="secondary">
              {leave.label}
            </LinkButton>
          ) : (
            <Button variant="secondary" onClick={retry.onRetry}>
              {retry.label}
            </Button>
          )
        }
      />
    </div>
  );
}

/** Placeholders shaped like a screen on its way, announced once (`label`) to screen readers. */
export function LoadingPlaceholder({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div aria-busy="true" className={className}>
      <p role="status" className="sr-only">
        {label}
      </p>
      {children}
    </div>
  );
}
