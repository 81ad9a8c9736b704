// The signed-in person's balance in the header: what a single validation could still draw on, from every source.
// Quiet while loading or when the figure is not to be had; the account's usage page has the details.
import { Link } from "@tanstack/react-router";
import { CoinsIcon } from "lucide-react";
import { focusRing } from "@/components/ui/focus";
import { cn } from "@/lib/cn";
import { useAccountUsage } from "../api/get-account-usage";

export function HeaderBalance() {
  const usage = useAccountUsage();
  if (!usage.data) return null;
  const { available } = usage.data;
  return (
    <Link
      to="/account/usage"
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap hover:bg-accent",
        available === 0 ? "text-destructive" : "text-muted-foreground hover:text-foreground",
        focusRing,
      )}
    >
      <CoinsIcon className="size-4" aria-hidden />
      <span>
        {available.toLocaleString("en-US")}
        {/* Phones have room for the figure only; it still reads in full to a screen reader. */}
        <span className="max-sm:sr-only"> {available === 1 ? "validation" : "validations"} left</span>
      </span>
    </Link>
  );
}
