// The contacts feature's public face.
export { type ContactsView, ContactsPage } from "./components/contacts-page";
export { SaveContactButton, type SaveContactCandidate } from "./components/save-contact-dialog";
export { ImportContactsDialog } from "./components/import-contacts-dialog";
export { ExportContactsButton } from "./components/export-contacts-button";
