import { checkUsername } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { type ComponentPropsWithoutRef, forwardRef, useEffect, useState } from "react";
import { ApiError, api } from "../../api/client.ts";
import { TextField } from "../../components/ui/fields.tsx";
import { useAccountTexts } from "./account-texts.ts";
import { signUpErrorText } from "./sign-up-form.ts";

/**
 * The account screens' field is the design system's: label, rule, live count, error (with the invalid
 * border) and a positive note, all tied to the control for screen readers. It had a copy of its own.
 */
export { TextField as Field };

type NewPasswordProps = Omit<ComponentPropsWithoutRef<typeof TextField>, "error"> & {
  error?: string | undefined;
};

/** A new password's box (sign-up, settings): the password rules as its hint, a broken one in their words. */
export const NewPasswordField = forwardRef<HTMLInputElement, NewPasswordProps>(function NewPasswordField(
  { error, ...props },
  ref,
) {
  const t = useAccountTexts();
  return (
    <TextField
      ref={ref}
      type="password"
      autoComplete="new-password"
      hint={t("signUp.passwordHint")}
      error={signUpErrorText(error)}
      {...props}
    />
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
        await api.call("GET /auth/username-validation", { query: { username: value }, signal, auth: false });
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
