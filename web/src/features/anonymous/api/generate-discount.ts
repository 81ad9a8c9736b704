// POST /api/anonymous/generate-discount/{sessionId}: the session's one single-use code, 20% off the first month.
import { type AnonymousSession, type Discount, discountSchema, sessionIdSchema } from "@contracts/anonymous";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { anonymousSessionQueryKey } from "./get-anonymous-session";

export async function generateDiscount(sessionId: string): Promise<Discount> {
  const id = sessionIdSchema.parse(sessionId);
  return readJson(await apiFetch(`/api/anonymous/generate-discount/${id}`, { method: "POST" }), discountSchema);
}

export function useGenerateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateDiscount,
    // The session now carries its code; later reveals show it without asking again.
    onSuccess: (discount) =>
      queryClient.setQueryData<AnonymousSession>(anonymousSessionQueryKey, (session) =>
        session && { ...session, discountCode: discount.discountCode, discountExpiresAt: discount.expiresAt },
      ),
  });
}
