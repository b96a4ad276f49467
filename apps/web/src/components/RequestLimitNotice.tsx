import { formatCountdown, useRequestLimit } from "../api/request-limit.ts";

/** The request-limit state of one API path: a live countdown when locked, else a plain "wait" note. */
export function RequestLimitNotice({
  path,
  countdownText,
  waitText,
}: {
  path: string;
  countdownText: (time: string) => string;
  waitText: string;
}) {
  const { limit, secondsLeft } = useRequestLimit(path);
  return (
    <p role="status" className="text-sm font-medium text-danger empty:hidden">
      {limit ? (secondsLeft !== null ? countdownText(formatCountdown(secondsLeft)) : waitText) : ""}
    </p>
  );
}
