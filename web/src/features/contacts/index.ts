// The contacts feature's public face.
export { ContactsPage } from "./components/contacts-page";
export type { ContactsView } from "./contacts-view";
export { prefetchContactsPage } from "./api/prefetch-contacts-page";
export { SaveContactButton, type SaveContactCandidate } from "./components/save-contact-dialog";
export { ImportContactsDialog } from "./components/import-contacts-dialog";
export { ExportContactsButton } from "./components/export-contacts-button";
export { neutraliseCell } from "./csv/formula-cells";
