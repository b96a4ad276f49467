import type { ReactNode } from "react";
import { useId } from "react";
import { Link } from "react-router";
import { CopyLinkActions, useCopyLink } from "../../components/CopyLinkActions.tsx";
import { Cover } from "../../components/Cover.tsx";
import { TextField } from "../../components/ui/index.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";

/** What was (or is being) bought: the cover, the title as a link to its page, and the creator. */
export function BoughtItem({
  resource,
  by,
  children,
  coverClass,
}: {
  resource: { name: string; title: string; cover_locator: string | null };
  by: string;
  children?: ReactNode;
  coverClass?: string;
}) {
  return (
    <div className="flex items-start gap-4">
      <Cover locator={resource.cover_locator} title={resource.title} className={coverClass} />
      <div className="flex min-w-0 flex-col gap-1">
        <Link
          to={`/resources/${encodeURIComponent(resource.name)}`}
          className="font-semibold leading-snug underline-offset-2 hover:underline"
        >
          {resource.title}
        </Link>
        <p className="text-sm text-muted">{by}</p>
        {children}
      </div>
    </div>
  );
}

/** Facts as a two-column list: "Amount paid  $4.00". */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A gift's link to send, with Copy (selecting the link where the clipboard is closed) and E-mail. */
export function GiftLink({ uri, title }: { uri: string; title: string }) {
  const t = useCheckoutTexts();
  const id = useId();
  const { input, outcome, copyLink } = useCopyLink(uri);
  const mailto = `mailto:?subject=${encodeURIComponent(t("completed.emailSubject", { title }))}&body=${encodeURIComponent(
    t("completed.emailBody", { title, link: uri }),
  )}`;
  return (
    <div className="flex flex-col gap-3">
      <TextField
        ref={input}
        id={`${id}-gift-link`}
        label={t("completed.giftLink")}
        readOnly
        value={uri}
        onFocus={(event) => event.target.select()}
        className="w-full"
      />
      <CopyLinkActions
        outcome={outcome}
        onCopy={() => void copyLink()}
        mailto={mailto}
        copyVariant="primary"
        labels={{
          copy: t("completed.copy"),
          email: t("completed.emailLink"),
          copied: t("completed.copied"),
          copyFallback: t("completed.copyFallback"),
        }}
      />
    </div>
  );
}
