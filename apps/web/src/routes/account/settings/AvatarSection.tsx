import { AVATAR_SIZES, COUNTS, updateSelfSchema } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api, fileUrl } from "../../../api/client.ts";
import { type SaveContext, SaveForm, Section, useSectionForm } from "./settings-ui.tsx";

export function AvatarSection({ t, user, saved }: SaveContext) {
  const { data } = useQuery({
    queryKey: ["images", "system-avatars"],
    queryFn: ({ signal }) => api.call("GET /images/system-avatars", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const avatars = data?.systemAvatars.slice(0, COUNTS.systemAvatars) ?? [];
  const current = avatars.find((avatar) => avatar.locator === user.avatar_locator)?.id ?? null;
  // PATCH /users/self's schema checks the choice (one of the system avatars); none is chosen until clicked.
  const form = useSectionForm(t, updateSelfSchema, { defaultValues: {} });
  const selected = form.watch("avatarId") ?? current;
  const [small, large] = AVATAR_SIZES;
  const preview = avatars.find((avatar) => avatar.id === selected)?.locator ?? user.avatar_locator;
  const onValid = async ({ avatarId }: z.output<typeof updateSelfSchema>) => {
    await form.save.run(async () => saved(await api.call("PATCH /users/self", { body: { avatarId } })));
  };
  return (
    <Section title={t("settings.avatarSection")}>
      <SaveForm
        form={form}
        onValid={onValid}
        submit={t("settings.saveAvatar")}
        ready={selected !== null && selected !== current}
      >
        {preview ? (
          <img
            src={fileUrl(preview)}
            alt={t("settings.currentAvatar")}
            width={large}
            height={large}
            className="rounded-full"
          />
        ) : null}
        <fieldset>
          <legend className="font-medium">{t("settings.avatarSection")}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {avatars.map((avatar) => (
              <label key={avatar.id} className="cursor-pointer">
                <input
                  type="radio"
                  name="avatar"
                  value={avatar.id}
                  checked={selected === avatar.id}
                  onChange={() => form.setValue("avatarId", avatar.id, { shouldDirty: true })}
                  className="peer sr-only"
                />
                <img
                  src={fileUrl(avatar.locator)}
                  alt={t("settings.avatar", { n: String(avatar.id) })}
                  width={small}
                  height={small}
                  className="rounded-full border-4 border-transparent peer-checked:border-accent peer-focus-visible:outline-3 peer-focus-visible:outline-focus"
                />
              </label>
            ))}
          </div>
        </fieldset>
      </SaveForm>
    </Section>
  );
}
