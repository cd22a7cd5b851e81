// Where each kind of admin search result leads. The screens for properties, users and
// inquiries arrive with later issues; their list routes take `q`, so each result opens its list
// filtered to it until a detail page exists.

export const MIN_ADMIN_SEARCH_LENGTH = 2;

export type AdminSearchKind = "properties" | "appointments" | "inquiries" | "users";

export const ADMIN_SEARCH_SECTIONS: readonly { kind: AdminSearchKind; title: string }[] = [
  { kind: "properties", title: "Properties" },
  { kind: "appointments", title: "Appointments" },
  { kind: "inquiries", title: "Inquiries" },
  { kind: "users", title: "Users" },
];

export function adminSearchHref(kind: AdminSearchKind, hit: { id: string; email?: string }) {
  switch (kind) {
    case "properties":
      return `/property/${hit.id}`;
    case "appointments":
      return `/admin/appointments?q=${encodeURIComponent(hit.email ?? "")}`;
    case "inquiries":
      return `/admin/complaints?q=${encodeURIComponent(hit.email ?? "")}`;
    case "users":
      return `/admin/users?q=${encodeURIComponent(hit.email ?? "")}`;
  }
}
