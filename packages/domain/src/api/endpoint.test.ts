import { describe, expect, it } from "vitest";
import { endpointParts, fillPath } from "./endpoint.ts";

describe("endpointParts", () => {
  it("splits a name into its method and path", () => {
    expect(endpointParts("GET /resources/:id")).toEqual({ method: "GET", path: "/resources/:id" });
  });
});

describe("fillPath", () => {
  it("puts each parameter into the path encoded, a slash or a query inside one included", () => {
    expect(fillPath("/resources/:id/files/:fileId", { id: "a b", fileId: 7 })).toBe(
      "/resources/a%20b/files/7",
    );
    expect(fillPath("/users/:id/summary", { id: "../admin/x?y#z" })).toBe(
      "/users/..%2Fadmin%2Fx%3Fy%23z/summary",
    );
    expect(fillPath("/users/:id", { id: "@ada" })).toBe("/users/%40ada");
  });

  it("keeps a tail's slashes and encodes each of its segments", () => {
    expect(fillPath("/files/:folder/*", { folder: "previews", "*": "a b/c.webp" })).toBe(
      "/files/previews/a%20b/c.webp",
    );
  });

  it("refuses a value the URL parser would resolve to another endpoint", () => {
    // "/users/../resources" is "/resources" to fetch; "/resources/" is the catalogue.
    for (const id of ["..", ".", ""]) {
      expect(() => fillPath("/users/:id/resources", { id })).toThrow(/may not be/);
    }
    expect(() => fillPath("/files/:folder/*", { folder: "previews", "*": "a/../../admin" })).toThrow(
      /may not be/,
    );
    expect(() => fillPath("/files/:folder/*", { folder: "..", "*": "a" })).toThrow(/may not be/);
  });

  it("names a missing parameter", () => {
    expect(() => fillPath("/resources/:id", {})).toThrow("Missing path parameter id for /resources/:id");
    expect(() => fillPath("/files/:folder/*", { folder: "previews" })).toThrow("Missing the tail");
  });
});
