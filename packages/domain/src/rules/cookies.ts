/**
 * Names of the cookies both sides read. The web app writes them; the server reads them (the access token on
 * file downloads, the ref code on sign-up, downloads and sales).
 */
export const COOKIE_NAMES = { accessToken: "access_token", refCode: "ref_code" } as const;

/** The query parameter that carries a ref code on gift and referral links (spec section 4, Other). */
export const REF_CODE_PARAM = "refCode";

/** A ref code as it may travel in a URL and a cookie: letters and digits only, so it is safe in both. */
export const REF_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;
