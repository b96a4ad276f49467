import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { authFlags } from "../../api/error-reactions.ts";
import { Button } from "../../components/ui/index.ts";
import { PERMISSIONS_KEY } from "../../state/permissions.ts";
import { useAccountTexts } from "./account-texts.ts";
import { useOwnAccount } from "./use-own-account.ts";

/**
 * /profile/@{username}/status: an active account is told so; a deactivated one can reactivate itself when the
 * user deactivated it (the server refuses with 403 when an admin did, and then the page says how to get help).
 */
export default function StatusPage() {
  const t = useAccountTexts();
  const queryClient = useQueryClient();
  const { user, store } = useOwnAccount(0);
  const [byAdmin, setByAdmin] = useState(false);
  const [reactivated, setReactivated] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const reactivate = async () => {
    setBusy(true);
    setFailed(false);
    try {
      store(await api.call("POST /users/self/reactivate"));
      authFlags.set({ loginLocked: false });
      await queryClient.invalidateQueries({ queryKey: PERMISSIONS_KEY });
      setReactivated(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setByAdmin(true);
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto max-w-lg py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("accountStatus.title")}</h1>
      {!user ? null : user.is_deactivated && !reactivated ? (
        <div className="mt-4 flex flex-col gap-3">
          <p className="text-lg font-medium">{t("accountStatus.deactivated")}</p>
          {byAdmin ? (
            <p role="alert">{t("accountStatus.byAdmin")}</p>
          ) : (
            <>
              <p>{t("accountStatus.deactivatedBody")}</p>
              <div>
                <Button variant="primary" onClick={reactivate} disabled={busy}>
                  {t("accountStatus.reactivate")}
                </Button>
              </div>
            </>
          )}
          {failed ? (
            <p role="alert" className="font-medium text-danger">
              {t("save.failed")}
            </p>
          ) : null}
          <p>
            <Link to="/offers" className="text-accent underline">
              {t("accountStatus.offers")}
            </Link>
          </p>
        </div>
      ) : (
        <div className="mt-4 flex flex-col gap-3">
          <p role="status" className="text-lg font-medium">
            {reactivated ? t("accountStatus.reactivated") : t("accountStatus.active")}
          </p>
          <p>
            <Link to="/" className="text-accent underline">
              {t("accountStatus.home")}
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
