import { GRID, type ResourceCard } from "@market/domain";

/**
 * A portfolio first loads 24 resources and buffers the rest in chunks of 12 (spec 2). The next chunk is fetched
 * into the buffer ahead of need, so scrolling to the end (or "Load more") shows it at once and fetches the next.
 */
export interface PortfolioState {
  shown: ResourceCard[];
  buffer: ResourceCard[];
  total: number;
  /** How many resources have been fetched: the offset of the next chunk. */
  fetched: number;
  status: "idle" | "loading" | "ready" | "failed";
  /** The visitor asked for more while the buffer was still empty: show the chunk as soon as it arrives. */
  revealPending: boolean;
}

export type PortfolioEvent =
  | { type: "reset" }
  | { type: "loading" }
  | { type: "failed" }
  | { type: "first"; resources: ResourceCard[]; buffered?: ResourceCard[]; total: number }
  | { type: "chunk"; resources: ResourceCard[]; total: number }
  | { type: "reveal" };

export const PORTFOLIO_START: PortfolioState = {
  shown: [],
  buffer: [],
  total: 0,
  fetched: 0,
  status: "idle",
  revealPending: false,
};

export const FIRST_REQUEST = { offset: 0, limit: GRID.portfolioFirstLoad } as const;

/** Appends what is new (a resource published meanwhile can shift offsets and repeat one). */
function appendNew(list: ResourceCard[], more: ResourceCard[]): ResourceCard[] {
  const seen = new Set(list.map((r) => r.id));
  return [...list, ...more.filter((r) => !seen.has(r.id))];
}

export function portfolioReducer(state: PortfolioState, event: PortfolioEvent): PortfolioState {
  switch (event.type) {
    case "reset":
      return { ...PORTFOLIO_START, status: "loading" };
    case "loading":
      return { ...state, status: "loading" };
    case "failed":
      return { ...state, status: "failed" };
    case "first": {
      const buffered = event.buffered ?? [];
      return {
        shown: event.resources,
        buffer: appendNew(event.resources, buffered).slice(event.resources.length),
        total: event.total,
        fetched: event.resources.length + buffered.length,
        status: "ready",
        revealPending: false,
      };
    }
    case "chunk": {
      const fetched = state.fetched + event.resources.length;
      // A short chunk means the end, whatever the total said before.
      const total = event.resources.length < GRID.portfolioChunk ? fetched : event.total;
      if (state.revealPending)
        return {
          ...state,
          shown: appendNew(state.shown, event.resources),
          fetched,
          total,
          status: "ready",
          revealPending: false,
        };
      return {
        ...state,
        buffer: appendNew(state.shown, [...state.buffer, ...event.resources]).slice(state.shown.length),
        fetched,
        total,
        status: "ready",
      };
    }
    case "reveal":
      // After a failed chunk, asking for more tries again.
      if (state.status === "failed" && state.fetched > 0)
        return { ...state, status: "ready", revealPending: true };
      if (state.buffer.length > 0)
        return { ...state, shown: appendNew(state.shown, state.buffer), buffer: [], revealPending: false };
      return hasMore(state) ? { ...state, revealPending: true } : state;
  }
}

/**
 * The chunk the buffer needs, or null (the first load is not in, a fetch failed, the buffer is full, or all are
 * here). It stays the same while that chunk is on its way, so asking twice does not fetch twice.
 */
export function nextChunkRequest(state: PortfolioState): { offset: number; limit: number } | null {
  if (state.fetched === 0 || state.status === "failed") return null;
  if (state.buffer.length > 0 || state.fetched >= state.total) return null;
  return { offset: state.fetched, limit: GRID.portfolioChunk };
}

export function hasMore(state: PortfolioState): boolean {
  return state.shown.length < state.total && (state.buffer.length > 0 || state.fetched < state.total);
}
