import { useMutation } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { Button } from "../../components/ui/index.ts";
import { useBulkEmailTexts } from "./bulk-email-texts.ts";

/**
 * /unsubscribe?token=…: the link at the foot of every bulk e-mail. It asks for one click rather than acting
 * on opening, because mail scanners open links; the click posts the signed token to /api/users/unsubscribe.
 */
export default function UnsubscribePage() {
  const t = useBulkEmailTexts();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const unsubscribe = useMutation({
    mutationFn: () => api.call("POST /users/unsubscribe", { body: { token } }),
  });
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("unsubscribe.title")}</h1>
      {unsubscribe.isSuccess ? (
        <p role="status">{t("unsubscribe.done")}</p>
      ) : token.length < 10 || (unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400) ? (
        <p role="alert">{t("unsubscribe.invalid")}</p>
      ) : (
        <>
          <p>{t("unsubscribe.intro")}</p>
          {unsubscribe.isError ? <p role="alert">{t("unsubscribe.failed")}</p> : null}
          <Button
            variant="primary"
            className="self-start"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate()}
          >
            {unsubscribe.isPending ? t("unsubscribe.working") : t("unsubscribe.confirm")}
          </Button>
        </>
      )}
      <Link to="/" className="text-accent underline">
        {t("unsubscribe.home")}
      </Link>
    </section>
  );
}
