// What each slot on the page shows, and the two things a slot reports: an item was shown (one impression per page
// view) and an item was dismissed (hidden at once, for good). An admin's ?marketing-preview=<type>:<id> puts that one
// campaign in its real slot instead, marked as a preview, and reports nothing.
import { type DeliveredItem, type DeliveryAnswer, EMPTY_DELIVERY } from "@contracts/marketing";
import { useQuery } from "@tanstack/react-query";
import { useRouterState } from "@tanstack/react-router";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { campaignDeliveryQueryOptions } from "./api/get-campaign-delivery";
import { campaignPreviewQueryOptions, type PreviewTarget } from "./api/get-campaign-preview";
import { reportCampaignEvent } from "./api/post-campaign-event";
import { itemKey, rememberDismissed, useDismissed } from "./dismissed";
import { touchVisit, useVisitorReports, visitActions } from "./visit";

const PREVIEW_PARAM = "marketing-preview";
const PREVIEW_PATTERN = /^(banner|popup|in_app_message|affiliate_ad):([0-9a-fA-F-]{36})$/;

type CampaignSlots = {
  answer: DeliveryAnswer;
  preview: boolean;
  /** Changes with each page view: a popup's trigger starts again, an impression is reported again. */
  view: number;
  shown: (item: DeliveredItem) => void;
  dismiss: (item: DeliveredItem) => void;
};

const CampaignSlotsContext = createContext<CampaignSlots>({
  answer: EMPTY_DELIVERY,
  preview: false,
  view: 0,
  shown: () => undefined,
  dismiss: () => undefined,
});

export function useCampaignSlots(): CampaignSlots {
  return useContext(CampaignSlotsContext);
}

function previewTarget(searchStr: string): PreviewTarget | undefined {
  const match = PREVIEW_PATTERN.exec(new URLSearchParams(searchStr).get(PREVIEW_PARAM) ?? "");
  return match ? { campaignType: match[1] as PreviewTarget["campaignType"], id: match[2] ?? "" } : undefined;
}

function answerWith(item: DeliveredItem): DeliveryAnswer {
  switch (item.campaignType) {
    case "banner":
      return { ...EMPTY_DELIVERY, banners: [item] };
    case "popup":
      return { ...EMPTY_DELIVERY, popup: item };
    case "in_app_message":
      return { ...EMPTY_DELIVERY, inAppMessages: [item] };
    case "affiliate_ad":
      return { ...EMPTY_DELIVERY, affiliateAd: item };
  }
}

function withoutDismissed(answer: DeliveryAnswer, dismissed: readonly string[]): DeliveryAnswer {
  const kept = (item: DeliveredItem) => !dismissed.includes(itemKey(item));
  return {
    banners: answer.banners.filter(kept),
    popup: answer.popup && kept(answer.popup) ? answer.popup : null,
    inAppMessages: answer.inAppMessages.filter(kept),
    affiliateAd: answer.affiliateAd && kept(answer.affiliateAd) ? answer.affiliateAd : null,
  };
}

/** A page view: a new path, or an action reported on this one (a second validation may bring the affiliate ad). */
function usePageView() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const reports = useVisitorReports();
  const [view, setView] = useState(() => ({ pathname, reports, count: 0, visit: touchVisit() }));
  if (view.pathname !== pathname || view.reports !== reports) {
    setView({ pathname, reports, count: view.count + 1, visit: touchVisit() });
  }
  return { ...view, searchStr };
}

/**
 * `isAdmin` from the layout, undefined while it is not known yet (auth reports its sign-ins here, so this feature does
 * not ask it back). A preview asked for waits for it: an admin's preview must not count as a visitor's page view.
 */
export function CampaignSlotsProvider({ isAdmin, children }: { isAdmin: boolean | undefined; children: ReactNode }) {
  const view = usePageView();
  const asked = previewTarget(view.searchStr);
  const target = isAdmin ? asked : undefined;
  const delivery = useQuery({
    ...campaignDeliveryQueryOptions({
      page: view.pathname,
      after: visitActions(view.visit),
      visit: view.visit,
      view: view.count,
    }),
    enabled: !asked || isAdmin === false,
  });
  const preview = useQuery({ ...campaignPreviewQueryOptions(target ?? { campaignType: "banner", id: "" }), enabled: !!target });
  const dismissed = useDismissed();
  // A preview's dismissal only hides it here: the campaign is not the visitor's to dismiss.
  const [previewDismissed, setPreviewDismissed] = useState<string[]>([]);
  const reported = useRef(new Set<string>());

  const answer = useMemo(() => {
    if (target) return preview.data ? withoutDismissed(answerWith(preview.data), previewDismissed) : EMPTY_DELIVERY;
    return withoutDismissed(delivery.data ?? EMPTY_DELIVERY, dismissed);
  }, [target, preview.data, previewDismissed, delivery.data, dismissed]);

  const page = view.pathname;
  const visit = view.visit;
  const count = view.count;
  const isPreview = !!target;
  const shown = useCallback(
    (item: DeliveredItem) => {
      const key = `${count}:${itemKey(item)}`;
      if (isPreview || reported.current.has(key)) return;
      reported.current.add(key);
      reportCampaignEvent({ campaignType: item.campaignType, campaignId: item.campaignId, eventType: "impression", page, visit });
    },
    [isPreview, count, page, visit],
  );
  const dismiss = useCallback(
    (item: DeliveredItem) => {
      if (isPreview) {
        setPreviewDismissed((keys) => [...keys, itemKey(item)]);
        return;
      }
      rememberDismissed(itemKey(item));
      reportCampaignEvent({ campaignType: item.campaignType, campaignId: item.campaignId, eventType: "dismiss", page, visit });
    },
    [isPreview, page, visit],
  );

  const slots = useMemo(() => ({ answer, preview: isPreview, view: count, shown, dismiss }), [answer, isPreview, count, shown, dismiss]);
  return <CampaignSlotsContext.Provider value={slots}>{children}</CampaignSlotsContext.Provider>;
}
