import { checkUsername } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { forwardRef, type InputHTMLAttributes, type ReactNode, useEffect, useState } from "react";
import { ApiError, api } from "../../api/client.ts";

export const inputClass = "mt-1 block w-full rounded-ui border border-line bg-paper px-3 py-2";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** The rule, shown before it is broken. */
  hint?: string | undefined;
  error?: string | null | undefined;
  /** A positive note (e.g. the username is available). */
  note?: ReactNode;
}

/** A labelled input with its rule, its error and an optional note, all tied to it for screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { id, label, hint, error, note, ...input },
  ref,
) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null, note ? `${id}-note` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={inputClass}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      {note ? (
        <p id={`${id}-note`} className="mt-1 text-sm" aria-live="polite">
          {note}
        </p>
      ) : null}
    </div>
  );
});

export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export const USERNAME_CHECK_DEBOUNCE_MS = 400;

/**
 * Whether a username is free, asked of GET /auth/username-validation as the user types (debounced):
 * 200 means an account has it, 404 that it is free. Only well-formed names are asked about; `unchanged`
 * skips the check (the user's own current name).
 */
export function useUsernameAvailability(username: string, unchanged = false) {
  const value = useDebounced(username.trim(), USERNAME_CHECK_DEBOUNCE_MS);
  const enabled = !unchanged && value.length > 0 && checkUsername(value) === null;
  const query = useQuery({
    queryKey: ["auth", "username-validation", value.toLowerCase()],
    queryFn: async ({ signal }) => {
      try {
        await api.get("/auth/username-validation", { query: { username: value }, signal, auth: false });
        return "taken" as const;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return "available" as const;
        throw error;
      }
    },
    enabled,
    staleTime: 30_000,
  });
  const settled = value === username.trim();
  if (!enabled) return "unknown" as const;
  if (!settled || query.isPending) return "checking" as const;
  return query.data ?? ("unknown" as const);
}
