import { z } from "zod";
import { isPhoneNumber } from "~/lib/phone";
import type { SocialPlatformKey } from "~/lib/site";
import { whatsappDigits } from "~/lib/whatsapp";
import { FIELD_MESSAGES, optionalText, requiredText, trimmedText } from "./fields";

// The content staff edit: social links (/admin/social-media), contact details
// (/admin/contact-info) and the home page's texts (/website-editor). The spec's words
// (dashboard-and-admin §5, §8) and the schemas the actions parse with, for both sides.

// ---------------------------------------------------------------------------------------------
// Social links: one record with a column per platform; a "link" is one platform's URL.

export const SOCIAL_PLATFORMS = [
  { value: "facebook", label: "Facebook" },
  { value: "instagram", label: "Instagram" },
  { value: "twitter", label: "Twitter" },
  { value: "linkedin", label: "LinkedIn" },
  { value: "tiktok", label: "TikTok" },
  { value: "youtube", label: "YouTube" },
  { value: "whatsappChannel", label: "WhatsApp Channel" },
  { value: "website", label: "Website" },
] as const satisfies readonly { value: SocialPlatformKey; label: string }[];

export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number]["value"];

export function isSocialPlatform(value: unknown): value is SocialPlatform {
  return SOCIAL_PLATFORMS.some((p) => p.value === value);
}

export function socialPlatformLabel(platform: SocialPlatform) {
  return SOCIAL_PLATFORMS.find((p) => p.value === platform)?.label ?? platform;
}

export const SOCIAL_URL_MAX = 500;

export const SOCIAL_MESSAGES = {
  missing: { title: "Validation Error", message: "Please enter both platform and URL" },
  badUrl: "Please enter a web address starting with http:// or https://",
  unknownPlatform: "Please choose one of the listed platforms",
  taken: "This platform already has a link: edit it instead",
  loadFailed: "Failed to load social media links",
  addFailed: "Failed to add social media link",
  updateFailed: "Failed to update social media link",
  deleteFailed: "Failed to delete social media link",
  added: "Social media link added successfully",
  updated: "Social media link updated successfully",
  deleted: "Social media link deleted successfully",
} as const;

/** Only http(s) addresses are ever stored or linked: never javascript:, data: or the like. */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

function webUrl() {
  return trimmedText().pipe(
    z
      .string()
      .min(1, SOCIAL_MESSAGES.missing.message)
      .max(SOCIAL_URL_MAX, `Please keep the address under ${SOCIAL_URL_MAX} characters`)
      .refine(isWebUrl, SOCIAL_MESSAGES.badUrl),
  );
}

/** Add: a platform (one of SOCIAL_PLATFORMS) and its URL, both required. */
export function socialLinkSchema() {
  return z.object({
    platform: trimmedText().pipe(
      z
        .string()
        .min(1, SOCIAL_MESSAGES.missing.message)
        .refine(isSocialPlatform, SOCIAL_MESSAGES.unknownPlatform)
        .transform((value) => value as SocialPlatform),
    ),
    url: webUrl(),
  });
}

/** Edit: the URL only (the platform is the record's column and cannot change). */
export function socialLinkUrlSchema() {
  return z.object({ url: webUrl() });
}

// ---------------------------------------------------------------------------------------------
// Contact information: labelled items of five types.

export const CONTACT_TYPES = [
  { value: "address", label: "Address", plural: "Address" },
  { value: "phone", label: "Phone", plural: "Phone numbers" },
  { value: "email", label: "Email", plural: "E-mail addresses" },
  { value: "hours", label: "Business hours", plural: "Business hours" },
  { value: "whatsapp", label: "WhatsApp", plural: "WhatsApp" },
] as const;

export type ContactType = (typeof CONTACT_TYPES)[number]["value"];

export function isContactType(value: unknown): value is ContactType {
  return CONTACT_TYPES.some((t) => t.value === value);
}

export function contactTypeLabel(type: ContactType) {
  return CONTACT_TYPES.find((t) => t.value === type)?.label ?? type;
}

/** Types the site cannot do without: their last item can be edited, not deleted. */
export const REQUIRED_CONTACT_TYPES: readonly ContactType[] = [
  "address",
  "phone",
  "email",
  "hours",
];

/** Types the site shows one of: a second cannot be added. */
export const SINGLE_CONTACT_TYPES: readonly ContactType[] = ["address", "whatsapp"];

export const CONTACT_LIMITS = { label: 60, value: 300 } as const;

