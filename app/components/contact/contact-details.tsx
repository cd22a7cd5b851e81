import type { ReactNode } from "react";
import { Clock, ExternalLink, Mail, MapPin, Phone, Share2 } from "~/components/icons";
import { SocialLinkList, WhatsAppIcon } from "~/components/social-icons";
import { WhatsAppLink } from "~/components/whatsapp-link";
import { OFFICE_LOCATION, type SocialLinks, telHref } from "~/lib/site";
import { GENERAL_CHAT_MESSAGE, whatsappChatUrl } from "~/lib/whatsapp";

// The information column of /contact and the office map.

type Contact = {
  address: string;
  phones: string[];
  email: string;
  emails?: string[];
  hours: string[];
  whatsapp?: string | null;
};

export function ContactDetails({ contact, social }: { contact: Contact; social: SocialLinks }) {
  const chat = contact.whatsapp
    ? whatsappChatUrl(contact.whatsapp, GENERAL_CHAT_MESSAGE)
    : undefined;
  const emails = contact.emails?.length ? contact.emails : [contact.email];
  return (
    <ul className="space-y-6">
      <Detail icon={<MapPin className="size-5" aria-hidden />} title="Our Location">
        <address className="whitespace-pre-line not-italic">{contact.address}</address>
      </Detail>
      <Detail icon={<Phone className="size-5" aria-hidden />} title="Phone">
        {contact.phones.map((phone) => (
          <p key={phone}>
            <a href={telHref(phone)} className="hover:text-brand-700">
              {phone}
            </a>
          </p>
        ))}
      </Detail>
      <Detail icon={<Mail className="size-5" aria-hidden />} title="Email">
        {emails.map((email) => (
          <p key={email}>
            <a href={`mailto:${email}`} className="break-all hover:text-brand-700">
              {email}
            </a>
          </p>
        ))}
      </Detail>
      {chat && contact.whatsapp ? (
        <Detail icon={<WhatsAppIcon className="size-5" />} title="WhatsApp">
          <p>{contact.whatsapp}</p>
          <WhatsAppLink href={chat} size="sm" className="mt-2">
            Chat on WhatsApp
          </WhatsAppLink>
        </Detail>
      ) : null}
      <Detail icon={<Clock className="size-5" aria-hidden />} title="Business Hours">
        {contact.hours.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </Detail>
      <Detail icon={<Share2 className="size-5" aria-hidden />} title="Follow Us">
        <SocialLinkList
          social={social}
          className="mt-1 flex flex-wrap gap-3"
          linkClassName="size-10 bg-brand-50 text-brand-700 hover:bg-brand-100"
          iconClassName="size-5"
        />
      </Detail>
    </ul>
  );
}

function Detail({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white">
        {icon}
      </span>
      <div className="min-w-0 text-slate-700">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 space-y-0.5">{children}</div>
      </div>
    </li>
  );
}

const MAP_SPAN = { latitude: 0.004, longitude: 0.007 };

export function officeMapUrls({ latitude, longitude } = OFFICE_LOCATION) {
  const bbox = [
    longitude - MAP_SPAN.longitude,
    latitude - MAP_SPAN.latitude,
    longitude + MAP_SPAN.longitude,
    latitude + MAP_SPAN.latitude,
  ]
    .map((n) => n.toFixed(4))
    .join(",");
  return {
    embed: `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude},${longitude}`,
    open: `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`,
  };
}

/**
 * The office on an OpenStreetMap embed (no API key). The frame loads lazily; the address and
 * the link under it stay whatever happens to the frame (blocked, offline, slow).
 */
export function OfficeMap({ address }: { address: string }) {
  const urls = officeMapUrls();
  return (
    <figure className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="relative aspect-[4/3] bg-slate-100 sm:aspect-[16/7]">
        {/* Shown until (and unless) the map paints over it. */}
        <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-500">
          Map of {address}
        </p>
        <iframe
          title={`Map showing our office: ${address}`}
          src={urls.embed}
          loading="lazy"
          className="absolute inset-0 size-full border-0"
        />
      </div>
      <figcaption className="flex flex-col gap-2 p-4 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
        <span className="flex gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
          {address}
        </span>
        <a
          href={urls.open}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
        >
          Open in OpenStreetMap
          <ExternalLink className="size-4" aria-hidden />
        </a>
      </figcaption>
    </figure>
  );
}
