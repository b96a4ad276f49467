import {
  decidePostLoginRoute,
  type LoginResponse,
  type PostLoginDecision,
  type PostLoginState,
  shouldShowAds,
} from "@market/domain";
import { decideAfterLoginRoute } from "../guards/authentication.ts";
import { decodeAccessClaims, isSafeLocalPath, STORAGE_KEYS } from "./session.ts";

/**
 * What the app keeps in local storage between a visit and a login (spec section 4): the post-sign-up reference
 * route (a gift purchase that sent a visitor to sign up), a ref code seen before login, and a donation amount
 * chosen before login.
 */
export const ACCOUNT_STORAGE_KEYS = {
  postSignUpRoute: "post_sign_up_route",
  bufferedRefCode: "buffered_ref_code",
  donateAmount: "donate_amount",
} as const;

const safePath = (path: string | null) => (path && isSafeLocalPath(path) ? path : null);

export function bufferRefCode(storage: Storage, code: string): void {
  storage.setItem(ACCOUNT_STORAGE_KEYS.bufferedRefCode, code);
}

export function takeBufferedRefCode(storage: Storage): string | null {
  const code = storage.getItem(ACCOUNT_STORAGE_KEYS.bufferedRefCode);
  storage.removeItem(ACCOUNT_STORAGE_KEYS.bufferedRefCode);
  return code;
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
  return {
    postSignUpRoute: peekPostSignUpRoute(storage),
    reloadFlag: false,
    bufferedRefCode: storage.getItem(ACCOUNT_STORAGE_KEYS.bufferedRefCode),
    donateAmount: Number.isInteger(amount) && amount > 0 ? amount : null,
    donationPromptActive: false,
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
    settingsFlag: false,
    storedRedirect: decideAfterLoginRoute(context.next, safePath(storage.getItem(STORAGE_KEYS.redirectPath))),
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
  if (decision.postRefCode) storage.removeItem(ACCOUNT_STORAGE_KEYS.bufferedRefCode);
  return decision;
}
