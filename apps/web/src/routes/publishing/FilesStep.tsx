import { checkResourceFiles, combinedFileBytes, formatFileSize, maxCombinedBytes } from "@market/domain";
import { type ChangeEvent, useState } from "react";
import { ApiError, api } from "../../api/client.ts";
import { uploadTo } from "../../api/upload.ts";
import { Button, buttonClass } from "../../components/ui/index.ts";
import { WizardProblem } from "../../components/wizard/WizardProblem.tsx";
import { useSiteSettings } from "../../state/site-config.ts";
import type { StepProps } from "./wizard-step.ts";

interface Reading {
  key: string;
  name: string;
  premium: boolean;
  progress: number;
}

/**
 * The files step: files upload one by one with their progress (status 0 reading, then 1 ready, spec 4);
 * the premium file is the full version buyers get. A failed delete says 'Could not delete file!' (spec 8).
 */
export function FilesStep({ resource, t, save, refresh }: StepProps) {
  const settings = useSiteSettings();
  const maxMb = settings.maxCombinedFileSize;
  const [reading, setReading] = useState<Reading[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const files = resource.resources_files_models;

  /** Too large, with the file's size, the limit and the room left (the premium file is counted apart). */
  const tooLargeText = (file: File, premium: boolean) => {
    const size = formatFileSize(file.size);
    if (premium) return t("files.premiumTooLarge", { name: file.name, size, max: String(maxMb) });
    const room = Math.max(0, maxCombinedBytes(maxMb) - combinedFileBytes(files));
    return t("files.tooLarge", { name: file.name, size, max: String(maxMb), room: formatFileSize(room) });
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>, premium: boolean) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = "";
    setProblem(null);
    for (const file of chosen) {
      const key = `${file.name}-${Math.random()}`;
      setReading((r) => [...r, { key, name: file.name, premium, progress: 0 }]);
      const form = new FormData();
      form.append("file", file, file.name);
      try {
        await uploadTo("POST /resources/:id/files", form, {
          params: { id: resource.id },
          query: premium ? { demo: "true" } : {},
          onProgress: (progress) =>
            setReading((r) => r.map((row) => (row.key === key ? { ...row, progress } : row))),
        });
        await refresh();
      } catch (error) {
        const code = error instanceof ApiError ? error.fields?.files : undefined;
        setProblem(
          code === "combined_size_exceeded"
            ? tooLargeText(file, premium)
            : code
              ? t(`files.${code}` as "files.combined_size_exceeded", { max: String(maxMb) })
              : t("files.uploadFailed", {
                  name: file.name,
                  message: error instanceof Error ? error.message : "",
                }),
        );
      } finally {
        setReading((r) => r.filter((row) => row.key !== key));
      }
    }
  };

  const remove = async (id: string) => {
    try {
      await api.call("DELETE /resources/files/:id", { params: { id } });
      await refresh();
    } catch {
      window.alert(t("files.deleteFailed"));
    }
  };

  const next = async () => {
    const problemCode = checkResourceFiles(files, resource.price, maxMb);
    // A paid resource without its premium file yet can still go on to the price step; submission says so.
    if (problemCode === "files_required") {
      setProblem(t("files.files_required"));
      return;
    }
    setBusy(true);
    await save({});
    setBusy(false);
  };

  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <p>{t("files.intro", { max: String(maxMb) })}</p>
      <ul className="divide-y divide-line rounded-ui border border-line" aria-label={t("step.files")}>
        {files.length === 0 && reading.length === 0 ? (
          <li className="p-3 text-muted">{t("files.none")}</li>
        ) : null}
        {files.map((file) => (
          <li key={file.id} className="flex items-center gap-3 p-3">
            <span className="min-w-0 flex-1 truncate">{file.name}</span>
            {file.is_premium_file ? (
              <span className="rounded-full bg-wash px-2 py-0.5 text-xs font-semibold">
                {t("files.premium")}
              </span>
            ) : null}
            <span className="text-sm text-muted">{formatFileSize(file.size_bytes)}</span>
            <span className="text-sm text-muted">{t("files.ready")}</span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void remove(file.id)}
              aria-label={t("files.delete", { name: file.name })}
            >
              ✕
            </Button>
          </li>
        ))}
        {reading.map((row) => (
          <li key={row.key} className="flex items-center gap-3 p-3">
            <span className="min-w-0 flex-1 truncate">{row.name}</span>
            <progress
              max={1}
              value={row.progress}
              aria-label={t("files.reading", { percent: String(Math.round(row.progress * 100)) })}
            />
            <span role="status" className="text-sm text-muted">
              {t("files.reading", { percent: String(Math.round(row.progress * 100)) })}
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-4">
        <label className={buttonClass("secondary", "sm", "cursor-pointer")}>
          {t("files.add")}
          <input type="file" multiple className="sr-only" onChange={(e) => void upload(e, false)} />
        </label>
        <label className={buttonClass("secondary", "sm", "cursor-pointer")}>
          {t("files.addPremium")}
          <input type="file" className="sr-only" onChange={(e) => void upload(e, true)} />
        </label>
      </div>
      <p className="text-sm text-muted">{t("files.premiumHint")}</p>
      <WizardProblem text={problem} />
      <Button
        variant="primary"
        className="self-start"
        disabled={busy || reading.length > 0}
        onClick={() => void next()}
      >
        {busy ? t("wizard.saving") : t("wizard.next")}
      </Button>
    </div>
  );
}
