// A campaign email's content: the admin's HTML made safe to send and preview, and its plain-text part.
export { sanitizeCampaignHtml } from "./sanitize.ts";
export { campaignText } from "./text.ts";
