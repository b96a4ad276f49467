/**
 * Where a user goes right after logging in (spec section 4, Authentication, "After login, in this
 * order"). Pure: the web app gathers the stored state, calls this, then does what it says.
 */
export interface PostLoginState {
  /** (1) A route stored at sign-up (e.g. the gift purchase that sent a visitor to sign up). */
  postSignUpRoute: string | null;
  /** (2) Set when the page must reload after login (e.g. a login from a stale tab). */
  reloadFlag: boolean;
  /** (3) A ref code seen before login, to be posted to /api/auth/refCode. */
  bufferedRefCode: string | null;
  /** (4) A donation amount chosen before login, in cents. */
  donateAmount: number | null;
  /** (5) Whether the donation prompt is active for this login. */
  donationPromptActive: boolean;
  user: { username: string; isMasterAccount: boolean; isAdmin: boolean; donationDate: string | null };
  adsShown: boolean;
  /** (6) Set when the user asked to go to their settings. */
  settingsFlag: boolean;
  /** (7) Where the user was going when they were sent to log in. */
  storedRedirect: string | null;
}

export interface PostLoginDecision {
  route: string;
  reload: boolean;
  postRefCode: string | null;
}

export function decidePostLoginRoute(s: PostLoginState): PostLoginDecision {
  if (s.postSignUpRoute) return { route: s.postSignUpRoute, reload: false, postRefCode: null };
  if (s.reloadFlag) return { route: s.storedRedirect ?? "/", reload: true, postRefCode: null };
  const postRefCode = s.bufferedRefCode;
  const go = (route: string) => ({ route, reload: false, postRefCode });
  if (s.donateAmount !== null && s.donateAmount > 0) return go("/donate/payment");
  if (s.donationPromptActive) {
    if (s.user.isMasterAccount) return go("/admin/users");
    if (!s.user.donationDate) return go("/donation");
    if (s.adsShown) return go("/offers");
    return go("/donation");
  }
  if (s.settingsFlag) return go(s.user.isAdmin ? "/admin/settings" : `/profile/@${s.user.username}/settings`);
  // Spec 6: a master account lands on /admin/users when it was not on its way somewhere.
  return go(s.storedRedirect ?? (s.user.isMasterAccount ? "/admin/users" : "/"));
}

const pathOnly = (target: string) => target.split(/[?#]/)[0] ?? "";

/**
 * (5) What makes the donation prompt active at login: the login was started from it, i.e. the page the
 * user was on when they pressed "Log in" is a donation prompt (the site's donation page, the page a
 * logout lands on when no ads are shown, or the donation with a download). The payment and thank-you
 * pages are not prompts: an amount chosen there is step (4).
 */
export function isDonationPromptRoute(target: string | null): boolean {
  if (!target) return false;
  const path = pathOnly(target);
  return /^\/donation(?:\/cancel)?\/?$/.test(path) || /^\/resources\/[^/]+\/donation\/?$/.test(path);
}

/**
 * (6) What raises the settings flag: the user was on their way to account settings when they were asked
 * to log in (a settings link in an e-mail or the footer, or the admin's site settings). Step (6) then
 * opens the signed-in user's own settings, whoever's settings the link named.
 */
export function isSettingsRoute(target: string | null): boolean {
  if (!target) return false;
  const path = pathOnly(target);
  return /^\/profile\/(?:@[^/]+\/)?settings\/?$/.test(path) || /^\/admin\/settings\/?$/.test(path);
}
