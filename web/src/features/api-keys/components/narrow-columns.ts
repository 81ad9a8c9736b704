// The screen's tables hold many columns in My Account's width: their cells are a little narrower than the kit's, so
// the actions at the end stay in view rather than scrolled out of it.
import { cn } from "@/lib/cn";

export const narrow = (className?: string) => ({ className: cn("px-3", className), headerClassName: "px-3" });

/** The actions column: just room for its buttons. */
export const actionsColumn = { className: "px-1 py-2", headerClassName: "px-1" };
