import { AD_TYPES, type Ad, type AdType } from "@market/domain";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { api } from "../../api/client.ts";
import { Button } from "../../components/ui/index.ts";
import { useAdvertisingTexts } from "./advertising-texts.ts";

/**
 * /advertising/create (choose a type) and /advertising/new-1 to new-5: a new ad of that type is created
 * (the first save, spec 4) and its wizard opens at the first step.
 */
export default function CreateAdPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const t = useAdvertisingTexts();
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = id?.startsWith("new-") ? (id.slice(4) as AdType) : null;
  const create = async (type: AdType) => {
    try {
      const ad = await api.post<Ad>("/advertisements", { ad_type: type });
      navigate(`/advertising/${ad.id}/edit/image`, { replace: true });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the type in the address
  useEffect(() => {
    if (chosen && (AD_TYPES as readonly string[]).includes(chosen)) void create(chosen);
  }, [chosen]);
  if (chosen) return <p role={failure ? "alert" : "status"}>{failure ?? t("ads.create.creating")}</p>;
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("ads.create.title")}</h1>
      <p>{t("ads.create.intro")}</p>
      <ul className="flex flex-wrap gap-3">
        {AD_TYPES.map((type) => (
          <li key={type}>
            <Button variant="secondary" onClick={() => void create(type)}>
              {t("ads.create.type", { type })}
            </Button>
          </li>
        ))}
      </ul>
      {failure ? <p role="alert">{failure}</p> : null}
      <Link to="/advertising" className="underline">
        {t("ads.create.about")}
      </Link>
    </section>
  );
}
