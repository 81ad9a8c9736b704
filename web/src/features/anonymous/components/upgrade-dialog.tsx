// The upgrade dialog. For a visitor (free-limit): shown when the free allowance is used up; its texts come from the
// upgrade_limit system popup, fetched afresh on every opening (so an admin's edit shows to the next visitor), with
// the pricing module's figures when that fails, and a visitor eligible for the one-time discount sees it revealed on
// their first click of the upgrade button, in the discount_offer popup's words. For a signed-in person with nothing
// left to pay for the work (needs-credits): the plans and the credit blocks, on to /pricing.
import { useNavigate } from "@tanstack/react-router";
import { CrownIcon, LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast-store";
import { DISCOUNT_VALID_HOURS, FIRST_MONTH_DISCOUNT_PERCENT } from "@contracts/billing";
import { DiscountOfferCard, type DiscountOfferTexts, fillDiscountOffer, PopupTexts, useSystemPopup } from "@/features/popups";
import { UPGRADE_FALLBACK } from "@/features/pricing";
import { copyText } from "@/lib/clipboard";
import { classifyLinkTarget } from "@/lib/navigation";
import { useGenerateDiscount } from "../api/generate-discount";
import { getSessionId } from "@/lib/session-id";
import { NeedsCreditsOffer } from "./needs-credits-offer";

const FALLBACK_UPGRADE_TITLE = "You've reached your free limit";
const FALLBACK_BUTTON_TEXT = "Upgrade Now";
const FALLBACK_BUTTON_URL = "/pricing";
// A function, not a constant: the pricing feature imports this one too, so its figures are read once both are loaded.
function fallbackUpgradeTexts() {
  return {
    content: "",
    features: UPGRADE_FALLBACK.features.map((text, index) => ({ text, highlight: index === 0 })),
    pricing: UPGRADE_FALLBACK.pricing,
  };
}
/** The discount offer's words when its popup cannot be read. */
const FALLBACK_DISCOUNT_OFFER: DiscountOfferTexts = {
  title: "Special One-Time Offer",
  content: "{percent}% off your first month",
  features: [{ text: "Expires in {expiresIn} · Single use", highlight: false }],
  buttonText: "Claim {percent}% Discount Now",
};

type FreeLimitContent = {
  variant?: "free-limit";
  /** The allowance as the server last reported it; absent while it is being asked for. */
  usage: { validationsUsed: number; freeLimit: number } | undefined;
  discount: { eligible: boolean; code: string | null; expiresAt: string | null };
};

type NeedsCreditsContent = {
  variant: "needs-credits";
  /** The server's words for the refusal. */
  message: string;
};

export type UpgradeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
} & (FreeLimitContent | NeedsCreditsContent);

export function UpgradeDialog({ open, onOpenChange, ...content }: UpgradeDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={content.variant === "needs-credits" ? "max-w-2xl" : "max-w-md"}>
        {/* Mounted only while open, so every opening starts with the offer hidden again. */}
        {content.variant === "needs-credits" ? (
          <NeedsCreditsOffer message={content.message} close={close} />
        ) : (
          <UpgradeContent {...content} close={close} />
        )}
      </DialogContent>
    </Dialog>
  );
}

type UpgradeContentProps = Omit<FreeLimitContent, "variant"> & { close: () => void };

