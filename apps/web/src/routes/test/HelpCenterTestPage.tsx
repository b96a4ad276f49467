import HelpPage from "../help/HelpPage.tsx";
import { TestGallery } from "./TestGallery.tsx";

/** /test/help-center: the real help centre (pro tip, search over the help book, support and feedback). */
export default function HelpCenterTestPage() {
  return (
    <TestGallery
      title="help center"
      about="The help centre as /help shows it, with the live pro tip and help book."
    >
      <div className="rounded-ui border border-dashed border-line p-2">
        <HelpPage />
      </div>
    </TestGallery>
  );
}
