import type { ReactNode } from "react";

export interface Column {
  /** Unique among the table's columns (React's key). */
  key: string;
  label: ReactNode;
  /** Numbers (money, counts) stand to the right, over their digits. */
  numeric?: boolean;
  /** This heading's own padding, where only it has some (the row's height then follows it). */
  className?: string;
}

interface TableHeadProps {
  columns: readonly Column[];
  /** Every heading's padding, as its column's cells have it ("py-1", "pb-1"). */
  pad?: string;
  /** The space after each heading but the last ("pr-2", "pr-3"). */
  gap: string;
  /** The heading row's own classes (its rule, its alignment). */
  className?: string;
}

/** A data table's heading row: one `th scope="col"` a column, spaced as the rows below are. */
export function TableHead({ columns, pad, gap, className }: TableHeadProps) {
  const last = columns.length - 1;
  return (
    <thead>
      <tr className={className}>
        {columns.map((column, i) => (
          <th
            key={column.key}
            scope="col"
            className={[pad, column.className, i < last ? gap : "", column.numeric ? "text-right" : ""]
              .filter(Boolean)
              .join(" ")}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
