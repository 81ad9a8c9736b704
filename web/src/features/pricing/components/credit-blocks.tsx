// One-time credit blocks: pay once, use whenever; credits never expire.
import { Link } from "@tanstack/react-router";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { CREDIT_BLOCKS, formatCount, formatUsd } from "../plans";

export function CreditBlocks() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {CREDIT_BLOCKS.map((block) => (
        <li key={block.validations} className="grid gap-3 rounded-2xl border bg-card p-5 text-center shadow-sm">
          <p className="grid">
            <span className="text-2xl font-bold tracking-tight">{formatCount(block.validations)}</span>
            <span className="text-sm text-muted-foreground">validations</span>
          </p>
          <p className="text-3xl font-bold text-primary">{formatUsd(block.priceCents)}</p>
          <p className={cn("text-sm", block.savePercent === null ? "text-muted-foreground" : "font-medium text-success")}>
            {block.savePercent === null ? "Minimum purchase" : `Save ${block.savePercent}%`}
          </p>
          <Link to="/register" className={buttonVariants({ variant: "outline", size: "sm" })}>
            Buy Credits
          </Link>
        </li>
      ))}
    </ul>
  );
}
