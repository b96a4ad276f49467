import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, api } from "../api/client.ts";
import { useTimedNotice } from "../components/Toast.tsx";
import { useCatalogueTexts } from "../routes/catalogue/catalogue-texts.ts";
import { rememberPath, useSession } from "./session.ts";

/** Query keys whose lists change when a favorite or a follow does. */
export const FAVORITES_KEY = ["favorites"] as const;
export const FOLLOWING_KEY = ["following"] as const;

/**
 * The signed-in viewer's favorites by id: the grids are the same answer for everybody, so their hearts
 * are marked from this one small list (refetched whenever a favorite changes: FAVORITES_KEY).
 */
export function useFavoriteIds(): ReadonlySet<string> {
  const session = useSession();
  const { data } = useQuery({
    queryKey: [...FAVORITES_KEY, "ids", session?.claims.sub ?? ""],
    queryFn: ({ signal }) => api.call("GET /users/self/favorites/ids", { signal }),
    enabled: session !== null,
    staleTime: 60_000,
    select: (answer) => new Set(answer.ids),
  });
  return data ?? NO_IDS;
}
const NO_IDS: ReadonlySet<string> = new Set();

/** A visitor who presses Favorite or Follow signs in first and comes back here (spec 4, Authentication). */
function useSignInFirst(returnPath: string) {
  const session = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    if (session) return false;
    rememberPath(returnPath);
    navigate("/login");
    return true;
  }, [session, navigate, returnPath]);
}

/**
 * Favorite and unfavorite (spec 4, Other): a confirmation shows for 3 s; a refusal for the favorites limit
 * shows the limit notice for 3 s (spec 8).
 */
export function useFavoriteToggle(resourceId: string, initial: boolean, returnPath: string) {
  const t = useCatalogueTexts();
  const queryClient = useQueryClient();
  const signInFirst = useSignInFirst(returnPath);
  const [isFavorited, setFavorited] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [notice, show] = useTimedNotice();
  useEffect(() => setFavorited(initial), [initial]);

  const toggle = async () => {
    if (signInFirst() || busy) return;
    setBusy(true);
    const params = { id: resourceId };
    try {
      const answer = isFavorited
        ? await api.call("DELETE /users/self/resources/favorites/:id", { params })
        : await api.call("PUT /users/self/resources/favorites/:id", { params });
      setFavorited(answer.isFavorited);
      show(t(answer.isFavorited ? "resource.favoriteAdded" : "resource.favoriteRemoved"));
      void queryClient.invalidateQueries({ queryKey: FAVORITES_KEY });
      void queryClient.invalidateQueries({ queryKey: ["resources", "detail"] });
    } catch (error) {
      if (error instanceof ApiError && error.code === "favorite_limit_exceeded")
        show(t("resource.favoriteLimit"), "error");
      else show(t("resource.favoriteFailed"), "error");
    } finally {
      setBusy(false);
    }
  };

  return { isFavorited, busy, toggle, notice };
}

/**
 * Follow and unfollow toggle isFollowedByMe (spec 4, Other). A failure sets the followUserError flag (spec 8),
 * which the screen shows as a message until the next try.
 */
export function useFollowToggle(
  creator: { id: string; first_name: string },
  initial: boolean,
  returnPath: string,
) {
  const t = useCatalogueTexts();
  const queryClient = useQueryClient();
  const signInFirst = useSignInFirst(returnPath);
  const [isFollowedByMe, setFollowed] = useState(initial);
  const [followUserError, setFollowUserError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, show] = useTimedNotice();
  useEffect(() => setFollowed(initial), [initial]);

  const toggle = async () => {
    if (signInFirst() || busy) return;
    setBusy(true);
    setFollowUserError(false);
    const params = { userId: creator.id };
    try {
      const answer = isFollowedByMe
        ? await api.call("DELETE /users/following/:userId", { params })
        : await api.call("PUT /users/following/:userId", { params });
      setFollowed(answer.isFollowedByMe);
      show(t(answer.isFollowedByMe ? "follow.followed" : "follow.unfollowed", { name: creator.first_name }));
      void queryClient.invalidateQueries({ queryKey: ["users", "summary"] });
      void queryClient.invalidateQueries({ queryKey: ["resources", "detail"] });
    } catch {
      setFollowUserError(true);
    } finally {
      setBusy(false);
    }
  };

  return { isFollowedByMe, followUserError, busy, toggle, notice };
}
