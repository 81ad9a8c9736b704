import "./lib/zod-csp";
import { createQueryClient } from "./app/query-client";
import { createAppRouter } from "./app/router";
import { mountApp } from "./app/mount";
import "./styles.css";

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

void mountApp(root, { queryClient, router });
