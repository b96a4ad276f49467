import { SITE_IMAGE_KEYS } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { api, fileUrl } from "../../api/client.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { COVER, ResourceTile } from "../../components/ResourceTile.tsx";
import { tilePalette } from "../../components/tile-colors.ts";
import { useColors } from "../../state/site-config.ts";
import { Specimen, TestGallery } from "./TestGallery.tsx";

/** /test/image-rendering: covers as tiles, avatars at both sizes and every page's site image, from the live data. */
export default function ImageRenderingTestPage() {
  const colors = useColors();
  const palette = tilePalette(colors);
  const list = useQuery({
    queryKey: ["test", "images", "resources"],
    queryFn: ({ signal }) => api.call("GET /resources", { query: { pageSize: 4 }, signal }),
  });
  const images = useQuery({
    queryKey: ["test", "images", "site"],
    queryFn: ({ signal }) => api.call("GET /site-images", { signal }),
  });
  const avatars = useQuery({
    queryKey: ["test", "images", "avatars"],
    queryFn: ({ signal }) => api.call("GET /images/system-avatars", { signal }),
  });
  return (
    <TestGallery
      title="image rendering"
      about={`Resource covers at ${COVER.width} x ${COVER.height}, avatars at 50 and 135 pixels, and the site images of ${SITE_IMAGE_KEYS.length} pages.`}
    >
      <Specimen title="Resource tiles (with and without a cover)">
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {(list.data?.resources ?? []).map((resource, index) => (
            <ResourceTile
              key={resource.id}
              resource={index === 3 ? { ...resource, cover_locator: null } : resource}
              paint={{
                name: palette[index % palette.length]?.name ?? null,
                background: `var(${palette[index % palette.length]?.cssVarName ?? "--tile-1"})`,
                color: `var(${palette[index % palette.length]?.cssVarName ?? "--tile-1"}-text)`,
              }}
            />
          ))}
        </ul>
      </Specimen>
      <Specimen title="Avatars">
        <div className="flex flex-wrap items-center gap-4">
          {(avatars.data?.systemAvatars ?? []).slice(0, 3).map((avatar) => (
            <Avatar
              key={avatar.id}
              locator={avatar.locator}
              name="Sample"
              alt={`System avatar ${avatar.id}`}
              size={50}
            />
          ))}
          {avatars.data?.systemAvatars[0] ? (
            <Avatar
              locator={avatars.data.systemAvatars[0].locator}
              name="Sample"
              alt="System avatar, large"
              size={135}
            />
          ) : null}
          <Avatar locator={null} name="Nadia" alt="Nadia (no picture)" size={50} />
          <Avatar locator={null} name="Nadia" alt="Nadia (no picture), large" size={135} />
        </div>
      </Specimen>
      <Specimen title="Site images">
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {(images.data?.siteImages ?? []).map((image) => (
            <li key={image.key} className="flex flex-col gap-1 text-sm">
              {image.variation ? (
                <img
                  src={fileUrl(image.variation.image_locator)}
                  alt={image.variation.alt}
                  className="h-28 w-full rounded-ui object-cover"
                />
              ) : (
                <span className="flex h-28 items-center justify-center rounded-ui bg-wash">No image</span>
              )}
              <span className="font-mono">{image.key}</span>
            </li>
          ))}
        </ul>
      </Specimen>
    </TestGallery>
  );
}
