import { useState } from "react";
import CaptchaDialog from "../../auth/CaptchaDialog.tsx";
import { Button } from "../../components/ui/index.ts";
import { Specimen, TestGallery } from "./TestGallery.tsx";

/**
 * /test/captcha: the real captcha dialog against the real challenge endpoint, in both of its reasons; the
 * dialog's own switch shows the text question that replaces the pictures for people who cannot see them.
 */
export default function CaptchaTestPage() {
  const [open, setOpen] = useState<null | "requires_captcha" | "cooling_off">(null);
  const [result, setResult] = useState<string | null>(null);
  return (
    <TestGallery
      title="captcha"
      about="The captcha a login asks for after failed attempts (spec 4 and 8): pictures, or a text question instead."
    >
      <Specimen title="Captcha dialog">
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setOpen("requires_captcha")}>
            Show the captcha
          </Button>
          <Button variant="secondary" onClick={() => setOpen("cooling_off")}>
            Show it cooling off (15 minutes)
          </Button>
        </div>
        {result ? <p role="status">{result}</p> : null}
      </Specimen>
      {open ? (
        <CaptchaDialog
          reason={open}
          earliestRetry={open === "cooling_off" ? new Date(Date.now() + 15 * 60_000).toISOString() : null}
          onDone={(token) => {
            setOpen(null);
            setResult(token ? "Solved: the dialog returned a captcha token." : "Closed without solving.");
          }}
        />
      ) : null}
    </TestGallery>
  );
}
