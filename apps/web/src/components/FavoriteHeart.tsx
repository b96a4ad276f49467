import { useLocation } from "react-router";
import { useFavoriteToggle } from "../state/engagement.ts";
import { useTexts } from "../state/site-config.ts";
import { Toast } from "./Toast.tsx";

/**
 * The heart on a card: saves or removes a favorite in place (a visitor signs in first and comes back).
 * Its name says what pressing it will do, and aria-pressed whether it is on.
 */
export function FavoriteHeart({
  resourceId,
  title,
  favorited,
  className = "",
}: {
  resourceId: string;
  title: string;
  favorited: boolean;
  className?: string;
}) {
  const t = useTexts();
  const location = useLocation();
  const favorite = useFavoriteToggle(resourceId, favorited, `${location.pathname}${location.search}`);
  return (
    <>
      <button
        type="button"
        aria-pressed={favorite.isFavorited}
        aria-label={t(favorite.isFavorited ? "tile.unfavorite" : "tile.favorite", { title })}
        disabled={favorite.busy}
        onClick={() => void favorite.toggle()}
        className={`inline-flex size-10 items-center justify-center rounded-full bg-paper/95 text-ink shadow-md ring-1 ring-line transition hover:scale-105 disabled:opacity-60 ${className}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`size-5 ${favorite.isFavorited ? "fill-sale-strong text-sale-strong" : "fill-none"}`}
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 20.5s-7.5-4.6-9.2-9.3C1.6 7.9 3.8 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.4 0 5.6 3.4 4.4 6.7-1.7 4.7-9.2 9.3-9.2 9.3z" />
        </svg>
      </button>
      {favorite.notice ? <Toast notice={favorite.notice} /> : null}
    </>
  );
}
