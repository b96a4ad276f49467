import { useTexts } from "../state/site-config.ts";

/** The simple footer; the rotating footer message arrives with its own issue. */
export function Footer() {
  const t = useTexts();
  return (
    <footer className="border-t border-line bg-wash">
      <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-muted">
        © {new Date().getFullYear()} {t("footer.copyright")}
      </p>
    </footer>
  );
}
