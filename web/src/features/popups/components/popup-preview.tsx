// The live preview beside the edit form: the popup drawn by the components a visitor sees, from the form's values.
import type { PopupType } from "@contracts/popups";
import { Button } from "@/components/ui/button";
import { PREVIEW_PLACEHOLDERS } from "../labels";
import { DiscountOfferCard, fillDiscountOffer, PopupTexts, type PopupTextsValues } from "./popup-texts";

export type PreviewValues = PopupTextsValues & { title: string; buttonText: string };

export function PopupPreview({ popupType, popup }: { popupType: PopupType; popup: PreviewValues }) {
  const offer = fillDiscountOffer(popup, PREVIEW_PLACEHOLDERS);
  return (
    <section aria-label="Preview" className="grid content-start gap-3">
      <h3 className="text-sm font-medium text-muted-foreground">Preview</h3>
      {/* A picture of the popup: nothing in it can be focused or clicked. */}
      <div className="grid gap-4 rounded-2xl border bg-background p-6 shadow-lg" inert>
        {popupType === "discount_offer" ? (
          <DiscountOfferCard
            offer={offer}
            code={
              <code className="rounded-lg border bg-card px-3 py-2 font-mono text-lg font-semibold tracking-wider">
                MS20-EXAMPLE00
              </code>
            }
            actions={<Button>{offer.buttonText}</Button>}
          />
        ) : (
          <>
            <p className="text-lg font-semibold tracking-tight">{popup.title}</p>
            <PopupTexts popup={popup} />
            <Button>{popup.buttonText}</Button>
          </>
        )}
      </div>
    </section>
  );
}
