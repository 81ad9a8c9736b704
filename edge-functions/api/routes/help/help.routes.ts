// /api/help: the product's help texts, for anyone (the SPA shows them before a visitor has an account).
import { Hono } from "hono";
import * as handlers from "./help.handlers.ts";

export const helpRoutes = new Hono().get("/help/articles", handlers.articles);
