import { formatFileSize, type ResourceDetail } from "@market/domain";
import { Button } from "../../components/ui/index.ts";
import { useCatalogueTexts } from "../catalogue/catalogue-texts.ts";
import { DOWNLOAD_FAILURE_KEYS } from "./DownloadButton.tsx";
import { useFileDownload } from "./use-download.ts";

type ResourceFile = ResourceDetail["resources_files_models"][number];

/**
 * Who may download a file here: anybody the free files (a paid resource's sample too, as the server
 * allows), and an owner every file.
 */
export function canDownload(resource: Pick<ResourceDetail, "isOwned">, file: ResourceFile): boolean {
  return resource.isOwned || !file.is_premium_file;
}

/** The files of a resource with their sizes, and a Download button with progress by bytes where allowed. */
export function ResourceFiles({ resource }: { resource: ResourceDetail }) {
  const t = useCatalogueTexts();
  if (resource.resources_files_models.length === 0) return null;
  return (
    <section aria-labelledby="files-heading">
      <h2 id="files-heading" className="text-lg font-semibold">
        {t("resource.files")}
      </h2>
      <ul className="mt-3 divide-y divide-line rounded-card border border-line">
        {resource.resources_files_models.map((file) => (
          <FileRow key={file.id} resource={resource} file={file} />
        ))}
      </ul>
    </section>
  );
}

function FileRow({ resource, file }: { resource: ResourceDetail; file: ResourceFile }) {
  const t = useCatalogueTexts();
  const download = useFileDownload({ resource, file, thankAfter: true });
  const { state, percent } = download;
  const allowed = canDownload(resource, file);

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="min-w-0">
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
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void download.start()}
            aria-label={t("resource.downloadName", { name: file.name })}
          >
            {t("resource.download")}
          </Button>
        ) : file.is_premium_file ? (
          <span className="text-sm text-muted">{t("resource.premiumLocked")}</span>
        ) : null}
      </div>
      {state.status === "failed" ? (
        <p role="alert" className="w-full text-sm font-medium text-danger">
          {t(DOWNLOAD_FAILURE_KEYS[state.reason])}
        </p>
      ) : null}
      {download.savedInline ? (
        <p role="status" className="w-full text-sm font-medium">
          {t("resource.downloadedInline")}
        </p>
      ) : null}
    </li>
  );
}
