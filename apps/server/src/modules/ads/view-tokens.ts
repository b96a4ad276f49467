import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isbot } from "isbot";

/**
 * How long a view token counts: the impression is sent as the ad appears, the click whenever the reader
 * follows it (DECISIONS.md "Ad counting").
 */
export const VIEW_TOKEN_LIFETIME_MS = { impression: 10 * 60_000, click: 60 * 60_000 } as const;

const MAC_LENGTH = 22;
const TOKEN = /^[0-9a-z]{1,10}\.[A-Za-z0-9_-]{12}\.[A-Za-z0-9_-]{22}$/;

/**
 * Single-use proof that this server showed this ad to this address a moment ago, handed out with every ad
 * the display call serves (as EthicalAds does with its nonces). An impression or a click counts only
 * with one: the public endpoints used to take any caller-chosen session string, so a loop of calls spent
 * an advertiser's budget. Stateless (an HMAC of the ad, the address, the time and a random nonce) so that
 * serving an ad writes nothing; the nonce is spent in the database when the token is used.
 */
export interface ViewTokens {
  issue(adId: string, address: string, now?: number): string;
  /** The token's nonce when it was issued for this ad and address within `maxAgeMs`, else null. */
  verify(token: string, adId: string, address: string, maxAgeMs: number, now?: number): string | null;
}

/**
 * Nonces drawn from a pool of random bytes filled 512 at a time: asking the system for 9 bytes on every
 * ad served took a tenth of the display call's time.
 */
const NONCE_BYTES = 9;
let pool = Buffer.alloc(0);
let poolOffset = 0;
function nextNonce(): string {
  if (poolOffset + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * 512);
    poolOffset = 0;
  }
  poolOffset += NONCE_BYTES;
  return pool.toString("base64url", poolOffset - NONCE_BYTES, poolOffset);
}

export function createViewTokens(secret: string): ViewTokens {
  // A key of its own, derived from the server's secret: an access token's signature can never be one.
  const key = createHmac("sha256", secret).update("lesson-loft ad view tokens").digest();
  const macOf = (adId: string, address: string, issued: string, nonce: string) =>
    createHmac("sha256", key)
      .update(`${adId}|${address}|${issued}|${nonce}`)
      .digest("base64url")
      .slice(0, MAC_LENGTH);
  return {
    issue(adId, address, now = Date.now()) {
      const issued = Math.floor(now / 1000).toString(36);
      const nonce = nextNonce();
      return `${issued}.${nonce}.${macOf(adId, address, issued, nonce)}`;
    },
    verify(token, adId, address, maxAgeMs, now = Date.now()) {
      if (!TOKEN.test(token)) return null;
      const [issued, nonce, mac] = token.split(".") as [string, string, string];
      const age = now - Number.parseInt(issued, 36) * 1000;
      if (!(age >= -5_000 && age <= maxAgeMs)) return null;
      const expected = macOf(adId, address, issued, nonce);
      return timingSafeEqual(Buffer.from(mac), Buffer.from(expected)) ? nonce : null;
    },
  };
}

/** Crawlers, link previews, headless tools and the like: shown ads, never counted. */
export function isKnownBot(userAgent: string | undefined): boolean {
  return userAgent !== undefined && isbot(userAgent);
}
