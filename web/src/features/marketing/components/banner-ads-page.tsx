// /admin/marketing/banner-ads: banners by placement, with impressions, clicks and CTR.
import { BANNER_PLACEMENTS, type BannerAd, bannerAdInputSchema } from "@contracts/marketing";
import type { z } from "zod";
import { TextareaField, TextField } from "@/components/ui/form";
import { SelectField, SwitchField } from "@/components/ui/form-controls";
import { bannerAds } from "../api/banner-ads";
import { labelOf } from "../labels";
import { choiceColumn, countColumn, rateColumn } from "./figure-columns";
import { campaignFormSchema } from "./form-schema";
import { ManagerPage } from "./manager-page";
import { PreviewLink } from "./preview-link";

type BannerFormValues = {
  title: string;
  content: string;
  imageUrl: string;
  targetUrl: string;
  placement: string;
  isActive: boolean;
  priority: string;
  startDate: string;
  endDate: string;
};

const bannerFormSchema = campaignFormSchema<z.output<typeof bannerAdInputSchema>, BannerFormValues>(bannerAdInputSchema, {
  blank: ["startDate", "endDate"],
});

export function BannerAdsPage() {
  return (
    <ManagerPage
      title="Banner Ads"
      description="Banners shown in the header, sidebar, footer or inline; one per placement, highest priority first."
      noun="banner ad"
      resource={bannerAds}
      itemName={(banner) => banner.title}
      columns={[
        choiceColumn("Placement", (banner: BannerAd) => banner.placement),
        countColumn("Impressions", (banner: BannerAd) => banner.impressionCount),
        countColumn("Clicks", (banner: BannerAd) => banner.clickCount),
        rateColumn("CTR", (banner: BannerAd) => banner.ctr),
      ]}
      formSchema={bannerFormSchema}
      formValues={(banner) => ({
        title: banner?.title ?? "",
        content: banner?.content ?? "",
        imageUrl: banner?.imageUrl ?? "",
        targetUrl: banner?.targetUrl ?? "",
        placement: banner?.placement ?? "header",
        isActive: banner?.isActive ?? false,
        priority: String(banner?.priority ?? 1),
        startDate: banner?.startDate ?? "",
        endDate: banner?.endDate ?? "",
      })}
      rowActions={(banner) => <PreviewLink type="banner" id={banner.id} name={banner.title} />}
      fields={({ register, control, formState: { errors } }) => (
        <>
          <TextField label="Title" registration={register("title")} error={errors.title} />
          <TextareaField label="Content" registration={register("content")} error={errors.content} />
          <TextField label="Image URL" registration={register("imageUrl")} error={errors.imageUrl} />
          <TextField label="Target URL" registration={register("targetUrl")} error={errors.targetUrl} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Placement" options={BANNER_PLACEMENTS} optionLabel={labelOf} control={control} name="placement" />
            <TextField label="Priority" inputMode="numeric" registration={register("priority")} error={errors.priority} />
            <TextField label="Start date" type="date" registration={register("startDate")} error={errors.startDate} />
            <TextField label="End date" type="date" registration={register("endDate")} error={errors.endDate} />
          </div>
          <SwitchField label="Active" control={control} name="isActive" />
        </>
      )}
    />
  );
}
