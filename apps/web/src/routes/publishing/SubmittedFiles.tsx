import { API_BASE, formatFileSize, type ReviewQueue } from "@market/domain";
import { useReducer } from "react";
import { Badge, Button } from "../../components/ui/index.ts";
import { getSession } from "../../state/session.ts";
import {
  DOWNLOAD_IDLE,
  type DownloadState,
  downloadPercent,
  downloadReducer,
  failureFor,
  fetchWithProgress,
  saveBlob,
} from "../resources/download.ts";
import type { PublishingTexts } from "./publishing-texts.ts";

/** A submitted file as the review queue lists it (the resource being edited has these fields too). */
export type SubmittedFile = ReviewQueue["resources"][number]["files"][number];

/** GET /api/admin/resources/{id}/files/{fileId}: the reviewer's copy (admins only; not counted as a download). */
export function submittedFileUrl(resourceId: string, fileId: string) {
  return `${API_BASE}/admin/resources/${encodeURIComponent(resourceId)}/files/${encodeURIComponent(fileId)}`;
}

function FileRow({ resourceId, file, t }: { resourceId: string; file: SubmittedFile; t: PublishingTexts }) {
  const [state, dispatch] = useReducer(downloadReducer, DOWNLOAD_IDLE as DownloadState);
  const percent = downloadPercent(state);
  const busy = state.status === "downloading";
  const open = async () => {
    if (busy) return;
    dispatch({ type: "start" });
    const token = getSession()?.token;
    try {
      const { blob, name } = await fetchWithProgress(submittedFileUrl(resourceId, file.id), {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        fallbackName: file.name,
        onProgress: (loaded, total) => dispatch({ type: "progress", loaded, total }),
      });
      dispatch({ type: "done" });
      saveBlob(blob, name);
    } catch (error) {
      dispatch({ type: "fail", reason: failureFor(error) });
    }
  };
  return (
    <li className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <span className="min-w-0 font-medium break-all">{file.name}</span>
          {file.is_premium_file ? <Badge>{t("files.premium")}</Badge> : null}
          <span className="text-sm text-muted">{formatFileSize(file.size_bytes)}</span>
        </div>
        <Button
          variant="secondary"
          size="sm"
          busy={busy}
          aria-label={t("review.openFile", { name: file.name })}
          onClick={() => void open()}
        >
          {busy && percent !== null ? `${t("review.open")} · ${percent}%` : t("review.open")}
        </Button>
      </div>
      {state.status === "failed" ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t(state.reason === "network" ? "review.openFailed" : "review.openForbidden", { name: file.name })}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The files a creator submitted, for the admin reviewing them: each one, the premium file too, comes
 * down with its progress by bytes through the reviewer's own route.
 */
export function SubmittedFiles({
  resourceId,
  files,
  t,
}: {
  resourceId: string;
  files: readonly SubmittedFile[];
  t: PublishingTexts;
}) {
  if (files.length === 0) return <p className="text-muted">{t("review.noFiles")}</p>;
  return (
    <ul className="divide-y divide-line">
      {files.map((file) => (
        <FileRow key={file.id} resourceId={resourceId} file={file} t={t} />
      ))}
    </ul>
  );
}
