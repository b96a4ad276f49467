/**
 * A security pattern: a sequence of 4 to 8 of the 14 pattern images (indexes 0 to 13). Kept apart from
 * the schemas so that the pattern screens read the lengths without loading a schema library.
 */
export const PATTERN_LENGTH = { min: 4, max: 8 } as const;
