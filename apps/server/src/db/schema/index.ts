export * from "./ads.ts";
export * from "./conversations.ts";
export * from "./help.ts";
export * from "./money.ts";
export * from "./resources.ts";
export * from "./site.ts";
export * from "./system.ts";
export * from "./users.ts";
