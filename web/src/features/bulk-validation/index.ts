// The bulk validation feature's public face.
export { BulkValidationPage } from "./components/bulk-validation-page";
export { BulkProgressListener } from "./live/bulk-progress-listener";
export { BULK_TABS, type BulkTab } from "./tabs";
