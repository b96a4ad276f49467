import { ACCOUNT, type AccessClaims } from "@market/domain";
import { jwtVerify, SignJWT } from "jose";

/** What the server reads from an access token: the web app's claims, and the session it belongs to. */
export interface TokenClaims extends AccessClaims {
  /** The session (platform/sessions.ts) the token was issued to; it ends with the session. */
  sid: string;
}

export interface TokenSigner {
  sign(userId: string, scopes: string[], sessionId: string): Promise<string>;
  verify(token: string): Promise<TokenClaims | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Tokens verified recently, so a signed-in teacher's every request does not check the signature again. */
const VERIFIED_KEPT = 20_000;

/**
 * Access tokens: JWT, HS256, with exp, scopes and the session id (spec section 3, DECISIONS.md: 24 hours).
 * The key is imported into WebCrypto once, not on every call, and a token whose signature has been
 * checked is remembered by its exact text until it expires: the text is what was signed, so the same
 * text is the same verdict. Whether its session and account still stand is the access plugin's check.
 */
export function createTokenSigner(
  secret: string,
  lifetimeSeconds = ACCOUNT.accessTokenHours * 3600,
): TokenSigner {
  const key = crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  const verified = new Map<string, TokenClaims>();
  const remember = (token: string, claims: TokenClaims) => {
    if (verified.size >= VERIFIED_KEPT) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, claims);
  };
  return {
    async sign(userId, scopes, sessionId) {
      return new SignJWT({ scopes, sid: sessionId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
        .sign(await key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ["HS256"] });
        // Signed by us, but a token must still name a user and a session as the database keys them
        // (a token of an older shape, without a session, is simply no longer valid).
        if (typeof payload.sub !== "string" || !UUID.test(payload.sub)) return null;
        if (typeof payload.sid !== "string" || !UUID.test(payload.sid)) return null;
        if (typeof payload.exp !== "number") return null;
        const scopes = Array.isArray(payload.scopes)
          ? payload.scopes.filter((s) => typeof s === "string")
          : [];
        const claims = { sub: payload.sub, sid: payload.sid, exp: payload.exp, scopes };
        remember(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
