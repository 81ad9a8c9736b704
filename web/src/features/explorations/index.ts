// The exploration feature's public face.
export { useScrapeDomain } from "./api/scrape-domain";
export { EmailCard } from "./components/email-card";
export { type ExplorationState, ExplorationPanel } from "./components/exploration-panel";
export { ScraperForm } from "./components/scraper-form";
export { type ExplorationSource, explorationFailureToast } from "./failure-toasts";
