import { lazy, Suspense, useEffect, useState } from "react";
import { type ApiError, setCaptchaHandler } from "../api/client.ts";

const CaptchaDialog = lazy(() => import("../auth/CaptchaDialog.tsx"));
let nextId = 0;

interface Blocked {
  id: number;
  error: ApiError;
  resolve: (captchaToken: string | null) => void;
}

/**
 * Holds the requests a captcha blocked (401 requires_captcha or cooling_off) and shows the captcha dialog for
 * them one at a time; each solved challenge gives one single-use token for one replay. The dialog's code
 * loads only when a request is blocked.
 */
export function CaptchaHost() {
  const [queue, setQueue] = useState<Blocked[]>([]);
  useEffect(() => {
    setCaptchaHandler(
      (error) =>
        new Promise<string | null>((resolve) => {
          nextId += 1;
          const id = nextId;
          setQueue((blocked) => [...blocked, { id, error, resolve }]);
        }),
    );
    return () => setCaptchaHandler(null);
  }, []);
  const current = queue[0];
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <CaptchaDialog
        key={current.id}
        reason={current.error.reason === "cooling_off" ? "cooling_off" : "requires_captcha"}
        earliestRetry={current.error.earliestRetry ?? null}
        onDone={(captchaToken) => {
          current.resolve(captchaToken);
          setQueue((blocked) => blocked.slice(1));
        }}
      />
    </Suspense>
  );
}
