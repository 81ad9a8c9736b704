// What a visitor reads in a system popup, shared by the dialogs that show it and the admin's live preview, so the
// preview is the real thing. Every text is rendered as plain text (React escapes it), never as HTML.
import type { SystemPopup } from "@contracts/popups";
import { fillPlaceholders } from "@contracts/popups";
import { CheckIcon, TicketPercentIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export type PopupTextsValues = Pick<SystemPopup, "content" | "features" | "pricing">;

/** The content, the features (highlighted ones bold) and, for the upgrade popup, the pricing line. */
export function PopupTexts({ popup }: { popup: PopupTextsValues }) {
  const { monthly, payPerUse, annual } = popup.pricing;
  const prices = [monthly, payPerUse, annual].filter((text): text is string => Boolean(text));
  return (
    <div className="grid gap-4">
      {popup.content && <p className="text-sm whitespace-pre-line">{popup.content}</p>}
      {popup.features.length > 0 && (
        <ul className="grid gap-2 text-sm">
          {popup.features.map((feature, index) => (
            <li key={index} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              <span className={cn(feature.highlight && "font-semibold text-primary")}>{feature.text}</span>
            </li>
          ))}
        </ul>
      )}
      {prices.length > 0 && (
        <p className="rounded-lg bg-muted px-3 py-2 text-center text-sm text-muted-foreground">{prices.join(" • ")}</p>
      )}
    </div>
  );
}

export type DiscountOfferTexts = Pick<SystemPopup, "title" | "content" | "features" | "buttonText">;

/** The discount offer's texts with {percent} and {expiresIn} filled in. */
export function fillDiscountOffer(
  popup: DiscountOfferTexts,
  values: { percent: number; expiresIn: string },
): DiscountOfferTexts {
  const fill = (text: string) => fillPlaceholders(text, { percent: String(values.percent), expiresIn: values.expiresIn });
  return {
    title: fill(popup.title),
    content: fill(popup.content),
    features: popup.features.map((feature) => ({ ...feature, text: fill(feature.text) })),
    buttonText: fill(popup.buttonText),
  };
}

type DiscountOfferCardProps = {
  /** Already filled (fillDiscountOffer). */
  offer: DiscountOfferTexts;
  /** The code, or what stands in for it while it is made. */
  code: ReactNode;
  actions: ReactNode;
};

/** The one-time discount as the upgrade dialog reveals it: title, the offer, the code, its terms, the buttons. */
export function DiscountOfferCard({ offer, code, actions }: DiscountOfferCardProps) {
  return (
    <section
      aria-labelledby="discount-offer-title"
      className="grid gap-3 rounded-xl border-2 border-dashed border-primary/50 bg-primary/5 p-4 text-center"
    >
      <h3 id="discount-offer-title" className="flex items-center justify-center gap-2 font-semibold text-primary">
        <TicketPercentIcon className="size-5" aria-hidden />
        {offer.title}
      </h3>
      {offer.content && <p className="text-2xl font-bold tracking-tight whitespace-pre-line">{offer.content}</p>}
      <div aria-live="polite">{code}</div>
      {offer.features.map((feature, index) => (
        <p key={index} className={cn("text-xs text-muted-foreground", feature.highlight && "font-semibold text-primary")}>
          {feature.text}
        </p>
      ))}
      <div className="grid gap-2">{actions}</div>
    </section>
  );
}
