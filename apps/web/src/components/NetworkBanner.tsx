import { useBrowserOnline } from "../state/network.ts";
import { useTexts } from "../state/site-config.ts";

export function NetworkBanner() {
  const online = useBrowserOnline();
  const t = useTexts();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p className="bg-message px-4 py-2 text-center text-sm text-message-text">{t("network.offline")}</p>
      )}
    </div>
  );
}
