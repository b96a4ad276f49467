import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { api } from "../api/client.ts";
import type { ReferralResponse } from "../api/types.ts";
import { useCatalogueTexts } from "../routes/catalogue/catalogue-texts.ts";
import { useSession } from "../state/session.ts";
import { Button, buttonClass, CONTROL_CLASS } from "./ui/index.ts";

/** The server may answer with a path or a full address; a link to share is always a full address. */
export function absoluteUri(uri: string, origin: string): string {
  return /^https?:\/\//i.test(uri) ? uri : `${origin}${uri.startsWith("/") ? "" : "/"}${uri}`;
}

/**
 * A link to a page of this site with the signed-in user's ref code (PUT /api/referrals), with Copy and E-mail.
 * A visitor has no ref code, so gets the page's plain address. (Gifts are bought, not shared: a gift's link
 * comes with its purchase, on the gift's thank-you page.)
 */
export function SharePanel({ uri }: { uri: string }) {
  const t = useCatalogueTexts();
  const session = useSession();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "selected">("idle");
  const origin = window.location.origin;
  const referral = useQuery({
    queryKey: ["referrals", session?.claims.sub ?? "", uri],
    queryFn: () => api.put<ReferralResponse>("/referrals", { uri, is_gift: false }),
    enabled: session !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const link = session
    ? referral.data
      ? absoluteUri(referral.data.referral.fullUri, origin)
      : null
    : absoluteUri(uri, origin);

  const copyLink = async () => {
    if (!link) return;
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(link);
      setCopy("copied");
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopy("selected");
    }
  };

  if (session && referral.isError)
    return (
      <div>
        <p role="alert">{t("share.failed")}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void referral.refetch()}>
          {t("resource.retry")}
        </Button>
      </div>
    );
  if (!link) return <p role="status">{t("share.loading")}</p>;

  const mailto = `mailto:?subject=${encodeURIComponent(t("share.emailSubject"))}&body=${encodeURIComponent(link)}`;
  return (
    <div>
      <p className="text-muted">{t(session ? "share.intro" : "share.visitorIntro")}</p>
      <label htmlFor={`${id}-link`} className="mt-4 block font-medium">
        {t("share.link")}
      </label>
      <input
        ref={input}
        id={`${id}-link`}
        readOnly
        value={link}
        onFocus={(event) => event.target.select()}
        className={`mt-1 ${CONTROL_CLASS}`}
      />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void copyLink()}>
          {t("share.copy")}
        </Button>
        <a href={mailto} className={buttonClass("secondary")}>
          {t("share.email")}
        </a>
        <span aria-live="polite" className="text-sm">
          {copy === "copied" ? t("share.copied") : copy === "selected" ? t("share.copyFallback") : ""}
        </span>
      </div>
    </div>
  );
}
