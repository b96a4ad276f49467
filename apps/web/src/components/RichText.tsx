import { parseRichText } from "@market/domain";
import { Fragment, useMemo } from "react";
import { Link } from "react-router";

/**
 * Rich text of spec 2: the domain parser turns the string into text, line breaks and checked links, and this
 * maps each token to an element. Nothing is ever injected as markup. Own-site links are router links; other
 * sites open outside without an opener or referrer.
 */
export function RichText({
  text,
  siteOrigin = window.location.origin,
  className,
}: {
  text: string;
  siteOrigin?: string;
  className?: string;
}) {
  const tokens = useMemo(() => parseRichText(text, { siteOrigin }), [text, siteOrigin]);
  return (
    <div className={`whitespace-pre-line ${className ?? ""}`}>
      {tokens.map((token, index) => {
        const key = `${index}-${token.kind}`;
        if (token.kind === "br") return <br key={key} />;
        if (token.kind === "text") return <Fragment key={key}>{token.text}</Fragment>;
        if (token.external)
          return (
            <a
              key={key}
              href={token.href}
              target="_blank"
              rel="noopener noreferrer"
              className="text-accent underline"
            >
              {token.text}
            </a>
          );
        return (
          <Link
            key={key}
            to={token.href}
            className="text-accent underline"
            {...(token.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            {token.text}
          </Link>
        );
      })}
    </div>
  );
}
