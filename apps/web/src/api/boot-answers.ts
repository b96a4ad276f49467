/**
 * A landing page's first API answers, carried in the served page (SiteBootData.answers), by address.
 * Each is used once, by a visitor's first ask for that address within a short while of the page loading:
 * a later ask (a refetch, a return to the page) goes to the server for a fresh answer. A signed-in user
 * takes only the answers the same for everybody (isSharedAnswer: the grids); a resource page's carries
 * the viewer's own flags, so theirs comes from the server.
 */
const FRESH_FOR_MS = 30_000;

let kept = new Map<string, unknown>();
let keptAt = 0;

export function keepBootAnswers(answers: Record<string, unknown> | undefined, now = Date.now()) {
  kept = new Map(Object.entries(answers ?? {}));
  keptAt = now;
}

/** The carried answer for `url`, once, while fresh; else undefined. */
export function takeBootAnswer(url: string, now = Date.now()): unknown {
  if (kept.size === 0) return undefined;
  if (now - keptAt > FRESH_FOR_MS) {
    kept.clear();
    return undefined;
  }
  const answer = kept.get(url);
  kept.delete(url);
  return answer;
}
