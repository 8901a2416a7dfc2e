import { z } from "zod";
import { ORDER_STATUSES } from "~/db/schema";

/** The /admin/store orders filters: "action" (paid or ready, the default), "all", or one status; a search; a page. */
export const ORDER_FILTERS = ["action", "all", ...ORDER_STATUSES] as const;
export const ORDERS_PAGE_SIZE = 25;

const ZOrderFilters = z.object({
  status: z.enum(ORDER_FILTERS).catch("action"),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined)
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type OrderFilters = z.infer<typeof ZOrderFilters>;

export function readOrderFilters(url: URL): OrderFilters {
  const get = (name: string) => url.searchParams.get(name) || undefined;
  return ZOrderFilters.parse({ status: get("status"), q: get("q"), page: get("page") });
}

export function orderQuery(filters: OrderFilters, o: { page?: number } = {}): string {
  const params = new URLSearchParams({ status: filters.status });
  if (filters.q) params.set("q", filters.q);
  if (o.page && o.page > 1) params.set("page", String(o.page));
  return params.toString();
}
