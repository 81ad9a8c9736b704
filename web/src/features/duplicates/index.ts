// The duplicates feature's public face: the /admin/duplicates screen.
export { DuplicatesPage } from "./components/duplicates-page";
