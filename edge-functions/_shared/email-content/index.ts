// A campaign email's content: its HTML made safe to send and preview, and the plain text beside it. Other folders
// reach it through this file only.
export { sanitizeCampaignHtml } from "./sanitize.ts";
export { campaignText } from "./text.ts";
