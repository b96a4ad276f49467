import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { api } from "../../api/client.ts";
import { Checkbox, Skeleton } from "../../components/ui/index.ts";
import { type PromotionTexts, usePromotionTexts } from "./promotions-texts.ts";

/** The creator's own paid resources, the ones a sale or a code can be limited to. */
export function useOwnPaidResources() {
  return useQuery({
    queryKey: ["users", "self", "resources"],
    queryFn: ({ signal }) => api.call("GET /users/self/resources", { signal }),
    select: (data) => [...data.initResources, ...data.extraResources].filter((r) => r.price > 0),
  });
}

/**
 * "All my resources" or "only the ones I choose", with the creator's paid resources to tick. `chosen` is
 * null for all of them.
 */
export function PromotionScope({
  chosen,
  onChange,
  error,
}: {
  chosen: string[] | null;
  onChange: (chosen: string[] | null) => void;
  error?: string | undefined;
}) {
  const t = usePromotionTexts();
  const id = useId();
  const own = useOwnPaidResources();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 font-medium">{t("promotions.scope")}</legend>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name={`${id}-scope`}
          checked={chosen === null}
          onChange={() => onChange(null)}
          className="size-4 accent-accent"
        />
        {t("promotions.scope.all")}
      </label>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name={`${id}-scope`}
          checked={chosen !== null}
          onChange={() => onChange([])}
          className="size-4 accent-accent"
        />
        {t("promotions.scope.chosen")}
      </label>
      {chosen !== null ? <Picker t={t} own={own} chosen={chosen} onChange={onChange} /> : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Picker({
  t,
  own,
  chosen,
  onChange,
}: {
  t: PromotionTexts;
  own: ReturnType<typeof useOwnPaidResources>;
  chosen: string[];
  onChange: (chosen: string[]) => void;
}) {
  const id = useId();
  if (!own.data) return <Skeleton className="h-20" />;
  if (own.data.length === 0) return <p className="text-sm text-muted">{t("promotions.scope.noPaid")}</p>;
  return (
    <fieldset
      aria-label={t("promotions.scope.pick")}
      className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-ui border border-line p-3"
    >
      {own.data.map((resource) => (
        <Checkbox
          key={resource.id}
          id={`${id}-${resource.id}`}
          label={resource.title}
          checked={chosen.includes(resource.id)}
          onChange={(event) =>
            onChange(
              event.target.checked ? [...chosen, resource.id] : chosen.filter((c) => c !== resource.id),
            )
          }
        />
      ))}
    </fieldset>
  );
}

/** "All resources", "1 resource", "3 resources": the scope as a table cell says it, titles on hover. */
export function scopeLabel(
  t: PromotionTexts,
  item: { allResources: boolean; resources: { title: string }[] },
) {
  if (item.allResources) return t("promotions.scope.allShort");
  return item.resources.length === 1
    ? (item.resources[0]?.title ?? t("promotions.scope.one"))
    : t("promotions.scope.count", { count: String(item.resources.length) });
}
