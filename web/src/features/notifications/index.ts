// The notifications feature's public face: the header's bell, the unsubscribe page an email links to, and My
// Account's marketing emails switch.
export { MarketingEmailsSwitch } from "./components/marketing-emails-switch";
export { NotificationBell } from "./components/notification-bell";
export { UnsubscribePage } from "./components/unsubscribe-page";
