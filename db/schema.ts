// The whole relational model of both specifications, one file per area in db/tables/. Money is
// integer pence; time is epoch milliseconds; lists (tags, images) are JSON text; ids are text so
// URLs never expose counts. Migrations (migrations/) are the source of truth for the database;
// these are drizzle's typed view of it.
export * from "./tables/catalog";
export * from "./tables/claims";
export * from "./tables/content";
export * from "./tables/messages";
export * from "./tables/money";
export * from "./tables/notices";
export * from "./tables/offers";
export * from "./tables/orders";
export * from "./tables/people";
export * from "./tables/rates";
export * from "./tables/stores";
export * from "./tables/shipping";
