import { forwardRef, type KeyboardEvent, type ReactNode, useRef, useState } from "react";

const STAR_PATH = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z";

export interface StarInputProps {
  /** Ties the legend's messages to the group; each radio's id is `${id}-${stars}`. */
  id: string;
  /** The radios' form name. */
  name: string;
  legend: ReactNode;
  /** The chosen stars, or null before any choice. */
  value: number | null;
  onChange: (stars: number) => void;
  onBlur?: () => void;
  /** What each choice is called, 1 to 5 stars: "1 star — Poor" ... "5 stars — Excellent". */
  optionLabels: readonly [string, string, string, string, string];
  /** What is wrong now (no rating chosen yet). */
  error?: ReactNode;
  disabled?: boolean;
}

/** The stars a key asks for from `current` (0: none yet), or null for a key the group leaves alone. */
export function starsForKey(key: string, current: number): number | null {
  if (key === "ArrowRight" || key === "ArrowUp") return Math.min(5, current + 1);
  if (key === "ArrowLeft" || key === "ArrowDown") return Math.max(1, current - 1);
  if (key === "Home") return 1;
  if (key === "End") return 5;
  return /^[1-5]$/.test(key) ? Number(key) : null;
}

/**
 * A rating from 1 to 5 stars as native radios, one tab stop for the group, read by a screen reader as
 * "1 star — Poor, 1 of 5". Arrow keys step the rating up and down like a slider's (right or up for more,
 * stopping at 1 and 5 rather than wrapping round as plain radios do), Home and End go to the ends and a
 * digit picks its stars; Space chooses the focused star. The radios are visually hidden behind the stars;
 * a star's label is the 44 px target a finger presses, and it carries the focus ring of its hidden radio.
 * The ref is the first radio's, so a form focuses the group.
 */
export const StarInput = forwardRef<HTMLInputElement, StarInputProps>(function StarInput(
  { id, name, legend, value, onChange, onBlur, optionLabels, error, disabled = false },
  ref,
) {
  const [hovered, setHovered] = useState<number | null>(null);
  const radios = useRef<(HTMLInputElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = starsForKey(event.key, value ?? 0);
    if (next === null || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (next !== value) onChange(next);
    radios.current[next - 1]?.focus();
  };
  const shown = hovered ?? value ?? 0;
  const chosen = value === null ? null : optionLabels[value - 1];
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="font-medium">{legend}</legend>
      <div className="flex flex-wrap items-center gap-x-2">
        {/* The stars fill up to the one under the pointer, a preview of the choice before it is made. */}
        <div className="-ml-1.5 flex">
          {optionLabels.map((label, index) => {
            const stars = index + 1;
            return (
              <label
                key={stars}
                htmlFor={`${id}-${stars}`}
                onMouseEnter={() => setHovered(disabled ? null : stars)}
                onMouseLeave={() => setHovered(null)}
                className={
                  "relative inline-flex size-11 items-center justify-center rounded-ui " +
                  "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-0 " +
                  "has-[:focus-visible]:outline-focus has-[:focus-visible]:outline-solid " +
                  (disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer")
                }
              >
                <input
                  ref={(input) => {
                    radios.current[index] = input;
                    if (index !== 0) return;
                    if (typeof ref === "function") ref(input);
                    else if (ref) ref.current = input;
                  }}
                  id={`${id}-${stars}`}
                  type="radio"
                  name={name}
                  value={stars}
                  checked={value === stars}
                  disabled={disabled}
                  aria-invalid={error ? true : undefined}
                  onChange={() => onChange(stars)}
                  onKeyDown={onKeyDown}
                  onBlur={onBlur}
                  className="sr-only"
                />
                <svg viewBox="0 0 20 20" className="size-8" aria-hidden="true" focusable="false">
                  <path
                    d={STAR_PATH}
                    className={stars <= shown ? "fill-star" : "fill-paper stroke-muted"}
                    strokeWidth="1.2"
                    strokeLinejoin="round"
                  />
                </svg>
                <span className="sr-only">{label}</span>
              </label>
            );
          })}
        </div>
        {/* The chosen words for sighted readers; the radios already say them to screen readers. */}
        <span aria-hidden="true" className="text-sm text-muted">
          {hovered !== null ? optionLabels[hovered - 1] : chosen}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
});
