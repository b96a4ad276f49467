import { tipModalClosable } from "@market/domain";
import type { ReactNode } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { Modal } from "../../components/Modal.tsx";
import { useSession } from "../../state/session.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";

/** Tip summary routes: the only place a deactivated user may close the tip modal (spec 4). */
export function isTipSummaryPath(pathname: string): boolean {
  return pathname.endsWith("/tip-summary") || pathname.endsWith("/leave-tip/summary");
}

/**
 * The tip modal (UX: a dialog over the page with its own URL). Closing goes back, or to the resource the
 * tip came from; a deactivated user cannot close it except on the summary (spec 4, tipModalClosable).
 */
export function TipModal({ title, children }: { title: string; children: ReactNode }) {
  const t = useCheckoutTexts();
  const location = useLocation();
  const navigate = useNavigate();
  const { id } = useParams();
  const session = useSession();
  const closable = tipModalClosable({
    deactivated: session?.user?.is_deactivated ?? false,
    onSummary: isTipSummaryPath(location.pathname),
  });
  const close = () => {
    if (location.pathname.startsWith("/resources/") && id) navigate(`/resources/${encodeURIComponent(id)}`);
    else if (location.key !== "default") navigate(-1);
    else navigate("/");
  };
  return (
    <Modal open onClose={close} title={title} closeLabel={t("tip.close")} closable={closable} wide>
      {children}
    </Modal>
  );
}
