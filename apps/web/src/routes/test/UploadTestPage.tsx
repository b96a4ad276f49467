import { formatFileSize } from "@market/domain";
import { useId, useMemo, useState } from "react";
import { createLoadingBar } from "../../api/loading-bar.ts";
import { LoadingBar } from "../../components/LoadingBar.tsx";
import { Button } from "../../components/ui/index.ts";
import { Specimen, TestGallery } from "./TestGallery.tsx";

interface Reading {
  name: string;
  size: number;
  loaded: number;
  /** Upload draft file status (spec 3): 0 reading, 1 ready. */
  status: 0 | 1;
}

/**
 * /test/upload: file rows as the upload step shows them (reading by bytes, then ready) from files read in the
 * browser, nothing sent; and the top loading bar driven by hand, to see it finish or fail.
 */
export default function UploadTestPage() {
  const id = useId();
  const [files, setFiles] = useState<Reading[]>([]);
  const bar = useMemo(() => createLoadingBar(), []);
  const [ends, setEnds] = useState<((ok: boolean) => void)[]>([]);

  /** Ends the oldest running call, as a response or a failure would. */
  const settle = (ok: boolean) => {
    ends[0]?.(ok);
    setEnds(ends.slice(1));
  };

  const read = (list: FileList | null) => {
    for (const file of Array.from(list ?? [])) {
      setFiles((rows) => [...rows, { name: file.name, size: file.size, loaded: 0, status: 0 }]);
      const reader = new FileReader();
      const update = (patch: Partial<Reading>) =>
        setFiles((rows) => rows.map((row) => (row.name === file.name ? { ...row, ...patch } : row)));
      reader.onprogress = (event) => update({ loaded: event.loaded });
      reader.onload = () => update({ loaded: file.size, status: 1 });
      reader.readAsArrayBuffer(file);
    }
  };

  return (
    <TestGallery
      title="upload"
      about="File progress by bytes and the loading bar's throttle, run and hide timings."
    >
      <Specimen title="Files">
        <label htmlFor={`${id}-files`} className="text-sm font-medium">
          Choose files (they stay on this computer)
        </label>
        <input id={`${id}-files`} type="file" multiple onChange={(event) => read(event.target.files)} />
        <ul className="flex flex-col gap-2">
          {files.map((file) => (
            <li key={file.name} className="flex flex-wrap items-center gap-3">
              <span className="min-w-40">{file.name}</span>
              <progress max={file.size || 1} value={file.loaded} aria-label={`${file.name} progress`} />
              <span className="text-sm text-muted">
                {formatFileSize(file.loaded)} of {formatFileSize(file.size)} ·{" "}
                {file.status === 1 ? "ready" : "reading"}
              </span>
            </li>
          ))}
        </ul>
      </Specimen>
      <Specimen title="Loading bar">
        <LoadingBar bar={bar} />
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setEnds([...ends, bar.begin()])}>
            Start a call
          </Button>
          <Button variant="secondary" disabled={ends.length === 0} onClick={() => settle(true)}>
            Finish it
          </Button>
          <Button variant="secondary" disabled={ends.length === 0} onClick={() => settle(false)}>
            Fail it
          </Button>
        </div>
        <p className="text-sm text-muted">{ends.length} calls running.</p>
      </Specimen>
    </TestGallery>
  );
}
