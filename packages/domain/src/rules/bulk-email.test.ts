import { describe, expect, it } from "vitest";
import { bulkEmailIntervalMs, bulkEmailProgress, receivesBulkEmail } from "./bulk-email.ts";

// Issue 9: "send to all active users ... skipping deactivated and unsubscribed users".
describe("who receives a bulk e-mail", () => {
  it.each([
    [false, null, true],
    [true, null, false],
    [false, "2026-01-01T00:00:00Z", false],
    [true, "2026-01-01T00:00:00Z", false],
  ] as const)("deactivated %s, unsubscribed %s: receives %s", (isDeactivated, unsubscribedAt, receives) => {
    expect(receivesBulkEmail({ isDeactivated, unsubscribedAt })).toBe(receives);
  });
});

// Spec 3, Other state: "progress with emailsSent, totalUsers, totalActiveUsers, totalUsersRemaining".
describe("bulk e-mail progress", () => {
  it.each([
    [{ totalUsers: 10, totalActiveUsers: 8, sent: 0, unconfirmed: 0, failed: 0 }, 8, 0],
    [{ totalUsers: 10, totalActiveUsers: 8, sent: 3, unconfirmed: 0, failed: 0 }, 5, 37],
    [{ totalUsers: 10, totalActiveUsers: 8, sent: 8, unconfirmed: 0, failed: 0 }, 0, 100],
    [{ totalUsers: 10, totalActiveUsers: 8, sent: 6, unconfirmed: 1, failed: 1 }, 0, 100],
    [{ totalUsers: 3, totalActiveUsers: 0, sent: 0, unconfirmed: 0, failed: 0 }, 0, 100],
  ])("%o leaves %i remaining at %i percent", (counts, remaining, percent) => {
    const progress = bulkEmailProgress(counts);
    expect(progress).toMatchObject({
      emailsSent: counts.sent,
      totalUsers: counts.totalUsers,
      totalActiveUsers: counts.totalActiveUsers,
      totalUsersRemaining: remaining,
      percent,
    });
  });

  it.each([
    [60, 1000],
    [600, 100],
    [7, 8572],
    [0, 60_000],
  ])("%i mails a minute leave %i ms between mails", (rate, interval) => {
    expect(bulkEmailIntervalMs(rate)).toBe(interval);
  });
});
