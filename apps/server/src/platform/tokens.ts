import { ACCOUNT, type AccessClaims } from "@market/domain";
import { jwtVerify, SignJWT } from "jose";

export interface TokenSigner {
  sign(userId: string, scopes: string[]): Promise<string>;
  verify(token: string): Promise<AccessClaims | null>;
}

/** Access tokens: JWT, HS256, with exp and scopes (spec section 3, DECISIONS.md: 24 hours). */
export function createTokenSigner(
  secret: string,
  lifetimeSeconds = ACCOUNT.accessTokenHours * 3600,
): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId, scopes) {
      return new SignJWT({ scopes })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        if (typeof payload.sub !== "string" || typeof payload.exp !== "number") return null;
        const scopes = Array.isArray(payload.scopes)
          ? payload.scopes.filter((s) => typeof s === "string")
          : [];
        return { sub: payload.sub, exp: payload.exp, scopes };
      } catch {
        return null;
      }
    },
  };
}
