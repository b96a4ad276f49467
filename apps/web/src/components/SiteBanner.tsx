import type { SiteImageKey } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { api, fileUrl } from "../api/client.ts";

/**
 * A page's site image (spec: site images, editable by admins), shown as the wide banner it is (3:1, the
 * seeded 1200x400), cropped rather than stretched, never taller than a strip. Nothing when the page has no
 * current image, and nothing on a phone, where the first screen belongs to the page's content.
 */
export function SiteBanner({ imageKey, className = "" }: { imageKey: SiteImageKey; className?: string }) {
  const { data } = useQuery({
    queryKey: ["site", "site-images", imageKey],
    queryFn: ({ signal }) => api.call("GET /site-images/:key", { params: { key: imageKey }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const variation = data?.variation;
  if (!variation) return null;
  return (
    <img
      src={fileUrl(variation.image_locator)}
      alt={variation.alt}
      width={1200}
      height={400}
      className={`hidden aspect-[3/1] max-h-48 w-full rounded-card object-cover sm:block ${className}`}
    />
  );
}
