// POST /api/admin/seo/generate-bulk {limit}: one batch of pages from the keyword targets still waiting; the answer
// says how many remain, and the dashboard calls again while some do.
import { generateBulkResultSchema, generateBulkSchema } from "@contracts/seo";
import { apiFetch, readJson } from "@/lib/api";

export const generateBulkInputSchema = generateBulkSchema;

export async function generateBulk(limit: number, signal?: AbortSignal) {
  const body = generateBulkInputSchema.parse({ limit });
  return readJson(await apiFetch("/api/admin/seo/generate-bulk", { method: "POST", body, signal }), generateBulkResultSchema);
}