export const CONTACT_MESSAGES = {
  missing: "Please enter both a label and a value",
  email: FIELD_MESSAGES.email,
  phone: FIELD_MESSAGES.phone,
  whatsapp: "Please enter the WhatsApp number with its country code, e.g. +234 803 123 4567",
  unknownType: "Please choose a type",
  labelTaken: "Another item already uses this label",
  single: "There can be only one of these: edit it instead",
  lastOfType: "The site needs at least one of these: edit it instead of deleting it",
  loadFailed: "Failed to load contact information",
  failed: { title: "Error", message: "Failed to update contact information" },
  updated: "contact information updated",
  confirmDelete: "Delete this contact item?",
} as const;

/** The value's rule for its type (e-mail, phone and WhatsApp numbers are checked). */
function contactValueValid(type: ContactType, value: string): string | undefined {
  if (type === "email" && !z.email().safeParse(value).success) return CONTACT_MESSAGES.email;
  if (type === "phone" && !isPhoneNumber(value)) return CONTACT_MESSAGES.phone;
  if (type === "whatsapp" && !whatsappDigits(value)) return CONTACT_MESSAGES.whatsapp;
  return undefined;
}

/** An item: its type (fixed once created), a label and a value, all required. */
export function contactItemSchema() {
  return z
    .object({
      type: trimmedText().pipe(
        z
          .string()
          .refine(isContactType, CONTACT_MESSAGES.unknownType)
          .transform((value) => value as ContactType),
      ),
      label: requiredText(CONTACT_MESSAGES.missing, { max: CONTACT_LIMITS.label }),
      // Line breaks are kept (a multi-line address); other control characters are not.
      value: trimmedText()
        .transform((value) => plainText(value, true))
        .pipe(z.string().min(1, CONTACT_MESSAGES.missing).max(CONTACT_LIMITS.value)),
    })
    .superRefine((item, ctx) => {
      const message = contactValueValid(item.type, item.value);
      if (message) ctx.addIssue({ code: "custom", path: ["value"], message });
    });
}

export type ContactItemInput = z.infer<ReturnType<typeof contactItemSchema>>;

// ---------------------------------------------------------------------------------------------
// The home page's texts (website_content, section 'home').

export const HOME_SECTIONS = [
  { id: "hero", label: "Hero" },
  { id: "about", label: "About" },
  { id: "services", label: "Services" },
  { id: "contact", label: "Contact" },
] as const;

export type HomeSection = (typeof HOME_SECTIONS)[number]["id"];

export function isHomeSection(value: unknown): value is HomeSection {
  return HOME_SECTIONS.some((s) => s.id === value);
}

export const HOME_TEXT_LIMITS = { title: 120, subtitle: 200, description: 1500 } as const;

export const EDITOR_MESSAGES = {
  loadFailed: "Failed to load website content",
  updated: "Content updated successfully",
  updateFailed: "Failed to update content",
  titleMissing: "Please enter a title",
  imageUploaded: "Image uploaded successfully",
  uploadFailed: "Failed to upload image",
  imageRemoved: "Image removed",
  imageMoved: "Image moved",
  tooManyImages: "At most 8 background images: remove one first",
  confirmRemove: "Remove this background image?",
  removeFailed: "Failed to remove image",
  lastImage:
    "The home page needs at least one background picture: upload another before removing this one.",
} as const;

export const MAX_HERO_IMAGES = 8;

/** Line breaks as \n; other control characters (and, unless kept, line breaks) as spaces. */
function plainText(value: string, keepLineBreaks: boolean) {
  const normalised = value.replace(/\r\n?/g, "\n");
  return keepLineBreaks
    ? normalised.replace(/[^\P{Cc}\n]/gu, " ")
    : normalised.replace(/\p{Cc}/gu, " ");
}

/** A section's title (required), subtitle and description; kept as plain text. */
export function homeSectionSchema() {
  return z.object({
    title: requiredText(EDITOR_MESSAGES.titleMissing, { max: HOME_TEXT_LIMITS.title }).transform(
      (value) => plainText(value, false),
    ),
    subtitle: optionalText(HOME_TEXT_LIMITS.subtitle).transform((value) => plainText(value, false)),
    description: optionalText(HOME_TEXT_LIMITS.description).transform((value) =>
      plainText(value, true),
    ),
  });
}

export type HomeSectionInput = z.infer<ReturnType<typeof homeSectionSchema>>;
