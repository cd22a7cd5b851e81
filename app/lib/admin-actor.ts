import type { StaffRole } from "./permissions";

// The admin a model write is made for. The type sits in lib so the models, the audit log and the
// uploads can require it without importing auth; requireAdmin (app/auth/session.server.ts) makes it.

declare const adminActorBrand: unique symbol;

/**
 * A signed-in admin, as admin model functions require it (their first argument). Only
 * requireAdmin makes one, so a write cannot be called with a hand-built user: the type is the
 * reminder and requireAdmin is the check.
 */
export type AdminActor = {
  readonly [adminActorBrand]: true;
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly isSuperAdmin: boolean;
  /** Super admin, admin or agent (app/lib/permissions.ts): an agent's reach is their own rows. */
  readonly role: StaffRole;
  /** The client's address, recorded in the audit log. */
  readonly clientAddress: string;
};
