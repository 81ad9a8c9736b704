// The share feature's public face.
export { ShareToolCard } from "./components/share-tool-card";
