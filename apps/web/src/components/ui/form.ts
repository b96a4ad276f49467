import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { type TextLookup, useTexts } from "../../state/site-config.ts";

/** A zod issue as the per-parse error map sees it: the fields this file reads. */
interface Issue {
  code: string;
  input?: unknown;
  origin?: string;
  maximum?: unknown;
  minimum?: unknown;
  format?: string;
}

/**
 * A broken rule in the site's words, the same on every form: "Too long: 41 of 32 characters" beside the
 * field's live count. A schema's own message (a domain code such as "unknown_time_zone", or words) wins,
 * since zod prefers it to this map; undefined leaves zod's default for a kind nobody types by hand.
 */
export function issueText(t: TextLookup) {
  return (issue: Issue): string | undefined => {
    const { code, input, origin } = issue;
    const max = String(issue.maximum);
    const min = String(issue.minimum);
    if (code === "invalid_type" && (input === undefined || input === null)) return t("field.required");
    if (origin === "string") {
      if (code === "too_big") return t("field.tooLong", { used: String((input as string).length), max });
      if (code === "too_small") return min === "1" ? t("field.required") : t("field.tooShort", { min });
    }
    if (origin === "array" || origin === "set") {
      if (code === "too_big") return t("field.tooMany", { max });
      if (code === "too_small") return min === "1" ? t("field.required") : t("field.tooLow", { min });
    }
    if (origin === "number" || origin === "int" || origin === "bigint") {
      if (code === "too_big") return t("field.tooHigh", { max });
      if (code === "too_small") return t("field.tooLow", { min });
    }
    if (code === "invalid_type" && issue.format === "safeint") return t("field.notWhole");
    if (code === "invalid_format" || code === "invalid_value" || code === "invalid_type") {
      return t("field.invalid");
    }
    return undefined;
  };
}

/**
 * A form checked by the domain's own schema (the one the endpoint's definition uses), so a limit is written
 * once, in packages/domain, and shown in the same words on every screen. Fields are checked when left and
 * then as they change; the submit handler receives the schema's output (trimmed, coerced, defaulted).
 */
export function useDomainForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver"> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const t = useTexts();
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: "onTouched",
    ...options,
    resolver: zodResolver(schema, { error: issueText(t) }),
  });
}
