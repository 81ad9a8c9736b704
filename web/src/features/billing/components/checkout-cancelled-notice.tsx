// The pricing page after the buyer left a provider's checkout without paying (?checkout=cancelled).
import { ReturnNotice } from "./checkout-return";
import { useReturnParams } from "./return-params";

export function CheckoutCancelledNotice() {
  const params = useReturnParams();
  if (params?.kind !== "cancelled") return null;
  return (
    <ReturnNotice tone="neutral" title="Checkout cancelled">
      You left the checkout before paying, so nothing was charged. Choose a plan or credits whenever you are ready.
    </ReturnNotice>
  );
}
