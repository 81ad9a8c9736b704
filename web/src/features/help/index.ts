// The help feature's public face: the help articles as the Help dialog and the bulk validation FAQ show them.
export { useHelpArticles } from "./api/get-help-articles";
export { HelpArticleBody, HelpArticles, useLinkedSlug } from "./components/help-articles";
