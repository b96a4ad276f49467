import type { ReactNode } from "react";
import { Link } from "react-router";

export interface WizardShellProps<S extends string> {
  /** The step list's accessible name. */
  stepsLabel: string;
  /** The steps in their order, listed beside the wizard on wide screens. */
  steps: readonly S[];
  /** The open step, marked in the list for screen readers too (aria-current="step"). */
  current?: S;
  stepLabel: (step: S) => string;
  /** Where each step opens; without it the list only names the steps (nothing is saved yet to open). */
  stepHref?: (step: S) => string;
  title: ReactNode;
  /** Where the open step stands in the sequence, under the title. */
  progress?: ReactNode;
  /** The open step's name, the heading its content sits under. */
  heading: ReactNode;
  /** The way back to the previous step, under the step. */
  back?: { to: string; label: string };
  /**
   * Shown beside the step where there is room (the ad's live preview). With it the step list takes less
   * room, and the progress line, kept close to the title, shows only where the step list is hidden.
   */
  beside?: ReactNode;
  /** A preview too wide to stand beside the step goes under it. */
  besideWide?: boolean;
  children: ReactNode;
}

/**
 * The frame both wizards (resources and ads) draw: the list of steps, the title with where the open step
 * stands, the step's heading and content, and the way back. The steps themselves save and move on.
 */
export function WizardShell<S extends string>(props: WizardShellProps<S>) {
  const { beside } = props;
  return (
    <section
      className={`grid gap-6 ${beside === undefined ? "lg:grid-cols-[14rem_1fr]" : "lg:grid-cols-[12rem_minmax(0,1fr)]"}`}
    >
      <StepList {...props} />
      {beside === undefined ? (
        <div className="flex flex-col gap-4">
          <h1 className={TITLE_CLASS}>{props.title}</h1>
          {props.progress === undefined ? null : <p className="text-sm text-muted">{props.progress}</p>}
          <StepContent {...props} />
        </div>
      ) : (
        <div className="flex min-w-0 flex-col gap-4">
          <div>
            <h1 className={TITLE_CLASS}>{props.title}</h1>
            {props.progress === undefined ? null : (
              <p className="text-sm text-muted lg:hidden">{props.progress}</p>
            )}
          </div>
          <div
            className={
              props.besideWide
                ? "flex flex-col gap-8"
                : "grid gap-8 xl:grid-cols-[minmax(0,1fr)_auto] xl:items-start"
            }
          >
            <div className="flex max-w-2xl min-w-0 flex-col gap-4">
              <StepContent {...props} />
            </div>
            <div className={props.besideWide ? "" : "xl:w-96"}>{beside}</div>
          </div>
        </div>
      )}
    </section>
  );
}

const TITLE_CLASS = "text-2xl font-bold sm:text-3xl";

function StepList<S extends string>({
  stepsLabel,
  steps,
  current,
  stepLabel,
  stepHref,
}: WizardShellProps<S>) {
  return (
    <nav aria-label={stepsLabel} className="hidden lg:block">
      <ol className="flex flex-col gap-1 text-sm">
        {steps.map((s) => (
          <li key={s}>
            {stepHref ? (
              <Link
                to={stepHref(s)}
                aria-current={s === current ? "step" : undefined}
                className={`block rounded-ui px-3 py-1.5 ${s === current ? "bg-wash font-semibold" : "text-muted hover:text-ink"}`}
              >
                {stepLabel(s)}
              </Link>
            ) : (
              <span className={`block px-3 py-1.5 ${s === current ? "font-semibold" : "text-muted"}`}>
                {stepLabel(s)}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function StepContent<S extends string>({ heading, back, children }: WizardShellProps<S>) {
  return (
    <>
      <h2 className="text-xl font-semibold">{heading}</h2>
      {children}
      {back ? (
        <Link to={back.to} className="self-start text-sm font-medium underline">
          {back.label}
        </Link>
      ) : null}
    </>
  );
}
