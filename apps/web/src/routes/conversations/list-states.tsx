import type { ReactNode } from "react";
import { Button } from "../../components/ui/index.ts";

/** A list of conversations that could not load: the failure, announced, and a retry. */
export function ListFailure({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div className="flex flex-col items-start gap-2">
      <p role="alert">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}

/** Three grey rows, as tall as the list's rows (`rowClassName`), while the list loads. */
export function ListLoading({ label, rowClassName }: { label: string; rowClassName: string }) {
  return (
    <ul aria-busy="true" aria-label={label} className="flex flex-col gap-2">
      {[0, 1, 2].map((n) => (
        <li key={n} className={`${rowClassName} animate-pulse rounded-ui bg-wash`} />
      ))}
    </ul>
  );
}

/** A list with nothing in it yet. */
export function ListEmpty({ children }: { children: ReactNode }) {
  return <p className="rounded-ui border border-line p-6 text-muted">{children}</p>;
}
