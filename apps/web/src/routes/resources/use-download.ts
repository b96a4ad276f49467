import { useQueryClient } from "@tanstack/react-query";
import { useReducer, useState } from "react";
import { useNavigate } from "react-router";
import { getSession } from "../../state/session.ts";
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

export interface DownloadTarget {
  resource: { id: string; name: string };
  file: { id: string; name: string };
  /**
   * After the file is saved, a signed-in user goes to the resource's thank-you page (spec 6: downloaded);
   * screens that are thank-you pages already (a purchase, My resources) stay where they are.
   */
  thankAfter?: boolean;
}

/**
 * One file's download with progress by bytes (UX.md), shared by the file list, the price box, the
 * purchase's thank-you page and My resources: the token and the ref code go along, the file is saved
 * under the server's name, and "what you own" is asked again (a free download makes it yours).
 */
export function useFileDownload({ resource, file, thankAfter = false }: DownloadTarget) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(downloadReducer, DOWNLOAD_IDLE as DownloadState);
  const [savedInline, setSavedInline] = useState(false);

  const start = async () => {
    if (state.status === "downloading") return;
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
      if (session) void queryClient.invalidateQueries({ queryKey: ["library"] });
      // The thank-you page is for signed-in users (spec 6); a visitor is thanked where they are.
      if (session && thankAfter) navigate(`/resources/${encodeURIComponent(resource.name)}/downloaded`);
      else setSavedInline(true);
    } catch (error) {
      dispatch({ type: "fail", reason: failureFor(error) });
    }
  };

  return { state, percent: downloadPercent(state), savedInline, start };
}

export type FileDownload = ReturnType<typeof useFileDownload>;
