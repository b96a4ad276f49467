import { formatFileSize, formatMoney } from "@market/domain";

export { formatFileSize };

/** "$4.00", or "$3.00 (sale until 2026-12-01, was $4.00)", or "Free". */
export function formatPrice(price: number, salePrice: number | null, saleEnd: string | null): string {
  if (salePrice !== null && saleEnd)
    return `${formatMoney(salePrice)} (sale until ${saleEnd}, was ${formatMoney(price)})`;
  return formatMoney(price);
}
