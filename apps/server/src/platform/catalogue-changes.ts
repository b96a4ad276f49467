/**
 * In-process notice that what the public catalogue shows has changed (a resource approved, edited,
 * deactivated, deleted). Short-lived caches of public answers listen and drop what they hold, so a
 * creator or an admin sees their change at once on this instance; other instances catch up within
 * their caches' few seconds.
 */
const listeners = new Set<() => void>();

export function onCatalogueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function catalogueChanged() {
  for (const listener of listeners) listener();
}

const settingsListeners = new Set<() => void>();

/** In-process notice that site settings or the running ads changed (the ad-serving cache listens). */
export function onServingChange(listener: () => void): () => void {
  settingsListeners.add(listener);
  return () => settingsListeners.delete(listener);
}

export function servingChanged() {
  for (const listener of settingsListeners) listener();
}

const contentListeners = new Set<() => void>();

/** In-process notice that the site's texts, colours or site images changed (cached answers listen). */
export function onSiteContentChange(listener: () => void): () => void {
  contentListeners.add(listener);
  return () => contentListeners.delete(listener);
}

export function siteContentChanged() {
  for (const listener of contentListeners) listener();
}
