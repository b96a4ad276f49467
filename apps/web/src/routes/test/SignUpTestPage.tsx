import SignUpPage from "../account/SignUpPage.tsx";
import { TestGallery } from "./TestGallery.tsx";

/**
 * /test/sign-up: the real sign-up screen (form, live checks, the left panel's image switch after 500 ms), which
 * the guards keep from signed-in users at /sign-up. Submitting it creates a real account and signs into it.
 */
export default function SignUpTestPage() {
  return (
    <TestGallery
      title="sign-up"
      about="The sign-up form with its live checks. Submitting creates a real account and signs you into it."
    >
      <div className="rounded-ui border border-dashed border-line p-2">
        <SignUpPage />
      </div>
    </TestGallery>
  );
}
