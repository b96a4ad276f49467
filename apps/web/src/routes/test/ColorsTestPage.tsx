import { DEFAULT_COLORS } from "@market/domain";
import { useColors } from "../../state/site-config.ts";
import { ColorPoolPreview } from "../admin/ColorsEditor.tsx";
import { Specimen, TestGallery } from "./TestGallery.tsx";

/** /test/colors: the 13-colour pool as the site paints it now, beside the defaults it started from. */
export default function ColorsTestPage() {
  const colors = useColors();
  return (
    <TestGallery
      title="colours"
      about="Every colour of the pool with the text colour chosen for it and its contrast."
    >
      <Specimen title="The pool now">
        <ColorPoolPreview colors={colors ?? DEFAULT_COLORS} />
      </Specimen>
      <Specimen title="The defaults">
        <ColorPoolPreview colors={DEFAULT_COLORS} />
      </Specimen>
      <Specimen title="CSS variables on the page">
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {(colors ?? DEFAULT_COLORS).map((c) => (
            <li
              key={c.cssVarName}
              className="rounded-ui p-2 text-sm"
              style={{ background: `var(${c.cssVarName})`, color: `var(${c.cssVarName}-text)` }}
            >
              var({c.cssVarName})
            </li>
          ))}
        </ul>
      </Specimen>
    </TestGallery>
  );
}
