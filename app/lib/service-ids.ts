// The service pages (/services/{id}). Unknown ids redirect to the first (DESIGN.md).
export const SERVICE_IDS = [
  "property-sales",
  "property-rentals",
  "property-management",
  "real-estate-consultancy",
  "infrastructure-development",
  "project-management",
] as const;

export type ServiceId = (typeof SERVICE_IDS)[number];

export const DEFAULT_SERVICE_ID: ServiceId = "property-sales";

export function isServiceId(value: string | undefined): value is ServiceId {
  return (SERVICE_IDS as readonly string[]).includes(value ?? "");
}
