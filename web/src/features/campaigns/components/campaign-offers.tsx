// The page's offers below its content: inline and sidebar banners, in-app messages and the affiliate ad. Below the
// content, so their arrival never pushes what the visitor is reading.
import { useCampaignSlots } from "../campaign-slots";
import { BannerSlot } from "./banner-slot";
import { CampaignItem } from "./campaign-item";

export function CampaignOffers() {
  const { answer } = useCampaignSlots();
  const hasBanner = answer.banners.some((banner) => banner.placement === "inline" || banner.placement === "sidebar");
  if (!hasBanner && answer.inAppMessages.length === 0 && !answer.affiliateAd) return null;
  return (
    <aside aria-label="Offers" className="mx-auto grid w-full max-w-6xl gap-3 px-4 py-6">
      <BannerSlot placement="inline" className="px-0" />
      <BannerSlot placement="sidebar" className="px-0" />
      {answer.inAppMessages.length > 0 && (
        <ul className="grid gap-3" aria-label="Messages">
          {answer.inAppMessages.map((message) => (
            <li key={message.campaignId}>
              <CampaignItem item={message} layout="card" label="Message" />
            </li>
          ))}
        </ul>
      )}
      {answer.affiliateAd && <CampaignItem item={answer.affiliateAd} layout="card" label="Partner offer" />}
    </aside>
  );
}
