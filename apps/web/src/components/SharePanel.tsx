import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { api } from "../api/client.ts";
import { useCatalogueTexts } from "../routes/catalogue/catalogue-texts.ts";
import { useSession } from "../state/session.ts";
import { CopyLinkActions, useCopyLink } from "./CopyLinkActions.tsx";
import { Button, CONTROL_CLASS } from "./ui/index.ts";

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
  const origin = window.location.origin;
  const referral = useQuery({
    queryKey: ["referrals", session?.claims.sub ?? "", uri],
    queryFn: () => api.call("PUT /referrals", { body: { uri, is_gift: false } }),
    enabled: session !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const link = session
    ? referral.data
      ? absoluteUri(referral.data.referral.fullUri, origin)
      : null
    : absoluteUri(uri, origin);

  const { input, outcome, copyLink } = useCopyLink(link);

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
      <div className="mt-3">
        <CopyLinkActions
          outcome={outcome}
          onCopy={() => void copyLink()}
          mailto={mailto}
          labels={{
            copy: t("share.copy"),
            email: t("share.email"),
            copied: t("share.copied"),
            copyFallback: t("share.copyFallback"),
          }}
        />
      </div>
    </div>
  );
}
