import { abbreviateNumber, formatAmount, formatFileSize, formatMoney } from "@market/domain";
import { useState } from "react";
import { Modal } from "../../components/Modal.tsx";
import { RichText } from "../../components/RichText.tsx";
import { Toast, useTimedNotice } from "../../components/Toast.tsx";
import { Button } from "../../components/ui/index.ts";
import { Specimen, TestGallery } from "./TestGallery.tsx";

const RICH_SAMPLES = [
  'A link to <a href="/featured">featured resources</a>,<br>a line break and <a href="https://example.org" target="_blank">an outside link</a>.',
  "Anything else is shown as text: <b>bold</b> <script>alert(1)</script> <img src=x onerror=alert(1)>",
];

/** /test/misc: rich text, formats, the toast and a modal dialog. */
export default function MiscTestPage() {
  const [notice, show] = useTimedNotice();
  const [open, setOpen] = useState(false);
  return (
    <TestGallery
      title="miscellaneous"
      about="Rich text (only a and br), number, money and size formats, the toast and a dialog."
    >
      <Specimen title="Rich text">
        {RICH_SAMPLES.map((text) => (
          <div key={text} className="flex flex-col gap-1">
            <code className="text-xs text-muted">{text}</code>
            <p>
              <RichText text={text} />
            </p>
          </div>
        ))}
      </Specimen>
      <Specimen title="Formats">
        <table className="text-left text-sm">
          <caption className="sr-only">Formats</caption>
          <thead>
            <tr>
              <th scope="col">Value</th>
              <th scope="col">Money</th>
              <th scope="col">Amount</th>
              <th scope="col">Number</th>
              <th scope="col">File size</th>
            </tr>
          </thead>
          <tbody>
            {[0, 99, 1_250, 999_999, 1_500_000, 2_750_000_000].map((n) => (
              <tr key={n}>
                <td className="pr-4 font-mono">{n}</td>
                <td className="pr-4">{formatMoney(n)}</td>
                <td className="pr-4">{formatAmount(n)}</td>
                <td className="pr-4">{abbreviateNumber(n)}</td>
                <td>{formatFileSize(n)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Specimen>
      <Specimen title="Toast and dialog">
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => show("Saved to your favorites")}>
            Show a toast
          </Button>
          <Button variant="secondary" onClick={() => show("Could not save changes", "error")}>
            Show an error toast
          </Button>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Open a dialog
          </Button>
        </div>
      </Specimen>
      <Toast notice={notice} />
      <Modal open={open} onClose={() => setOpen(false)} title="A sample dialog" closeLabel="Close">
        <p>Focus is trapped here; Escape closes the dialog and focus returns to the button.</p>
      </Modal>
    </TestGallery>
  );
}
