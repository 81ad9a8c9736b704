// How MailScout compares with well-known email verification services, by what each offers rather than by price
// (their prices change and depend on volume). Only features each company publicly documents are claimed.
import { CheckIcon, MinusIcon } from "lucide-react";
import { focusRing } from "@/components/ui/focus";
import { cn } from "@/lib/cn";

const providers = ["MailScout", "Hunter", "ZeroBounce", "NeverBounce"] as const;

const rows: { feature: string; offered: [boolean, boolean, boolean, boolean] }[] = [
  { feature: "Real-time validation of a single address", offered: [true, true, true, true] },
  { feature: "Bulk validation of CSV lists", offered: [true, true, true, true] },
  { feature: "Finding more email addresses at a domain", offered: [true, true, true, false] },
  { feature: "Open source, runs on your own Supabase project", offered: [true, false, false, false] },
];

export function ComparisonTable() {
  return (
    <div className="grid gap-3">
      {/* Scrolls sideways on a phone; focusable so the keyboard can scroll it too. */}
      <div
        role="region"
        aria-label="Feature comparison"
        tabIndex={0}
        className={cn("overflow-x-auto rounded-2xl border bg-card shadow-sm", focusRing)}
      >
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">Features of MailScout, Hunter, ZeroBounce and NeverBounce</caption>
          <thead>
            <tr className="border-b bg-muted/50 text-left">
              <th scope="col" className="p-4 font-medium">
                Feature
              </th>
              {providers.map((provider, index) => (
                <th
                  key={provider}
                  scope="col"
                  className={index === 0 ? "p-4 text-center font-semibold text-primary" : "p-4 text-center font-medium"}
                >
                  {provider}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ feature, offered }) => (
              <tr key={feature} className="border-b last:border-b-0">
                <th scope="row" className="p-4 text-left font-normal">
                  {feature}
                </th>
                {offered.map((yes, index) => (
                  <td key={providers[index]} className={cn("p-4 text-center", index === 0 && "bg-primary/5")}>
                    {yes ? (
                      <CheckIcon role="img" aria-label="Yes" className="mx-auto size-5 text-success" />
                    ) : (
                      <MinusIcon role="img" aria-label="No" className="mx-auto size-5 text-muted-foreground" />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">
        Based on each company's public product pages; their offers change, so check their sites for current details.
        Hunter, ZeroBounce and NeverBounce are trademarks of their owners.
      </p>
    </div>
  );
}
