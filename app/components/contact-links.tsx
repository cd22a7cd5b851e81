import { MapPin, Phone } from "~/components/icons";
import { WhatsAppIcon } from "~/components/social-icons";
import { mapSearchUrl } from "~/lib/map-link";
import { normalizePhone } from "~/lib/phone";
import { telHref } from "~/lib/site";
import { staffChatMessage, whatsappChatUrl } from "~/lib/whatsapp";

// Tap to reach (issue 47, item 4): every phone number staff see is a call link with a WhatsApp
// link beside it (the person's first name and the listing's code already typed), and every
// address a map search. Plain links: they work without JavaScript, load nothing from WhatsApp or
// the map until tapped, and on a phone each is at least 44 px tall, as a thumb needs.

const TAP = "inline-flex min-h-11 items-center gap-1.5 rounded-md sm:min-h-0";

export function PhoneLinks({
  phone,
  name,
  listingCode,
}: {
  /** As the person typed it. */
  phone: string;
  /** Who it is, for the WhatsApp greeting. */
  name?: string | null;
  /** The listing the conversation is about (its reference code), if any. */
  listingCode?: string | null;
}) {
  const e164 = normalizePhone(phone);
  const chat = whatsappChatUrl(phone, staffChatMessage(name, listingCode));
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      <a
        href={e164 ? `tel:${e164}` : telHref(phone)}
        className={`${TAP} font-medium text-brand-700 hover:underline`}
      >
        <Phone className="size-4 shrink-0" aria-hidden />
        <span className="min-w-0 break-words">{phone}</span>
      </a>
      {chat ? (
        <a
          href={chat}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`WhatsApp ${phone}`}
          className={`${TAP} px-1 font-medium text-emerald-800 hover:underline`}
        >
          <WhatsAppIcon className="size-4 shrink-0" />
          WhatsApp
        </a>
      ) : null}
    </span>
  );
}

export function MapLink({ address }: { address: string }) {
  return (
    <a
      href={mapSearchUrl(address)}
      target="_blank"
      rel="noopener noreferrer"
      className={`${TAP} text-brand-700 hover:underline`}
    >
      <MapPin className="size-4 shrink-0" aria-hidden />
      <span>{address}</span>
      <span className="sr-only"> (map)</span>
    </a>
  );
}
