import { describe, expect, it } from "vitest";
import { makeCards } from "../../test/factories.ts";
import {
  FIRST_REQUEST,
  hasMore,
  nextChunkRequest,
  PORTFOLIO_START,
  type PortfolioEvent,
  type PortfolioState,
  portfolioReducer,
} from "./portfolio-loader.ts";

const run = (state: PortfolioState, ...events: PortfolioEvent[]) => events.reduce(portfolioReducer, state);
const ids = (state: PortfolioState) => state.shown.map((r) => r.id);

describe("portfolio chunks: 24 first, then buffered chunks of 12", () => {
  it("asks for 24 first", () => {
    expect(FIRST_REQUEST).toEqual({ offset: 0, limit: 24 });
    expect(nextChunkRequest(run(PORTFOLIO_START, { type: "reset" }))).toBeNull();
  });

  it("shows the first 24, buffers the next 12 ahead of need and shows them on reveal", () => {
    let state = run(
      PORTFOLIO_START,
      { type: "reset" },
      { type: "first", resources: makeCards(24), total: 50 },
    );
    expect(state.shown).toHaveLength(24);
    expect(nextChunkRequest(state)).toEqual({ offset: 24, limit: 12 });
    // The chunk request stays the same while it is on its way.
    state = run(state, { type: "loading" });
    expect(nextChunkRequest(state)).toEqual({ offset: 24, limit: 12 });
    state = run(state, { type: "chunk", resources: makeCards(12, 25), total: 50 });
    expect(state.shown).toHaveLength(24);
    expect(state.buffer).toHaveLength(12);
    expect(nextChunkRequest(state)).toBeNull();
    expect(hasMore(state)).toBe(true);

    state = run(state, { type: "reveal" });
    expect(ids(state).at(-1)).toBe("r36");
    expect(nextChunkRequest(state)).toEqual({ offset: 36, limit: 12 });
    state = run(state, { type: "chunk", resources: makeCards(12, 37), total: 50 });
    state = run(state, { type: "reveal" });
    expect(state.shown).toHaveLength(48);
    expect(nextChunkRequest(state)).toEqual({ offset: 48, limit: 12 });
    state = run(state, { type: "chunk", resources: makeCards(2, 49), total: 50 });
    expect(nextChunkRequest(state)).toBeNull();
    state = run(state, { type: "reveal" });
    expect(state.shown).toHaveLength(50);
    expect(hasMore(state)).toBe(false);
  });

  it("takes the own-account answer: 24 shown and 12 buffered", () => {
    const state = run(PORTFOLIO_START, {
      type: "first",
      resources: makeCards(24),
      buffered: makeCards(12, 25),
      total: 40,
    });
    expect(state.buffer).toHaveLength(12);
    expect(nextChunkRequest(state)).toBeNull();
    const revealed = run(state, { type: "reveal" });
    expect(revealed.shown).toHaveLength(36);
    expect(nextChunkRequest(revealed)).toEqual({ offset: 36, limit: 12 });
  });

  it("shows a chunk at once when more was asked for before it arrived", () => {
    let state = run(
      PORTFOLIO_START,
      { type: "first", resources: makeCards(24), total: 30 },
      { type: "reveal" },
    );
    expect(state.revealPending).toBe(true);
    state = run(state, { type: "chunk", resources: makeCards(6, 25), total: 30 });
    expect(state.shown).toHaveLength(30);
    expect(state.buffer).toHaveLength(0);
  });

  it("ends at a short chunk and never repeats a resource", () => {
    let state = run(PORTFOLIO_START, { type: "first", resources: makeCards(24), total: 100 });
    state = run(state, { type: "chunk", resources: [...makeCards(1, 24), ...makeCards(3, 25)], total: 100 });
    expect(state.total).toBe(28);
    state = run(state, { type: "reveal" });
    expect(new Set(ids(state)).size).toBe(state.shown.length);
    expect(state.shown).toHaveLength(27);
  });

  it("a failed chunk is tried again when the visitor asks for more", () => {
    let state = run(
      PORTFOLIO_START,
      { type: "first", resources: makeCards(24), total: 40 },
      { type: "failed" },
    );
    expect(nextChunkRequest(state)).toBeNull();
    state = run(state, { type: "reveal" });
    expect(nextChunkRequest(state)).toEqual({ offset: 24, limit: 12 });
  });

  it("a portfolio of fewer than 24 needs nothing more", () => {
    const state = run(PORTFOLIO_START, { type: "first", resources: makeCards(5), total: 5 });
    expect(nextChunkRequest(state)).toBeNull();
    expect(hasMore(state)).toBe(false);
  });
});
