import { MessagePage } from "../../components/ErrorPages.tsx";
import { useTexts } from "../../state/site-config.ts";

export default function OfflinePage() {
  const t = useTexts();
  return <MessagePage title={t("offline.title")} body={t("offline.body")} homeLink={t("offline.retry")} />;
}
