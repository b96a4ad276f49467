import { Modal } from "../../components/Modal.tsx";
import { AdminSections } from "./AdminSections.tsx";
import { useAdminTexts } from "./admin-texts.ts";

/** The admin modal (spec 2): its sections, opened from the account menu over whatever page is showing. */
export default function AdminMenuModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useAdminTexts();
  return (
    <Modal open={open} onClose={onClose} title={t("admin.menu")} closeLabel={t("admin.close")}>
      <nav aria-label={t("admin.menu")}>
        <AdminSections compact onNavigate={onClose} />
      </nav>
    </Modal>
  );
}
