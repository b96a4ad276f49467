import {
  decidePostLoginRoute,
  isDonationPromptRoute,
  isSettingsRoute,
  type LoginResponse,
  type PostLoginDecision,
  type PostLoginState,
  shouldShowAds,
} from "@market/domain";
import { decideAfterLoginRoute } from "../guards/authentication.ts";
import { decodeAccessClaims, isSafeLocalPath, STORAGE_KEYS } from "./session.ts";

/**
 * What the app keeps in local storage between a visit and a login (spec section 4): the post-sign-up reference
 * route (a gift purchase that sent a visitor to sign up), a ref code seen before login, a donation amount
 * chosen before login, and the reload flag.
 */
export const ACCOUNT_STORAGE_KEYS = {
  postSignUpRoute: "post_sign_up_route",
  bufferedRefCode: "buffered_ref_code",
  donateAmount: "donate_amount",
  reloadAfterLogin: "reload_after_login",
} as const;

const safePath = (path: string | null) => (path && isSafeLocalPath(path) ? path : null);

export function bufferRefCode(storage: Storage, code: string): void {
  storage.setItem(ACCOUNT_STORAGE_KEYS.bufferedRefCode, code);
}

/** After a sign-up from a gift link, the remembered gift path becomes the post-sign-up reference route. */
export function keepPostSignUpRoute(storage: Storage, fromGift: boolean): void {
  const remembered = safePath(storage.getItem(STORAGE_KEYS.redirectPath));
  if (!fromGift || !remembered) return;
  storage.setItem(ACCOUNT_STORAGE_KEYS.postSignUpRoute, remembered);
  storage.removeItem(STORAGE_KEYS.redirectPath);
}

export function peekPostSignUpRoute(storage: Storage): string | null {
  return safePath(storage.getItem(ACCOUNT_STORAGE_KEYS.postSignUpRoute));
}

/**
 * Raises the reload flag (step 2): the server refused this tab's session (401 invalid_token: it was signed
 * out everywhere, its password changed, or it expired) while the page held that session's data in memory.
 * The next login then loads the page afresh, so nothing of the old session survives in this tab.
 */
export function flagReloadAfterLogin(storage: Storage): void {
  storage.setItem(ACCOUNT_STORAGE_KEYS.reloadAfterLogin, "1");
}

export interface PostLoginContext {
  storage: Storage;
  /** The ?next={area} of the login page. */
  next: string | null;
  donatedAdFreeMode: boolean;
  /** Whether state/ad-blocker.ts found an ad blocker on this page load. */
  adBlockerDetected?: boolean;
}

/** Gathers the stored state the domain's post-login order needs. */
export function gatherPostLoginState(result: LoginResponse, context: PostLoginContext): PostLoginState {
  const { storage } = context;
  const amount = Number(storage.getItem(ACCOUNT_STORAGE_KEYS.donateAmount));
  // Where the user was when they went to log in: a donation prompt (step 5) or on the way to settings (6).
  const remembered = safePath(storage.getItem(STORAGE_KEYS.redirectPath));
  return {
    postSignUpRoute: peekPostSignUpRoute(storage),
    reloadFlag: storage.getItem(ACCOUNT_STORAGE_KEYS.reloadAfterLogin) === "1",
    bufferedRefCode: storage.getItem(ACCOUNT_STORAGE_KEYS.bufferedRefCode),
    donateAmount: Number.isInteger(amount) && amount > 0 ? amount : null,
    donationPromptActive: isDonationPromptRoute(remembered),
    user: {
      username: result.user.username,
      isMasterAccount: result.user.is_master_account,
      isAdmin: decodeAccessClaims(result.accessToken)?.scopes.includes("admin") ?? false,
      donationDate: result.user.donation_date,
    },
    adsShown: shouldShowAds({
      adBlockerDetected: context.adBlockerDetected ?? false,
      donatedAdFreeMode: context.donatedAdFreeMode,
      donationDate: result.user.donation_date,
    }),
    settingsFlag: isSettingsRoute(remembered),
    storedRedirect: decideAfterLoginRoute(context.next, remembered),
  };
}

/**
 * Decides where to go after a login and spends the stored state it used: the post-sign-up route and the
 * remembered path are forgotten, and a buffered ref code is handed back for posting to /auth/refCode.
 */
export function decideAfterLogin(result: LoginResponse, context: PostLoginContext): PostLoginDecision {
  const decision = decidePostLoginRoute(gatherPostLoginState(result, context));
  const { storage } = context;
  storage.removeItem(ACCOUNT_STORAGE_KEYS.postSignUpRoute);
  storage.removeItem(STORAGE_KEYS.redirectPath);
  storage.removeItem(ACCOUNT_STORAGE_KEYS.reloadAfterLogin);
  if (decision.postRefCode) storage.removeItem(ACCOUNT_STORAGE_KEYS.bufferedRefCode);
  return decision;
}
