import { changeNoticesOf } from "./change-notices.ts";

/**
 * What the public catalogue shows has changed (a resource approved, edited, deactivated, deleted,
 * featured): the short-lived caches of public answers drop what they hold, on this instance at once and
 * on the others through the database's notices (change-notices.ts). Call it after the change commits.
 */
export function catalogueChanged(db: object) {
  changeNoticesOf(db).announce("catalogue");
}

export function onCatalogueChange(db: object, listener: () => void): () => void {
  return changeNoticesOf(db).on("catalogue", listener);
}

/** Site settings or the running ads changed (the ad-serving and offline-flag caches listen). */
export function servingChanged(db: object) {
  changeNoticesOf(db).announce("serving");
}

export function onServingChange(db: object, listener: () => void): () => void {
  return changeNoticesOf(db).on("serving", listener);
}

/** The site's texts, colours or site images changed (cached answers and the served page listen). */
export function siteContentChanged(db: object) {
  changeNoticesOf(db).announce("site-content");
}

export function onSiteContentChange(db: object, listener: () => void): () => void {
  return changeNoticesOf(db).on("site-content", listener);
}

/**
 * An account changed in a way its tokens' checks depend on (deactivated, role, permissions, password,
 * a session ended): `listener` gets its id, or null for "any account" (after notices may have been
 * missed). Sent by database triggers (migration 0017), so every path that changes an account is heard,
 * on every instance.
 */
export function onAccountChange(db: object, listener: (userId: string | null) => void): () => void {
  return changeNoticesOf(db).on("account", (notice) => listener(notice.userId ?? null));
}
