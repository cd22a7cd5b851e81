// The admin header's search (and its Ctrl/Cmd+K palette): what it looks for, and where each
// result leads: always the record's own admin screen (the edit form of a listing or a user,
// the details of a booking or an inquiry), never the public site.

export const MIN_ADMIN_SEARCH_LENGTH = 2;

export type AdminSearchKind = "properties" | "appointments" | "inquiries" | "users";

export const ADMIN_SEARCH_SECTIONS: readonly { kind: AdminSearchKind; title: string }[] = [
  { kind: "properties", title: "Properties" },
  { kind: "appointments", title: "Appointments" },
  { kind: "inquiries", title: "Inquiries" },
  { kind: "users", title: "Users" },
];

/** The admin screen of a search result. */
export function adminSearchHref(kind: AdminSearchKind, hit: { id: string }) {
  const id = encodeURIComponent(hit.id);
  switch (kind) {
    case "properties":
      return `/admin/properties/${id}`;
    case "appointments":
      return `/admin/appointments/${id}`;
    case "inquiries":
      return `/admin/complaints/${id}`;
    case "users":
      return `/admin/users/${id}`;
  }
}
