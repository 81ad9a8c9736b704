// One-time credit blocks: pay once, use whenever; credits never expire. A visitor signs in first, then buys.
import { CREDIT_BLOCKS, type CreditBlock, type CreditItemId } from "@contracts/billing";
import { Link } from "@tanstack/react-router";
import { buttonVariants } from "@/components/ui/button";
import { useAuth } from "@/features/auth";
import { PurchaseButton } from "@/features/billing";
import { cn } from "@/lib/cn";
import { formatCount, formatUsd } from "@/lib/format";

export function CreditBlocks() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {CREDIT_BLOCKS.map((block) => (
        <li key={block.credits} className="grid gap-3 rounded-2xl border bg-card p-5 text-center shadow-sm">
          <p className="grid">
            <span className="text-2xl font-bold tracking-tight">{formatCount(block.credits)}</span>
            <span className="text-sm text-muted-foreground">validations</span>
          </p>
          <p className="text-3xl font-bold text-primary">{formatUsd(block.priceCents)}</p>
          <p className={cn("text-sm", block.savePercent === null ? "text-muted-foreground" : "font-medium text-success")}>
            {block.savePercent === null ? "Minimum purchase" : `Save ${block.savePercent}%`}
          </p>
          <BuyCredits block={block} />
        </li>
      ))}
    </ul>
  );
}

function BuyCredits({ block }: { block: CreditBlock }) {
  const { isAuthenticated } = useAuth();
  const label = "Buy Credits";
  if (isAuthenticated) {
    const itemId = `credits-${block.credits}` as CreditItemId;
    return <PurchaseButton itemId={itemId} label={label} variant="outline" size="sm" />;
  }
  return (
    <Link to="/auth" search={{ redirect: "/pricing" }} className={buttonVariants({ variant: "outline", size: "sm" })}>
      {label}
    </Link>
  );
}
