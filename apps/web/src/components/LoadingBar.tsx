import { useSyncExternalStore } from "react";
import { type LoadingBar as LoadingBarStore, loadingBar } from "../api/loading-bar.ts";

/** The top loading bar; its timing lives in the state machine of api/loading-bar.ts. */
export function LoadingBar({ bar = loadingBar }: { bar?: LoadingBarStore }) {
  const state = useSyncExternalStore(bar.subscribe, bar.getState);
  if (!state.visible) return null;
  const running = state.phase === "running";
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1">
      <div
        key={state.run}
        data-phase={state.phase}
        className={`h-full origin-left ${state.phase === "failed" ? "bg-danger" : "bg-accent"}`}
        style={
          running
            ? {
                animation: `loading-bar-grow ${bar.timings.durationMs}ms cubic-bezier(0.1, 0.6, 0.3, 1) forwards`,
              }
            : { transform: "scaleX(1)", transition: "transform 150ms ease-out" }
        }
      />
    </div>
  );
}
