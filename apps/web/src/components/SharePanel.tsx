import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { api } from "../api/client.ts";
import type { ReferralResponse } from "../api/types.ts";
import { useCatalogueTexts } from "../routes/catalogue/catalogue-texts.ts";
import { useSession } from "../state/session.ts";

const buttonClass = "rounded-ui border border-line px-4 py-2 font-medium hover:bg-wash";

/** The server may answer with a path or a full address; a link to share is always a full address. */
export function absoluteUri(uri: string, origin: string): string {
  return /^https?:\/\//i.test(uri) ? uri : `${origin}${uri.startsWith("/") ? "" : "/"}${uri}`;
}

/**
 * A link to a page of this site with the signed-in user's ref code (PUT /api/referrals), with Copy and E-mail.
 * A gift link points at the gift purchase. A visitor has no ref code, so gets the page's plain address.
 */
export function SharePanel({ uri, isGift = false }: { uri: string; isGift?: boolean }) {
  const t = useCatalogueTexts();
  const session = useSession();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "selected">("idle");
  const origin = window.location.origin;
  const referral = useQuery({
    queryKey: ["referrals", session?.claims.sub ?? "", uri, isGift],
    queryFn: () => api.put<ReferralResponse>("/referrals", { uri, is_gift: isGift }),
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
        <button type="button" className={`${buttonClass} mt-3`} onClick={() => void referral.refetch()}>
          {t("resource.retry")}
        </button>
      </div>
    );
  if (!link) return <p role="status">{t("share.loading")}</p>;

  const mailto = `mailto:?subject=${encodeURIComponent(t("share.emailSubject"))}&body=${encodeURIComponent(link)}`;
  return (
    <div>
      <p className="text-muted">
        {t(session ? (isGift ? "share.giftIntro" : "share.intro") : "share.visitorIntro")}
      </p>
      <label htmlFor={`${id}-link`} className="mt-4 block font-medium">
        {t(isGift ? "share.giftLink" : "share.link")}
      </label>
      <input
        ref={input}
        id={`${id}-link`}
        readOnly
        value={link}
        onFocus={(event) => event.target.select()}
        className="mt-1 block w-full rounded-ui border border-line bg-wash px-3 py-2"
      />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" className={buttonClass} onClick={() => void copyLink()}>
          {t("share.copy")}
        </button>
        <a href={mailto} className={buttonClass}>
          {t("share.email")}
        </a>
        <span aria-live="polite" className="text-sm">
          {copy === "copied" ? t("share.copied") : copy === "selected" ? t("share.copyFallback") : ""}
        </span>
      </div>
    </div>
  );
}
