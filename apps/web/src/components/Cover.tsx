import { imageUrl } from "../api/image-urls.ts";

/** Covers are portrait pages (692 x 896 at least): a thumbnail keeps that shape whatever its width. */
export function Cover({
  locator,
  title,
  className = "w-20",
}: {
  locator: string | null;
  title: string;
  className?: string;
}) {
  return (
    <div
      className={`aspect-[692/896] shrink-0 overflow-hidden rounded-ui border border-line bg-wash ${className}`}
    >
      {locator ? (
        <img
          src={imageUrl(locator, 320)}
          alt={title}
          width={692}
          height={896}
          className="h-full w-full object-cover object-top"
        />
      ) : null}
    </div>
  );
}
