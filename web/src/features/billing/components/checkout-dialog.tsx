// The checkout of one item: its price, the visitor's discount code for a plan, and a button per provider that sells
// it. Stripe and PayPal take the buyer to their own page; Venmo, Cash App and crypto are paid outside MailScout and
// named here by their transaction.
import type { CatalogueItem, ManualProvider } from "@contracts/billing";
import { TicketPercentIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast-store";
import { useDiscountOffer } from "@/features/anonymous";
import { messageOf } from "@/lib/api";
import { useStartCheckout } from "../api/start-checkout";
import { goToProvider, rememberCheckout } from "./checkout-session";
import { ManualPayment } from "./manual-payment";
import { checkoutTitle, PriceSummary } from "./price-summary";
import { isCheckoutProvider, type Provider, PROVIDER_NAMES } from "./providers";

type CheckoutDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: CatalogueItem;
  providers: Provider[];
};

export function CheckoutDialog({ open, onOpenChange, item, providers }: CheckoutDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted per opening: each checkout starts at the choice of provider. */}
        {open && <CheckoutContent item={item} providers={providers} close={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CheckoutContent({ item, providers, close }: { item: CatalogueItem; providers: Provider[]; close: () => void }) {
  const [manual, setManual] = useState<ManualProvider | null>(null);
  const offer = useDiscountOffer({ enabled: item.kind === "plan" });
  const [useCode, setUseCode] = useState(true);
  const checkout = useStartCheckout();
  const codeId = useId();
  const discountCode = item.kind === "plan" && offer && useCode ? offer.code : undefined;

  if (manual) return <ManualPayment item={item} provider={manual} onBack={() => setManual(null)} close={close} />;

  function pay(provider: Provider) {
    if (!isCheckoutProvider(provider)) return setManual(provider);
    checkout.mutate(
      { itemId: item.id, provider, discountCode },
      {
        onSuccess: ({ url, paymentId }) => {
          rememberCheckout(paymentId);
          goToProvider(url);
        },
        onError: (error) =>
          toast({
            title: "Checkout failed",
            description: messageOf(error, "Could not start the checkout. Please try again."),
            variant: "destructive",
          }),
      },
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{checkoutTitle(item)}</DialogTitle>
        <DialogDescription>Choose how to pay.</DialogDescription>
      </DialogHeader>
      <PriceSummary item={item} withDiscount={discountCode !== undefined} />
      {item.kind === "plan" && offer && (
        <div className="flex items-center gap-3 rounded-xl border-2 border-dashed border-primary/50 bg-primary/5 p-3">
          <TicketPercentIcon className="size-5 shrink-0 text-primary" aria-hidden />
          <Checkbox id={codeId} checked={useCode} onCheckedChange={(checked) => setUseCode(checked === true)} />
          <Label htmlFor={codeId} className="leading-normal font-normal">
            Use my discount code <code className="font-mono font-semibold">{offer.code}</code>
          </Label>
        </div>
      )}
      <div className="grid gap-2">
        {providers.map((provider) => (
          <Button
            key={provider}
            variant={provider === providers[0] ? "default" : "outline"}
            disabled={checkout.isPending}
            onClick={() => pay(provider)}
          >
            {checkout.isPending && checkout.variables.provider === provider
              ? "Opening checkout..."
              : `Pay with ${PROVIDER_NAMES[provider]}`}
          </Button>
        ))}
      </div>
    </>
  );
}
