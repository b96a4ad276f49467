/** An unsigned JWT for tests: the web app only decodes the payload; the server verifies signatures. */
export function makeToken(claims: { sub?: string; exp: number; scopes?: string[] }): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ sub: "u1", scopes: [], ...claims })}.signature`;
}

export const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;
