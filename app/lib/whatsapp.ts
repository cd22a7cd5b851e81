import { isPhoneNumber } from "~/lib/phone";
import { COMPANY_NAME } from "~/lib/site";

// WhatsApp click-to-chat links (https://wa.me/...): plain links, no script or widget from
// WhatsApp, so nothing loads from a third party and they work without JavaScript. On a phone
// they open the WhatsApp app; on a computer, WhatsApp Web.

/** Nigeria's country code: a local number typed as 0803 123 4567 is +234 803 123 4567. */
const NIGERIA_CODE = "234";

/**
 * The number as wa.me wants it: the country code and number in digits, no +, no leading 0
 * ("+234 803 123 4567" and "0803 123 4567" both give "2348031234567"). Undefined when it is
 * not a phone number or cannot be an international one (E.164: at most 15 digits).
 */
export function whatsappDigits(phone: string): string | undefined {
  const trimmed = phone.trim();
  if (!isPhoneNumber(trimmed)) return undefined;
  let digits = trimmed.replace(/\D/g, "");
  if (!trimmed.startsWith("+")) {
    if (digits.startsWith("00")) digits = digits.slice(2);
    else if (/^0[789]\d{9}$/.test(digits)) digits = `${NIGERIA_CODE}${digits.slice(1)}`;
    // A Nigerian mobile typed without its 0 ("803 123 4567"), as callers often give it.
    else if (/^[789][01]\d{8}$/.test(digits)) digits = `${NIGERIA_CODE}${digits}`;
  }
  if (digits.startsWith("0") || digits.length < 8 || digits.length > 15) return undefined;
  return digits;
}

/** A chat with `phone`, the message box filled with `text`; undefined for an unusable number. */
export function whatsappChatUrl(phone: string, text?: string): string | undefined {
  const digits = whatsappDigits(phone);
  if (!digits) return undefined;
  return text
    ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}`
    : `https://wa.me/${digits}`;
}

/** Shares `text` with a contact the visitor picks in WhatsApp. */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** A listing as a message names it: its title, reference code (issue 45) and address on the site. */
export type ListingRef = { title: string; code: string; url: string };

/** "3-bed flat" (ref. NH-LAG-0421): a code the office can look up and a stranger cannot fake. */
function named(listing: ListingRef): string {
  return `"${listing.title}" (ref. ${listing.code})`;
}

/** What a visitor sends the company about a listing: its title, code and address on the site. */
export function listingChatMessage(listing: ListingRef): string {
  return `Hello ${COMPANY_NAME}, I am interested in ${named(listing)}: ${listing.url}`;
}

/** A visitor's first message to the listing's own agent, naming the listing (issue 21). */
export function agentChatMessage(agentName: string, listing: ListingRef): string {
  const first = agentName.trim().split(/\s+/)[0] || agentName;
  return `Hello ${first}, I am interested in ${named(listing)} on ${COMPANY_NAME}: ${listing.url}`;
}

/** What a visitor shares with a friend about a listing. */
export function listingShareMessage(listing: ListingRef, price: string): string {
  return `${listing.title} (${price}, ref. ${listing.code}) on ${COMPANY_NAME}: ${listing.url}`;
}

/** The contact page's opening line. */
export const GENERAL_CHAT_MESSAGE = `Hello ${COMPANY_NAME}, I have a question about a property.`;
