import type { ResourceCard } from "@market/domain";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { nextChunkRequest, PORTFOLIO_START, portfolioReducer } from "./portfolio-loader.ts";

export interface PortfolioSource {
  /** A key that changes when the portfolio does (another creator). */
  key: string;
  first: (
    signal: AbortSignal,
  ) => Promise<{ resources: ResourceCard[]; buffered?: ResourceCard[]; total: number }>;
  chunk: (
    offset: number,
    limit: number,
    signal: AbortSignal,
  ) => Promise<{ resources: ResourceCard[]; total: number }>;
}

/** The portfolio's resources: the first load, the buffered chunk ahead of need, and `more()` to show it. */
export function usePortfolioResources(source: PortfolioSource) {
  const [state, dispatch] = useReducer(portfolioReducer, PORTFOLIO_START);
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key is a new portfolio; the source functions follow it
  useEffect(() => {
    const controller = new AbortController();
    dispatch({ type: "reset" });
    sourceRef.current
      .first(controller.signal)
      .then((page) => dispatch({ type: "first", ...page }))
      .catch(() => {
        if (!controller.signal.aborted) dispatch({ type: "failed" });
      });
    return () => controller.abort();
  }, [source.key, attempt]);

  const request = nextChunkRequest(state);
  const offset = request?.offset;
  const limit = request?.limit;
  useEffect(() => {
    if (offset === undefined || limit === undefined) return;
    const controller = new AbortController();
    dispatch({ type: "loading" });
    sourceRef.current
      .chunk(offset, limit, controller.signal)
      .then((page) => dispatch({ type: "chunk", ...page }))
      .catch(() => {
        if (!controller.signal.aborted) dispatch({ type: "failed" });
      });
    return () => controller.abort();
  }, [offset, limit]);

  const more = useCallback(() => dispatch({ type: "reveal" }), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, more, retry };
}
