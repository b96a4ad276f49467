import { GRID } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api } from "../../api/client.ts";
import { ResourceGrid } from "../../components/ResourceGrid.tsx";
import { Button } from "../../components/ui/index.ts";
import { Specimen, TestGallery } from "./TestGallery.tsx";

const WIDTHS = [360, 499, 800, 1180, 1300, 1381];

/** /test/homepage-layout: the home grid with the newest resources inside a box of a chosen width (spec 2 grid). */
export default function HomepageLayoutTestPage() {
  const id = useId();
  const [width, setWidth] = useState(1300);
  const [count, setCount] = useState<number>(GRID.pageCells);
  const list = useQuery({
    queryKey: ["test", "grid", count],
    queryFn: ({ signal }) => api.call("GET /resources", { query: { pageSize: count }, signal }),
  });
  return (
    <TestGallery
      title="home page layout"
      about="Cells per row: none under 500 px wide (the cells flow), 3 from 1,180 to 1,380 px, 4 otherwise; the last row is filled."
    >
      <Specimen title="Grid width">
        <div className="flex flex-wrap items-end gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-w`} className="text-sm font-medium">
              Width: {width} px
            </label>
            <input
              id={`${id}-w`}
              type="range"
              min={320}
              max={1600}
              value={width}
              onChange={(e) => setWidth(Number(e.target.value))}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            {WIDTHS.map((w) => (
              <Button variant="secondary" size="sm" key={w} onClick={() => setWidth(w)}>
                {w}
              </Button>
            ))}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-n`} className="text-sm font-medium">
              Resources
            </label>
            <select
              id={`${id}-n`}
              value={count}
              onChange={(e) => setCount(Number(e.target.value))}
              className="rounded-ui border border-line px-2 py-1"
            >
              {[1, 5, 12, 13, 24, 48].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        </div>
      </Specimen>
      <div className="overflow-x-auto">
        <div style={{ width }} className="border border-dashed border-line p-2">
          {list.data ? (
            <ResourceGrid resources={list.data.resources} total={list.data.total} showAds={false} />
          ) : (
            <p aria-busy="true">Loading resources…</p>
          )}
        </div>
      </div>
    </TestGallery>
  );
}
