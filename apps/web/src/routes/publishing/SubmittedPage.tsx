import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { api } from "../../api/client.ts";
import { LinkButton } from "../../components/ui/index.ts";
import { usePublishingTexts } from "./publishing-texts.ts";
import { editQueryKey } from "./wizard-step.ts";

/** /resources/{id}/completed: the creator's resource went to review. */
export default function SubmittedPage() {
  const t = usePublishingTexts();
  const { id = "" } = useParams();
  const resource = useQuery({
    queryKey: editQueryKey(id),
    queryFn: ({ signal }) => api.call("GET /resources/:id/edit", { params: { id }, signal }),
  });
  return (
    <section className="flex max-w-2xl flex-col items-start gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("submitted.title")}</h1>
      <p>{t("submitted.body", { title: resource.data?.title ?? "" })}</p>
      <LinkButton variant="primary" to="/publishing">
        {t("completed.back")}
      </LinkButton>
    </section>
  );
}
