import { formatFileSize, type ResourceDetail } from "@market/domain";
import { useReducer, useState } from "react";
import { useNavigate } from "react-router";
import { getSession } from "../../state/session.ts";
import { useCatalogueTexts } from "../catalogue/catalogue-texts.ts";
import {
  DOWNLOAD_IDLE,
  type DownloadState,
  downloadHeaders,
  downloadPercent,
  downloadReducer,
  downloadUrl,
  failureFor,
  fetchWithProgress,
  saveBlob,
} from "./download.ts";

type ResourceFile = ResourceDetail["resources_files_models"][number];

/** Who may download a file here: a free resource's free files, and every file of an owned resource. */
export function canDownload(
  resource: Pick<ResourceDetail, "price" | "isOwned">,
  file: ResourceFile,
): boolean {
  if (resource.isOwned) return true;
  return resource.price === 0 && !file.is_premium_file;
}

const FAILURE_KEYS = {
  login: "resource.downloadLogin",
  forbidden: "resource.downloadForbidden",
  network: "resource.downloadFailed",
} as const;

/** The files of a resource with their sizes, and a Download button with progress by bytes where allowed. */
export function ResourceFiles({ resource }: { resource: ResourceDetail }) {
  const t = useCatalogueTexts();
  if (resource.resources_files_models.length === 0) return null;
  return (
    <section aria-labelledby="files-heading" className="mt-8">
      <h2 id="files-heading" className="text-lg font-semibold">
        {t("resource.files")}
      </h2>
      <ul className="mt-3 divide-y divide-line rounded-ui border border-line">
        {resource.resources_files_models.map((file) => (
          <FileRow key={file.id} resource={resource} file={file} />
        ))}
      </ul>
    </section>
  );
}

function FileRow({ resource, file }: { resource: ResourceDetail; file: ResourceFile }) {
  const t = useCatalogueTexts();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(downloadReducer, DOWNLOAD_IDLE as DownloadState);
  const [savedInline, setSavedInline] = useState(false);
  const allowed = canDownload(resource, file);
  const percent = downloadPercent(state);

  const download = async () => {
    dispatch({ type: "start" });
    setSavedInline(false);
    const session = getSession();
    try {
      const { blob, name } = await fetchWithProgress(downloadUrl(resource.id, file.id), {
        headers: downloadHeaders(session?.token ?? null, document.cookie),
        fallbackName: file.name,
        onProgress: (loaded, total) => dispatch({ type: "progress", loaded, total }),
      });
      dispatch({ type: "done" });
      saveBlob(blob, name);
      // The thank-you page is for signed-in users (spec 6); a visitor is thanked here.
      if (session) navigate(`/resources/${encodeURIComponent(resource.name)}/downloaded`);
      else setSavedInline(true);
    } catch (error) {
      dispatch({ type: "fail", reason: failureFor(error) });
    }
  };

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div>
        <p className="font-medium break-all">{file.name}</p>
        <p className="text-sm text-muted">
          {formatFileSize(file.size_bytes)}
          {file.is_premium_file ? ` · ${t("resource.premium")}` : ""}
        </p>
      </div>
      <div className="flex items-center gap-3">
        {state.status === "downloading" ? (
          <div className="flex items-center gap-2">
            <div
              role="progressbar"
              aria-label={t("resource.downloading", { name: file.name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent ?? undefined}
              className="h-2 w-28 overflow-hidden rounded-full bg-wash"
            >
              <div className="h-full bg-accent" style={{ width: `${percent ?? 0}%` }} />
            </div>
            <span className="w-10 text-right text-sm tabular-nums">
              {percent === null ? "" : `${percent}%`}
            </span>
          </div>
        ) : allowed ? (
          <button
            type="button"
            onClick={() => void download()}
            aria-label={t("resource.downloadName", { name: file.name })}
            className="rounded-ui bg-accent px-4 py-2 font-medium text-accent-text"
          >
            {t("resource.download")}
          </button>
        ) : file.is_premium_file ? (
          <span className="text-sm text-muted">{t("resource.premiumLocked")}</span>
        ) : null}
      </div>
      {state.status === "failed" ? (
        <p role="alert" className="w-full text-sm font-medium text-danger">
          {t(FAILURE_KEYS[state.reason])}
        </p>
      ) : null}
      {savedInline ? (
        <p role="status" className="w-full text-sm font-medium">
          {t("resource.downloadedInline")}
        </p>
      ) : null}
    </li>
  );
}
