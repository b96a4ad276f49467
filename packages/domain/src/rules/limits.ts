/**
 * Every number of the spec that more than one place needs, named once (spec sections 2, 5 and 9).
 * Site-editable defaults live in site-settings.ts instead.
 */
export const API_BASE = "/api";

export const GRID = {
  pageCells: 12,
  narrowWidth: 500,
  threeColumnMinWidth: 1180,
  threeColumnMaxWidth: 1380,
  portfolioFirstLoad: 24,
  portfolioChunk: 12,
  adCellMinResults: 20,
  modalDelayMs: 100,
} as const;

export const LOADING_BAR = { throttleMs: 200, durationMs: 5000, hideDelayMs: 500 } as const;

export const TIMINGS = {
  refCodeCookieHours: 5,
  patternErrorMs: 1000,
  patternSuccessMs: 3000,
  patternLoginDelayMs: 500,
  captchaCheckMs: 500,
  favoriteNoticeMs: 3000,
  captchaFailureNoticeMs: 2000,
  footerResetMs: 2000,
  signUpImageSwitchMs: 500,
  pageReloadGuardMs: 60_000,
  retryCountdownTickMs: 1000,
  rippleDelayMs: 500,
} as const;

export const COUNTS = {
  patternTries: 3,
  patternImages: 14,
  systemAvatars: 36,
  colorPool: 13,
  tileColors: 12,
  flexMessageSlots: 25,
  previewSlots: 3,
} as const;

export const AVATAR_SIZES = [50, 135] as const;
export const PREVIEW_DISPLAY = { width: 96, height: 124 } as const;

export const ACCOUNT = {
  passwordMin: 8,
  passwordMax: 24,
  nameMax: 32,
  emailMax: 64,
  usernameMin: 3,
  usernameMax: 20,
  accessTokenHours: 24,
  loginLinkMinutes: 10,
  verificationLinkHours: 24,
} as const;

export const TIP_AMOUNTS = [1, 2, 3, 4, 5, 10, 25, 50, 100] as const;
export const DEFAULT_TIP_INDEX = 4;
