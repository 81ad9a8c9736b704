// A landing page's call to action: a real link (crawlers and keyboards follow it as one) that first records the
// conversion, then goes on. A failed record is only logged: the visitor came for where the link leads.
import { Link, useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button";
import { recordConversion } from "../api/record-conversion";

type CtaLinkProps = {
  pageId: string;
  to: "/" | "/register" | "/bulk-validation";
  variant?: "default" | "outline";
  children: ReactNode;
};

export function CtaLink({ pageId, to, variant = "default", children }: CtaLinkProps) {
  const navigate = useNavigate();
  return (
    <Link
      to={to}
      className={buttonVariants({ variant, size: "lg" })}
      onClick={(event) => {
        // A click meant for a new tab or window follows the link as it is, without waiting.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void recordConversion(pageId)
          .catch((error: unknown) => console.warn("The landing page's conversion was not recorded", error))
          .then(() => navigate({ to }));
      }}
    >
      {children}
    </Link>
  );
}
