/**
 * Bulk e-mail to all users (spec 1, 3 "Other state", 7). Who receives it, and the progress the admin
 * watches: emailsSent, totalUsers, totalActiveUsers and totalUsersRemaining (spec 3).
 */
export const BULK_EMAIL_LIMITS = { subjectMax: 150, bodyMax: 20_000 } as const;

/** Active users receive a bulk e-mail; deactivated and unsubscribed ones never do (issue 9). */
export function receivesBulkEmail(user: { isDeactivated: boolean; unsubscribedAt: Date | string | null }) {
  return !user.isDeactivated && user.unsubscribedAt === null;
}

export interface BulkEmailCounts {
  /** Every account when the send started. */
  totalUsers: number;
  /** The recipients: the accounts that were active and subscribed when the send started. */
  totalActiveUsers: number;
  sent: number;
  /** Handed to the mail server by a process that stopped before recording the answer; never retried. */
  unconfirmed: number;
  /** Refused by the mail server on every attempt. */
  failed: number;
}

export interface BulkEmailProgress {
  emailsSent: number;
  totalUsers: number;
  totalActiveUsers: number;
  totalUsersRemaining: number;
  unconfirmed: number;
  failed: number;
  /** Whole percent of the recipients dealt with; 100 when there is nobody left (or nobody at all). */
  percent: number;
}

export function bulkEmailProgress(counts: BulkEmailCounts): BulkEmailProgress {
  const dealtWith = counts.sent + counts.unconfirmed + counts.failed;
  const remaining = Math.max(0, counts.totalActiveUsers - dealtWith);
  const percent =
    counts.totalActiveUsers === 0
      ? 100
      : Math.floor((100 * (counts.totalActiveUsers - remaining)) / counts.totalActiveUsers);
  return {
    emailsSent: counts.sent,
    totalUsers: counts.totalUsers,
    totalActiveUsers: counts.totalActiveUsers,
    totalUsersRemaining: remaining,
    unconfirmed: counts.unconfirmed,
    failed: counts.failed,
    percent,
  };
}

/** The pause between two bulk e-mails for a rate in mails per minute. */
export function bulkEmailIntervalMs(ratePerMinute: number): number {
  return Math.ceil(60_000 / Math.max(1, ratePerMinute));
}
