import { textOf } from "@market/domain";
import { Component, type ErrorInfo, type ReactNode, useEffect } from "react";
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from "react-router";
import { ApiError } from "../api/client.ts";
import { isChunkLoadError, reloadOnceForChunkError } from "../guards/chunk-reload.ts";
import { useTexts } from "../state/site-config.ts";
import { Button } from "./ui/index.ts";

/**
 * A page that only tells the visitor something (not found, offline, an error) and offers the way on: a link
 * home labelled `homeLink`, or the page's own actions.
 */
export function MessagePage({
  title,
  body,
  homeLink,
  children,
}: {
  title: string;
  body: string;
  homeLink?: string;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-muted">{body}</p>
      {homeLink ? (
        <p className="mt-6">
          <Link to="/" className="font-medium text-accent underline">
            {homeLink}
          </Link>
        </p>
      ) : null}
      {children}
    </section>
  );
}

/** The 404 content: the catch-all page and the error page for a 404 both show it. */
export function NotFoundContent() {
  const t = useTexts();
  return <MessagePage title={t("notFound.title")} body={t("notFound.body")} homeLink={t("notFound.link")} />;
}

export interface ErrorSummary {
  status: number;
  /** The message to show, or null for the generic "Error". */
  message: string | null;
}

/** Route errors default to status 500 and the message "Error"; internals of unknown errors are not shown. */
export function summariseRouteError(error: unknown): ErrorSummary {
  if (isRouteErrorResponse(error)) {
    const data = error.data as unknown;
    const fromData =
      typeof data === "object" && data !== null && typeof (data as { message?: unknown }).message === "string"
        ? (data as { message: string }).message
        : null;
    return { status: error.status || 500, message: fromData ?? (error.statusText || null) };
  }
  if (error instanceof ApiError) return { status: error.status || 500, message: error.message || null };
  return { status: 500, message: null };
}

export function RouteErrorPage() {
  const error = useRouteError();
  const t = useTexts();
  const revalidator = useRevalidator();
  const chunkError = isChunkLoadError(error);

  useEffect(() => {
    if (chunkError) {
      reloadOnceForChunkError(error, {
        storage: sessionStorage,
        reload: () => window.location.reload(),
        now: Date.now,
      });
    }
  }, [chunkError, error]);

  const { status, message } = summariseRouteError(error);
  if (status === 404) return <NotFoundContent />;

  return (
    <MessagePage
      title={message ?? t("error.title")}
      body={chunkError ? t("error.newVersion") : t("error.status", { status: String(status) })}
    >
      <div className="mt-6 flex justify-center gap-4">
        <Button
          variant="primary"
          onClick={() => (chunkError ? window.location.reload() : revalidator.revalidate())}
        >
          {t("error.retry")}
        </Button>
        <Link to="/" className="px-4 py-2 font-medium text-accent underline">
          {t("notFound.link")}
        </Link>
      </div>
    </MessagePage>
  );
}

interface FatalState {
  error: unknown;
}

/** When the error page itself fails: a last page with no dependencies beyond React. */
export class FatalErrorBoundary extends Component<{ children: ReactNode }, FatalState> {
  override state: FatalState = { error: null };

  static getDerivedStateFromError(error: unknown): FatalState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("The error page failed", error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const details = error instanceof Error ? error.message : String(error);
    return (
      <section className="mx-auto max-w-xl px-4 py-12 text-center">
        <h1 className="text-2xl font-bold">{textOf(undefined, "error.fatal")}</h1>
        <details className="mt-4 text-left">
          <summary className="cursor-pointer">{textOf(undefined, "error.details")}</summary>
          <pre className="mt-2 overflow-auto rounded-ui bg-wash p-3 text-sm whitespace-pre-wrap">
            {details}
          </pre>
        </details>
        <p className="mt-6">
          <a href="/" className="font-medium text-accent underline">
            {textOf(undefined, "error.fatalLink")}
          </a>
        </p>
      </section>
    );
  }
}

/** Errors of a screen, shown inside the layout. */
export function RouteErrorBoundary() {
  return (
    <FatalErrorBoundary>
      <RouteErrorPage />
    </FatalErrorBoundary>
  );
}

/** Errors of the layout itself, shown on a bare page. */
export function RootErrorBoundary() {
  return (
    <main id="main" className="min-h-dvh px-4">
      <FatalErrorBoundary>
        <RouteErrorPage />
      </FatalErrorBoundary>
    </main>
  );
}