function UpgradeContent({ usage, discount, close }: UpgradeContentProps) {
  const popup = useSystemPopup("upgrade_limit");
  const generate = useGenerateDiscount();
  const navigate = useNavigate();
  const [offerShown, setOfferShown] = useState(false);
  const config = popup.data;

  function revealOffer() {
    setOfferShown(true);
    // The session's code when it has one already; otherwise one is made for it now.
    if (!discount.code) generate.mutate(getSessionId());
  }

  function followUpgradeTarget() {
    // A target that is neither an app path nor an http(s) URL is ignored in favour of the pricing page.
    const target = classifyLinkTarget(config?.buttonUrl || FALLBACK_BUTTON_URL) ??
      classifyLinkTarget(FALLBACK_BUTTON_URL);
    close();
    if (target?.kind === "external") window.location.assign(target.href);
    else if (target) void navigate({ href: target.href });
  }

  return (
    <>
      <DialogHeader>
        <span className="mb-1 grid size-11 place-items-center rounded-xl bg-primary/10 text-primary">
          <CrownIcon className="size-5" aria-hidden />
        </span>
        <DialogTitle>{config?.title || FALLBACK_UPGRADE_TITLE}</DialogTitle>
        <DialogDescription>
          {usage
            ? `You've used ${usage.validationsUsed} of ${usage.freeLimit} free validations this month.`
            : "You've used your free validations this month."}
        </DialogDescription>
      </DialogHeader>
      {popup.isPending ? <PopupLoading /> : <PopupTexts popup={config ?? fallbackUpgradeTexts()} />}
      {offerShown ? (
        <DiscountOffer
          code={discount.code ?? generate.data?.discountCode ?? null}
          expiresAt={discount.code ? discount.expiresAt : (generate.data?.expiresAt ?? null)}
          failed={generate.isError}
          onClaimed={(code) => {
            close();
            void navigate({ to: "/pricing", search: { discount: code } });
          }}
          onDeclined={() => {
            close();
            void navigate({ to: "/auth" });
          }}
        />
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          <Button onClick={discount.eligible ? revealOffer : followUpgradeTarget}>
            {config?.buttonText || FALLBACK_BUTTON_TEXT}
          </Button>
          <Button variant="outline" onClick={close}>
            Maybe Later
          </Button>
        </div>
      )}
    </>
  );
}

function PopupLoading() {
  return (
    <div role="status" className="grid gap-2">
      <span className="sr-only">Loading plans</span>
      <div className="h-4 w-3/4 animate-pulse rounded bg-muted" />
      <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
      <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
    </div>
  );
}

type DiscountOfferProps = {
  /** Null while it is being made, or when making it failed. */
  code: string | null;
  expiresAt: string | null;
  failed: boolean;
  onClaimed: (code: string) => void;
  onDeclined: () => void;
};

function DiscountOffer({ code, expiresAt, failed, onClaimed, onDeclined }: DiscountOfferProps) {
  const popup = useSystemPopup("discount_offer");
  const offer = fillDiscountOffer(popup.data ?? FALLBACK_DISCOUNT_OFFER, {
    percent: FIRST_MONTH_DISCOUNT_PERCENT,
    expiresIn: expiryText(expiresAt),
  });

  async function claim(claimed: string) {
    if (!(await copyText(claimed))) {
      toast({ title: "Could not copy your code", description: `Your discount code is ${claimed}.` });
    }
    onClaimed(claimed);
  }

  return (
    <DiscountOfferCard
      offer={offer}
      code={
        code ? (
          <p className="grid gap-1">
            <span className="text-xs text-muted-foreground">Your discount code</span>
            <code className="rounded-lg border bg-card px-3 py-2 font-mono text-lg font-semibold tracking-wider">{code}</code>
          </p>
        ) : failed ? (
          <p className="text-sm text-destructive">Your code could not be created. Please try again later.</p>
        ) : (
          <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
            Preparing your code...
          </p>
        )
      }
      actions={
        <>
          {code && <Button onClick={() => void claim(code)}>{offer.buttonText}</Button>}
          <Button variant="outline" onClick={onDeclined}>
            Continue Without Discount
          </Button>
        </>
      }
    />
  );
}

/** Whole hours until the code expires, counted up, so a code made a moment ago reads the spec's "24 hours". */
function expiryText(expiresAt: string | null): string {
  const hours = expiresAt
    ? Math.max(1, Math.ceil((Date.parse(expiresAt) - Date.now()) / 3_600_000))
    : DISCOUNT_VALID_HOURS;
  return hours === 1 ? "1 hour" : `${hours} hours`;
}
