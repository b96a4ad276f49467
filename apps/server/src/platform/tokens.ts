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

/** Access tokens: JWT, HS256, with exp, scopes and the session id (spec section 3, DECISIONS.md: 24 hours). */
export function createTokenSigner(
  secret: string,
  lifetimeSeconds = ACCOUNT.accessTokenHours * 3600,
): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId, scopes, sessionId) {
      return new SignJWT({ scopes, sid: sessionId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        // Signed by us, but a token must still name a user and a session as the database keys them
        // (a token of an older shape, without a session, is simply no longer valid).
        if (typeof payload.sub !== "string" || !UUID.test(payload.sub)) return null;
        if (typeof payload.sid !== "string" || !UUID.test(payload.sid)) return null;
        if (typeof payload.exp !== "number") return null;
        const scopes = Array.isArray(payload.scopes)
          ? payload.scopes.filter((s) => typeof s === "string")
          : [];
        return { sub: payload.sub, sid: payload.sid, exp: payload.exp, scopes };
      } catch {
        return null;
      }
    },
  };
}
