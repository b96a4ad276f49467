import { GRADES, RESOURCE_TYPES, SEARCH_LIMITS, SUBJECTS } from "@market/domain";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useCatalogueTexts } from "./catalogue-texts.ts";
import {
  type CatalogueFilters,
  changeFilters,
  PRICE_OPTIONS,
  type PriceFilter,
  type ResourceListSort,
  SORT_OPTIONS,
} from "./filters.ts";

/** Typing waits this long for a pause before the results follow. */
export const SEARCH_DEBOUNCE_MS = 400;

const controlClass = "mt-1 block w-full rounded-ui border border-line bg-paper px-3 py-2";
const labelClass = "text-sm font-medium";

export interface CatalogueToolbarProps {
  filters: CatalogueFilters;
  onChange: (next: CatalogueFilters) => void;
}

/**
 * The search box and the filters of a grid. It is a real GET form, so it works before the script loads;
 * with the script every change goes straight into the URL (typing after a short pause).
 */
export function CatalogueToolbar({ filters, onChange }: CatalogueToolbarProps) {
  const t = useCatalogueTexts();
  const id = useId();
  const [text, setText] = useState(filters.q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };

  // Back and Forward change the query in the URL: the box follows unless it already says the same.
  useEffect(() => {
    setText((current) => (current.trim() === filters.q.trim() ? current : filters.q));
  }, [filters.q]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const applyText = (value: string) => {
    clearTimeout(timer.current);
    const { filters: now, onChange: change } = latest.current;
    if (value.trim() !== now.q.trim()) change(changeFilters(now, { q: value }));
  };

  const type = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => applyText(value), SEARCH_DEBOUNCE_MS);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    applyText(text);
  };

  const select = <K extends "grade" | "subject" | "type" | "price">(key: K, value: string) =>
    onChange(changeFilters(filters, { [key]: value === "" ? null : value }));

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet known to every browser we support (nor jsdom)
    <form
      role="search"
      aria-label={t("filters.label")}
      method="get"
      onSubmit={submit}
      className="mb-6 grid gap-4 rounded-ui border border-line p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      <div className="sm:col-span-2 lg:col-span-6">
        <label htmlFor={`${id}-q`} className={labelClass}>
          {t("search.label")}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            value={text}
            maxLength={SEARCH_LIMITS.maxLength}
            onChange={(event) => type(event.target.value)}
            className="block w-full rounded-ui border border-line bg-paper px-3 py-2"
          />
          <button type="submit" className="rounded-ui bg-accent px-4 py-2 font-medium text-accent-text">
            {t("search.submit")}
          </button>
        </div>
        <div className="mt-2 flex items-center gap-2">
          <input
            id={`${id}-stop`}
            type="checkbox"
            name="stopWords"
            value="true"
            checked={filters.stopWords}
            aria-describedby={`${id}-stop-hint`}
            onChange={(event) => onChange(changeFilters(filters, { stopWords: event.target.checked }))}
            className="size-4"
          />
          <label htmlFor={`${id}-stop`} className="text-sm">
            {t("search.stopWords")}
          </label>
          <span id={`${id}-stop-hint`} className="text-sm text-muted">
            {t("search.stopWordsHint")}
          </span>
        </div>
      </div>
      <Select
        id={`${id}-grade`}
        name="grade"
        label={t("filters.grade")}
        value={filters.grade ?? ""}
        onChange={(value) => select("grade", value)}
        options={[["", t("filters.gradeAny")], ...GRADES.map((g): [string, string] => [g, g])]}
      />
      <Select
        id={`${id}-subject`}
        name="subject"
        label={t("filters.subject")}
        value={filters.subject ?? ""}
        onChange={(value) => select("subject", value)}
        options={[["", t("filters.subjectAny")], ...SUBJECTS.map((s): [string, string] => [s, s])]}
      />
      <Select
        id={`${id}-type`}
        name="type"
        label={t("filters.type")}
        value={filters.type ?? ""}
        onChange={(value) => select("type", value)}
        options={[["", t("filters.typeAny")], ...RESOURCE_TYPES.map((r): [string, string] => [r, r])]}
      />
      <Select
        id={`${id}-price`}
        name="price"
        label={t("filters.price")}
        value={filters.price ?? ""}
        onChange={(value) => select("price", value)}
        options={[
          ["", t("filters.priceAny")],
          ...PRICE_OPTIONS.map((p: PriceFilter): [string, string] => [p, t(`filters.price.${p}`)]),
        ]}
      />
      <Select
        id={`${id}-sort`}
        name="sort"
        label={t("filters.sort")}
        value={filters.sort}
        onChange={(value) => onChange(changeFilters(filters, { sort: value as ResourceListSort }))}
        options={SORT_OPTIONS.map((s): [string, string] => [s, t(`filters.sort.${s}`)])}
        wide
      />
    </form>
  );
}

function Select({
  id,
  name,
  label,
  value,
  options,
  onChange,
  wide = false,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: Array<[string, string]>;
  onChange: (value: string) => void;
  wide?: boolean;
}) {
  return (
    <div className={wide ? "lg:col-span-2" : undefined}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={controlClass}
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
