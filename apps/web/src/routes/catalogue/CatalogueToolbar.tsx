import { BUNDLE_TYPE_QUERY, GRADES, SEARCH_LIMITS, SUBJECTS } from "@market/domain";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, Checkbox, Input, SelectField, Sheet } from "../../components/ui/index.ts";
import { useCatalogueTexts } from "./catalogue-texts.ts";
import {
  activeFilterCount,
  type CatalogueFilters,
  changeFilters,
  clearFilters,
  PRICE_OPTIONS,
  type PriceFilter,
  RATING_OPTIONS,
  type ResourceListSort,
  sortOptions,
  TYPE_OPTIONS,
} from "./filters.ts";

type FilterKey = "grade" | "subject" | "type" | "price" | "minRating";

/** Typing waits this long for a pause before the results follow. */
export const SEARCH_DEBOUNCE_MS = 400;

export interface CatalogueToolbarProps {
  filters: CatalogueFilters;
  onChange: (next: CatalogueFilters) => void;
  /** Off where the page has its own search box (the home page's hero). */
  showSearch?: boolean;
  /** The number of results, for the filter sheet's "Show results" button. */
  resultsText?: string;
}

/**
 * The search box, the filters and the order of a grid. It is a real GET form, so it works before the
 * script loads; with the script every change goes straight into the URL (typing after a short pause).
 * From a tablet up the filters sit in a row under the search; on a phone they wait in a sheet behind a
 * "Filters" button that counts the ones in force, so the first screen shows resources, not a form.
 */
export function CatalogueToolbar({
  filters,
  onChange,
  showSearch = true,
  resultsText,
}: CatalogueToolbarProps) {
  const t = useCatalogueTexts();
  const id = useId();
  const [text, setText] = useState(filters.q);
  const [sheetOpen, setSheetOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };
  const count = activeFilterCount(filters);

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

  const sort = (
    <SelectField
      id={`${id}-sort`}
      name="sort"
      label={t("filters.sort")}
      value={filters.sort}
      onChange={(event) => onChange(changeFilters(filters, { sort: event.target.value as ResourceListSort }))}
      className="min-w-44 flex-1 md:flex-none"
    >
      {sortOptions(filters).map((s) => (
        <option key={s} value={s}>
          {t(`filters.sort.${s}`)}
        </option>
      ))}
    </SelectField>
  );

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet known to every browser we support (nor jsdom)
    <form
      role="search"
      aria-label={t("filters.label")}
      method="get"
      onSubmit={submit}
      className="mb-5 flex flex-col gap-3"
    >
      {showSearch ? (
        <div className="flex gap-2">
          <label htmlFor={`${id}-q`} className="sr-only">
            {t("search.label")}
          </label>
          <Input
            id={`${id}-q`}
            type="search"
            name="q"
            value={text}
            maxLength={SEARCH_LIMITS.maxLength}
            placeholder={t("search.label")}
            onChange={(event) => type(event.target.value)}
            enterKeyHint="search"
          />
          <Button type="submit">{t("search.submit")}</Button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-end gap-2 md:gap-3">
        <Button
          variant="secondary"
          onClick={() => setSheetOpen(true)}
          aria-haspopup="dialog"
          className="shrink-0 md:hidden"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor">
            <path d="M4 6h16M7 12h10M10 18h4" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {count > 0 ? t("filters.open.count", { count: String(count) }) : t("filters.open")}
        </Button>
        <div className="hidden flex-wrap items-end gap-3 md:contents">
          <FilterFields idPrefix={`${id}-inline`} filters={filters} onChange={onChange} />
        </div>
        {sort}
      </div>
      {filters.q.trim() || count > 0 ? (
        // A div: the checkbox's field is one, which a paragraph may not hold.
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          {filters.q.trim() ? (
            <Checkbox
              id={`${id}-stop`}
              name="stopWords"
              value="true"
              checked={filters.stopWords}
              label={t("search.stopWords")}
              onChange={(event) => onChange(changeFilters(filters, { stopWords: event.target.checked }))}
            />
          ) : null}
          <Link to={{ search: "" }} className="font-semibold underline underline-offset-4">
            {t("filters.clearShort")}
          </Link>
        </div>
      ) : null}
      <Sheet
        open={sheetOpen}
        onOpenChange={setSheetOpen}
        title={t("filters.open")}
        side="bottom"
        footer={
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => onChange(clearFilters(filters))}>
              {t("filters.clearFilters")}
            </Button>
            <Button className="flex-1" onClick={() => setSheetOpen(false)}>
              {resultsText ? t("filters.showResults", { results: resultsText }) : t("filters.done")}
            </Button>
          </div>
        }
      >
        <div className="flex flex-col gap-4">
          <FilterFields idPrefix={`${id}-sheet`} filters={filters} onChange={onChange} />
        </div>
      </Sheet>
    </form>
  );
}

/** Grade, subject, type, price and rating: each change is in force at once (and in the URL). */
function FilterFields({
  idPrefix,
  filters,
  onChange,
}: {
  idPrefix: string;
  filters: CatalogueFilters;
  onChange: (next: CatalogueFilters) => void;
}) {
  const t = useCatalogueTexts();
  const select = (key: FilterKey, value: string) =>
    onChange(
      changeFilters(filters, {
        [key]: value === "" ? null : key === "minRating" ? Number(value) : value,
      }),
    );
  const field = (
    key: FilterKey,
    label: string,
    value: string | number | null,
    options: Array<[string, string]>,
  ) => (
    <SelectField
      id={`${idPrefix}-${key}`}
      name={key}
      label={label}
      value={value ?? ""}
      onChange={(event) => select(key, event.target.value)}
      className="md:w-40"
    >
      {options.map(([optionValue, text]) => (
        <option key={optionValue} value={optionValue}>
          {text}
        </option>
      ))}
    </SelectField>
  );
  return (
    <>
      {field("grade", t("filters.grade"), filters.grade, [
        ["", t("filters.gradeAny")],
        ...GRADES.map((g): [string, string] => [g, g]),
      ])}
      {field("subject", t("filters.subject"), filters.subject, [
        ["", t("filters.subjectAny")],
        ...SUBJECTS.map((s): [string, string] => [s, s]),
      ])}
      {field("type", t("filters.type"), filters.type, [
        ["", t("filters.typeAny")],
        ...TYPE_OPTIONS.map((r): [string, string] => [
          r,
          r === BUNDLE_TYPE_QUERY ? t("filters.typeBundles") : r,
        ]),
      ])}
      {field("price", t("filters.price"), filters.price, [
        ["", t("filters.priceAny")],
        ...PRICE_OPTIONS.map((p: PriceFilter): [string, string] => [p, t(`filters.price.${p}`)]),
      ])}
      {field("minRating", t("filters.rating"), filters.minRating, [
        ["", t("filters.ratingAny")],
        ...RATING_OPTIONS.map((stars): [string, string] => [
          String(stars),
          t("filters.rating.atLeast", { stars: String(stars) }),
        ]),
      ])}
    </>
  );
}
