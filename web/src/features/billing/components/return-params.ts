// What a provider's page sent the buyer back with, read once from the address and then taken out of it, so a reload
// or a shared link does not replay the return.
import { useLocation, useRouter } from "@tanstack/react-router";
import { useEffect, useState } from "react";

const RETURN_KEYS = ["checkout", "provider", "session_id", "token", "PayerID"] as const;

export type CheckoutReturnParams =
  | { kind: "stripe"; sessionId: string }
  | { kind: "paypal"; orderId: string }
  | { kind: "cancelled" }
  | null;

export function readReturnParams(search: URLSearchParams): CheckoutReturnParams {
  const provider = search.get("provider");
  const checkout = search.get("checkout");
  if (checkout === "cancelled") return { kind: "cancelled" };
  const sessionId = search.get("session_id");
  if (provider === "stripe" && checkout === "success" && sessionId) return { kind: "stripe", sessionId };
  const orderId = search.get("token");
  if (provider === "paypal" && orderId) return { kind: "paypal", orderId };
  return null;
}

export function useReturnParams(): CheckoutReturnParams {
  const location = useLocation();
  const router = useRouter();
  const [params] = useState(() => readReturnParams(new URLSearchParams(location.searchStr)));

  useEffect(() => {
    if (!params) return;
    const rest = new URLSearchParams(location.searchStr);
    for (const key of RETURN_KEYS) rest.delete(key);
    const query = rest.toString();
    router.history.replace(`${location.pathname}${query ? `?${query}` : ""}${location.hash ? `#${location.hash}` : ""}`);
    // Once, for the address the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return params;
}
