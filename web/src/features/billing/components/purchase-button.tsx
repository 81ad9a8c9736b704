// A pricing card's button for a signed-in person: it opens the checkout of one catalogue item. While no provider that
// sells the item is open, it says so instead and cannot be pressed.
import type { ItemId } from "@contracts/billing";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { useCatalogue } from "../api/get-catalogue";
import { CheckoutDialog } from "./checkout-dialog";
import { providersFor } from "./providers";

type PurchaseButtonProps = {
  itemId: ItemId;
  label: string;
  variant?: "default" | "outline";
  size?: "default" | "sm";
  className?: string;
};

export function PurchaseButton({ itemId, label, variant = "default", size = "default", className }: PurchaseButtonProps) {
  const catalogue = useCatalogue({ enabled: true });
  const [open, setOpen] = useState(false);
  const item = catalogue.data?.items.find((candidate) => candidate.id === itemId);
  const providers = catalogue.data && item ? providersFor(catalogue.data, item) : [];
  const style = { variant, size, className };

  if (catalogue.data && providers.length === 0) {
    return (
      <Button {...style} disabled>
        Purchases are not open yet
      </Button>
    );
  }
  return (
    <>
      <Button
        {...style}
        disabled={catalogue.isPending}
        onClick={() => {
          if (item) return setOpen(true);
          void catalogue.refetch();
          toast({ title: "Checkout unavailable", description: "Could not load the prices. Please try again.", variant: "destructive" });
        }}
      >
        {label}
      </Button>
      {item && <CheckoutDialog open={open} onOpenChange={setOpen} item={item} providers={providers} />}
    </>
  );
}
