// Saved contacts and contact lists, each user's own, read and changed as that user (RLS decides). The api and other
// features reach contacts through this file only.
export { createContact, deleteContact, listContacts, updateContact } from "./contacts.ts";
export { importContacts } from "./import.ts";
export {
  createContactList,
  deleteContactList,
  listContactLists,
  readDefaultContactList,
  updateContactList,
} from "./lists.ts";
export { refusedInput } from "./database-errors.ts";
export {
  type Contact,
  type ContactList,
  contactListSchema,
  CONTACTS_TOTAL_HEADER,
  contactSchema,
  contactsQuerySchema,
  type CreatedContact,
  createdContactSchema,
  createContactListRequestSchema,
  createContactRequestSchema,
  importContactsRequestSchema,
  importContactsResponseSchema,
  updateContactListRequestSchema,
  updateContactRequestSchema,
} from "./contract.ts";
