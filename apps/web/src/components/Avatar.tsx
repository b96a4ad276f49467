import { fileUrl } from "../api/client.ts";

/** A user's avatar at one of the spec's sizes (50 or 135), or their initial when they have none. */
export function Avatar({
  locator,
  name,
  alt,
  size = 50,
}: {
  locator: string | null;
  name: string;
  /** Empty when the name is written beside the avatar. */
  alt: string;
  size?: 50 | 135;
}) {
  const box = size === 50 ? "size-[50px] text-xl" : "size-[135px] text-5xl";
  if (locator)
    return (
      <img
        src={fileUrl(locator)}
        alt={alt}
        width={size}
        height={size}
        className={`${box} shrink-0 rounded-full bg-wash object-cover`}
      />
    );
  const initial = name.slice(0, 1).toUpperCase();
  const circle = `${box} inline-flex shrink-0 items-center justify-center rounded-full bg-accent font-bold text-accent-text`;
  if (!alt)
    return (
      <span aria-hidden="true" className={circle}>
        {initial}
      </span>
    );
  return (
    <span role="img" aria-label={alt} className={circle}>
      {initial}
    </span>
  );
}
