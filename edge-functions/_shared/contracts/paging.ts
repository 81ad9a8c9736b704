// The page and pageSize query parameters of every server-paged list, checked the same way everywhere.
import { z } from "zod";

/** `page` from 1 (default 1) and `pageSize` from 1 to `maxSize` (default `defaultSize`), from query text. */
export function pageParameters(defaultSize: number, maxSize: number) {
  return {
    page: z.coerce.number({ error: "page must be a number" }).int().min(1, "page must be 1 or more").default(1),
    pageSize: z.coerce
      .number({ error: "pageSize must be a number" })
      .int()
      .min(1, "pageSize must be 1 or more")
      .max(maxSize, `pageSize must be at most ${maxSize}`)
      .default(defaultSize),
  };
}
