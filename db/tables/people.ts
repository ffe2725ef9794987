// People: accounts, roles, verification and reset tokens, and the staff audit log.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt, belongsTo } from "./columns";

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    fullName: text("full_name"),
    displayName: text("display_name"),
    avatarUrl: text("avatar_url"),
    userType: text("user_type", { enum: ["individual", "store", "vendor"] })
      .notNull()
      .default("individual"),
    passwordHash: text("password_hash").notNull(),
    passwordSalt: text("password_salt").notNull(),
    emailVerifiedAt: integer("email_verified_at"),
    /** When they accepted the seller terms (Start selling, issue 27 item 7). */
    sellerTermsAcceptedAt: integer("seller_terms_accepted_at"),
    deactivatedAt: integer("deactivated_at"),
    /**
     * When one of their sessions last ended (migration 0082; decision 0143): a session's record
     * remembered in an isolate from before it is read from KV again.
     */
    sessionsEndedAt: integer("sessions_ended_at"),
    /**
     * Where a seller's items come back to (a ShippingAddress, app/domain/checkout.ts): required before
     * their first rental listing is approved. Stores use their store's address (issue 22).
     */
    returnAddress: text("return_address", { mode: "json" }).$type<Record<string, string | undefined>>(),
    /** The display currency they chose (issue 45; decision 0084); null: by the country they are in. Migration 0065. */
    displayCurrency: text("display_currency"),
    /** A seller's turnaround: days a returned rental is 'Being prepared' (migration 0061); null for the default. */
    turnaroundDays: integer("turnaround_days"),
    /** Where a seller ships (migration 0067, app/domain/shipping-zones.ts): 'uk', 'europe' or 'worldwide', and each zone's fee in pence. */
    shipReach: text("ship_reach", { enum: ["uk", "europe", "worldwide"] })
      .notNull()
      .default("uk"),
    shipFeeEurope: integer("ship_fee_europe"),
    shipFeeWorld: integer("ship_fee_world"),
    /** The account's time zone, an IANA name (migration 0068, app/domain/dates.ts); null reads as the UK's. */
    timeZone: text("time_zone"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_display_name_unique").on(sql`lower(${t.displayName})`),
    // The listings' 'Ships to' filter reads the handlers who ship abroad (migration 0074).
    index("users_ships_abroad_idx")
      .on(t.shipReach, t.id)
      .where(sql`ship_reach <> 'uk'`),
  ],
);

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "team_member", "individual", "store"] }).notNull(),
    adminSubrole: text("admin_subrole", {
      enum: ["superadmin", "admin", "product_reviewer", "customer_support"],
    }),
    sellerRole: text("seller_role", { enum: ["vendor", "store"] }),
    assignedBy: text("assigned_by").references(() => users.id, { onDelete: "set null" }),
    assignedAt: integer("assigned_at").notNull(),
  },
  (t) => [index("user_roles_role_idx").on(t.role, t.adminSubrole)],
);

export const userVerifications = sqliteTable("user_verifications", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  isVerified: integer("is_verified", { mode: "boolean" }).notNull().default(false),
  verifiedAt: integer("verified_at"),
});

/** Single-use e-mail verification and password-reset tokens; only a hash of the token is kept. */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: belongsTo("user_id", () => users.id),
    purpose: text("purpose", { enum: ["verify_email", "reset_password", "set_password", "change_email"] }).notNull(),
    /** What the token carries besides its user: the new address of an e-mail change. */
    payload: text("payload"),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("auth_tokens_user_idx").on(t.userId, t.purpose)],
);

/** Who changed what among staff-managed records (roles, deactivation, approvals, content), and when. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    detail: text("detail", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt),
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_actor_idx").on(t.actorId),
  ],
);
