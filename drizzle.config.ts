import { defineConfig } from "drizzle-kit";

export default defineConfig({ dialect: "sqlite", schema: "./db/tables/*.ts", out: "./migrations" });
